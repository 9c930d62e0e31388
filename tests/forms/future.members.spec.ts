/**
 * /future on the members build: the three forms post to the forms function, which stores them
 * in the local database (scripts/e2e.mjs) with the service role. With JavaScript, each form's
 * spec states (Joining..., Submitting Idea..., the 3-second thank-you, errors cleared by
 * editing, closing blocked while submitting) for each answer: stored, a duplicate early-access
 * email (409), a database failure, a network failure. With JavaScript off, each form posts,
 * the function answers 303 back to /future and the page shows the outcome with CSS alone. The
 * browser never loads a database SDK here and never talks to the database.
 *
 * Each test comes from its own address (x-forwarded-for, which the local Netlify emulation turns
 * into the client address) and uses its own emails, so the function's limits and the double's
 * rows of one test never touch another's.
 */
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/page-errors';
import { doubles, TEST_SERVICE_ROLE_KEY } from '../support/members-commerce';
import { MIN_FILL_MS } from '../../src/features/forms/submission';

interface Recorded {
  method: string;
  table: string;
  body: Record<string, unknown>;
  apikey: string | null;
}

async function recorded(page: Page, table: string, email: string): Promise<Recorded[]> {
  const all = (await (await page.request.get(`${doubles().postgrest}/__requests`)).json()) as Recorded[];
  return all.filter((r) => r.method === 'POST' && r.table === table && r.body?.email === email);
}

async function failFor(page: Page, table: string, email: string): Promise<void> {
  await page.request.post(`${doubles().postgrest}/__fail`, { data: { table, method: 'POST', status: 500, code: 'XX000', email } });
}

async function hydrated(page: Page, name: string): Promise<void> {
  await expect(page.locator(`astro-island[component-url*="/${name}."]`)).not.toHaveAttribute('ssr');
}

/**
 * A person takes more than a second between opening /future and sending a form; the forms
 * function refuses a post sent sooner (MIN_FILL_MS, measured by the page's own clock). Wait on
 * that clock rather than on the machine's speed, so a fast runner does not post "too fast".
 */
async function asAPersonWould(page: Page): Promise<void> {
  await page.waitForFunction((ms) => performance.now() > ms, MIN_FILL_MS + 200);
}

/** A distinct address and email stem for the test. */
function identity(info: TestInfo): { ip: string; tag: string } {
  let hash = 0;
  for (const c of `${info.titlePath.join('/')}#${info.retry}`) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return { ip: `10.${(hash >> 16) & 255}.${(hash >> 8) & 255}.${hash & 255}`, tag: `${hash.toString(36)}${info.retry}` };
}

interface FormCase {
  name: string;
  table: string;
  /** Opens the form, fills it (with untidy input) and submits it. */
  submit(page: Page, email: string): Promise<void>;
  body(email: string): Record<string, unknown>;
  thanks: RegExp;
  alert(page: Page): ReturnType<Page['locator']>;
  edit(page: Page): Promise<void>;
  afterThanks(page: Page): Promise<void>;
  failed: string;
  unexpected: string;
}

const FORMS: FormCase[] = [
  {
    name: 'early access',
    table: 'future_launch',
    async submit(page, email) {
      const field = page.getByLabel('Email address');
      await field.scrollIntoViewIfNeeded();
      await hydrated(page, 'EarlyAccessForm');
      await field.fill(`  ${email.toUpperCase()} `);
      await asAPersonWould(page);
      await page.getByRole('button', { name: 'Notify Me When Ready' }).click();
    },
    body: (email) => ({ email }),
    thanks: /You’re on the list/,
    alert: (page) => page.locator('#early-access-email-error'),
    edit: (page) => page.getByLabel('Email address').fill('ada@example.org'),
    async afterThanks(page) {
      await expect(page.getByLabel('Email address')).toHaveValue('');
      await expect(page.getByRole('button', { name: 'Notify Me When Ready' })).toBeEnabled();
    },
    failed: 'Something went wrong. Please try again.',
    unexpected: 'Something went wrong. Please try again.',
  },
  {
    name: 'idea',
    table: 'community_ideas',
    async submit(page, email) {
      await hydrated(page, 'IdeaModal');
      await page.getByRole('button', { name: 'Share Your Idea' }).click();
      const dialog = page.getByRole('dialog', { name: 'Share Your Idea' });
      await dialog.getByLabel('Name (optional)').fill('   ');
      await dialog.getByLabel('Email').fill(email.toUpperCase());
      await dialog.getByLabel('Your idea').fill('  Sunday gratitude circles, live  ');
      await asAPersonWould(page);
      await dialog.getByRole('button', { name: 'Submit Idea' }).click();
    },
    body: (email) => ({ name: null, email, idea_message: 'Sunday gratitude circles, live' }),
    thanks: /Thank you for sharing your idea/,
    alert: (page) => page.getByRole('dialog', { name: 'Share Your Idea' }).getByRole('alert'),
    edit: (page) => page.getByRole('dialog', { name: 'Share Your Idea' }).getByLabel('Name (optional)').fill('Ada'),
    async afterThanks(page) {
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.getByRole('button', { name: 'Share Your Idea' }).click();
      await expect(page.getByRole('dialog', { name: 'Share Your Idea' }).getByLabel('Your idea')).toHaveValue('');
    },
    failed: 'Failed to submit your idea. Please try again.',
    unexpected: 'An unexpected error occurred. Please try again.',
  },
  {
    name: 'partnership',
    table: 'partnership_requests',
    async submit(page, email) {
      await hydrated(page, 'PartnershipModal');
      await page.getByRole('button', { name: 'Become a Partner' }).click();
      const dialog = page.getByRole('dialog', { name: 'Partner With Us' });
      await dialog.getByLabel('Name').fill('  Pat Doe ');
      await dialog.getByLabel('Email').fill(email.toUpperCase());
      await dialog.getByLabel('Partnership type').selectOption({ label: 'Content Creator/Influencer' });
      await dialog.getByLabel('Your message').fill(' We host breathwork retreats in Lisbon. ');
      await asAPersonWould(page);
      await dialog.getByRole('button', { name: 'Submit Request' }).click();
    },
    body: (email) => ({ name: 'Pat Doe', email, message: 'We host breathwork retreats in Lisbon.', partnership_type: 'content_creator' }),
    thanks: /We’ll reply to your partnership request within 48 hours/,
    alert: (page) => page.getByRole('dialog', { name: 'Partner With Us' }).getByRole('alert'),
    async edit(page) {
      await page.getByRole('dialog', { name: 'Partner With Us' }).getByLabel('Partnership type').selectOption('brand');
    },
    async afterThanks(page) {
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.getByRole('button', { name: 'Become a Partner' }).click();
      const dialog = page.getByRole('dialog', { name: 'Partner With Us' });
      await expect(dialog.getByLabel('Name')).toHaveValue('');
      await expect(dialog.getByLabel('Partnership type')).toHaveValue('wellness_practitioner');
    },
    failed: 'Failed to submit your partnership request. Please try again.',
    unexpected: 'An unexpected error occurred. Please try again.',
  },
];

let email: string;
let ip: string;

test.beforeEach(async ({ page }, info) => {
  ({ ip } = identity(info));
  email = `${identity(info).tag}@example.com`;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  // Nothing leaves the machine, and the browser never calls the database for these forms.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  await page.goto('/future');
});

test.describe('with JavaScript', () => {
  for (const form of FORMS) {
    test(`${form.name}: stored by the function; thanks the visitor for 3 seconds, then the form returns`, async ({ page }) => {
      const outside: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith(new URL(page.url()).origin)) outside.push(r.url());
      });
      await form.submit(page, email);
      // The island's thank-you (the page also holds, hidden, the one a plain post would show).
      const thanks = page.getByText(form.thanks).and(page.locator(':not([data-outcome])'));
      await expect(thanks).toBeVisible({ timeout: 15_000 });
      const shownAt = Date.now();
      const stored = await recorded(page, form.table, email);
      expect(stored).toHaveLength(1);
      expect(stored[0]!.body).toEqual(form.body(email));
      expect(stored[0]!.apikey).toBe(TEST_SERVICE_ROLE_KEY);
      await expect(thanks).toBeHidden({ timeout: 6_000 });
      expect(Date.now() - shownAt).toBeGreaterThan(2_000);
      await form.afterThanks(page);
      expect(outside).toEqual([]);
    });

    test(`${form.name}: a database failure shows "${form.failed}", and editing clears it`, async ({ page, pageErrors }) => {
      pageErrors.provoked();
      await failFor(page, form.table, email);
      await form.submit(page, email);
      await expect(form.alert(page)).toHaveText(form.failed);
      expect(await recorded(page, form.table, email)).toHaveLength(1);
      await form.edit(page);
      await expect(form.alert(page)).toHaveText('');
    });

    test(`${form.name}: a network failure shows "${form.unexpected}"`, async ({ page, pageErrors }) => {
      pageErrors.provoked();
      await page.route('**/api/forms/**', (route) => route.abort('internetdisconnected'));
      await form.submit(page, email);
      await expect(form.alert(page)).toHaveText(form.unexpected);
      expect(await recorded(page, form.table, email)).toHaveLength(0);
    });
  }

  test('early access: an email already on the list (409) shows the spec’s message, and is stored once', async ({ page, pageErrors }) => {
    pageErrors.provoked();
    const first = await page.request.post('/api/forms/early-access', { data: { email, elapsed: 5000 }, headers: { 'x-forwarded-for': ip } });
    expect(first.status()).toBe(201);
    await FORMS[0]!.submit(page, email);
    await expect(page.locator('#early-access-email-error')).toHaveText('This email is already registered for updates');
    expect(await recorded(page, 'future_launch', email)).toHaveLength(2);
    await page.getByLabel('Email address').fill('someone@example.org');
    await expect(page.locator('#early-access-email-error')).toHaveText('');
  });

  test('no database SDK is downloaded, before or after a submit', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.url());
    });
    await page.reload();
    await FORMS[0]!.submit(page, email);
    await expect(page.getByRole('status').getByText(/You’re on the list/)).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of scripts) expect(await (await page.request.get(url)).text(), url).not.toMatch(/supabase-js|postgrest-js|PostgrestClient/);
  });

  test('while an idea is submitting, its inputs are disabled and the modal cannot be closed', async ({ page }) => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/forms/idea', async (route) => {
      await gate;
      await route.continue();
    });
    await FORMS[1]!.submit(page, email);
    const dialog = page.getByRole('dialog', { name: 'Share Your Idea' });
    await expect(dialog.getByRole('button', { name: 'Submitting Idea...' })).toBeDisabled();
    await expect(dialog.getByLabel('Email')).toBeDisabled();
    await expect(dialog.getByLabel('Your idea')).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    release();
    await expect(dialog.getByText(/Thank you for sharing your idea/)).toBeVisible();
  });

  test('while a partnership request is submitting, the button reads "Submitting Request..." and Escape is ignored', async ({ page, pageErrors }) => {
    pageErrors.provoked();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await failFor(page, 'partnership_requests', email);
    await page.route('**/api/forms/partnership', async (route) => {
      await gate;
      await route.continue();
    });
    await FORMS[2]!.submit(page, email);
    const dialog = page.getByRole('dialog', { name: 'Partner With Us' });
    await expect(dialog.getByRole('button', { name: 'Submitting Request...' })).toBeDisabled();
    await expect(dialog.getByLabel('Partnership type')).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    release();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to submit your partnership request. Please try again.');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('while joining, the early-access button reads "Joining..." and the email cannot change', async ({ page, pageErrors }) => {
    pageErrors.provoked();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.request.post('/api/forms/early-access', { data: { email, elapsed: 5000 }, headers: { 'x-forwarded-for': ip } });
    await page.route('**/api/forms/early-access', async (route) => {
      await gate;
      await route.continue();
    });
    await FORMS[0]!.submit(page, email);
    await expect(page.getByRole('button', { name: 'Joining...' })).toBeDisabled();
    await expect(page.getByLabel('Email address')).toBeDisabled();
    release();
    await expect(page.locator('#early-access-email-error')).toHaveText('This email is already registered for updates');
    // (an email field drops the spaces around its value itself)
    await expect(page.getByLabel('Email address')).toHaveValue(email.toUpperCase());
    // Focus is back on the button, so trying again is one keypress away.
    await expect(page.getByRole('button', { name: 'Notify Me When Ready' })).toBeFocused();
  });

  test('a submit before the island hydrated posts the real form, and the page shows the outcome', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_astro\/EarlyAccessForm\.[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    const field = page.getByLabel('Email address');
    await field.scrollIntoViewIfNeeded();
    await expect(page.locator('astro-island[component-url*="/EarlyAccessForm."]')).toHaveAttribute('ssr');
    const notify = page.getByRole('button', { name: 'Notify Me When Ready' });
    await expect(notify).toBeEnabled();
    await field.fill(email);
    await asAPersonWould(page);
    await notify.click();
    await expect(page).toHaveURL(/\/future\/#early-access-thanks$/);
    await expect(page.locator('#early-access-thanks')).toBeVisible();
    release();
    const stored = await recorded(page, 'future_launch', email);
    expect(stored).toHaveLength(1);
  });
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('early access: posts, comes back to /future and thanks the visitor; the same email again is a duplicate', async ({ page }) => {
    await page.getByLabel('Email address').fill(` ${email.toUpperCase()}`);
    await page.getByRole('button', { name: 'Notify Me When Ready' }).click();
    await expect(page).toHaveURL(/\/future\/#early-access-thanks$/);
    await expect(page.locator('#early-access-thanks')).toBeVisible();
    await expect(page.locator('#early-access-thanks')).toContainText('You’re on the list');
    expect((await recorded(page, 'future_launch', email)).map((r) => r.body)).toEqual([{ email }]);

    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Notify Me When Ready' }).click();
    await expect(page).toHaveURL(/#early-access-duplicate$/);
    await expect(page.locator('#early-access-duplicate')).toHaveText('This email is already registered for updates');
    await expect(page.locator('#early-access-thanks')).toBeHidden();
  });

  test('idea: the modal opens, posts, and the page thanks the visitor; a short idea gets the spec’s message', async ({ page }) => {
    await page.getByRole('button', { name: 'Share Your Idea' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Your Idea' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Your idea').fill('too short');
    await dialog.getByRole('button', { name: 'Submit Idea' }).click();
    await expect(page).toHaveURL(/#idea-idea-too-short$/);
    await expect(page.locator('#idea-idea-too-short')).toHaveText('Please provide more details about your idea (minimum 10 characters)');
    expect(await recorded(page, 'community_ideas', email)).toHaveLength(0);

    await page.getByRole('button', { name: 'Share Your Idea' }).click();
    await dialog.getByLabel('Name (optional)').fill('Ada');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Your idea').fill('Sunday gratitude circles, live');
    await dialog.getByRole('button', { name: 'Submit Idea' }).click();
    await expect(page).toHaveURL(/#idea-thanks$/);
    await expect(page.locator('#idea-thanks')).toContainText('Thank you for sharing your idea');
    expect((await recorded(page, 'community_ideas', email)).map((r) => r.body)).toEqual([{ name: 'Ada', email, idea_message: 'Sunday gratitude circles, live' }]);
  });

  test('partnership: posts with its type and the page thanks the visitor; a database failure shows the spec’s message', async ({ page }) => {
    await page.getByRole('button', { name: 'Become a Partner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Partner With Us' });
    await dialog.getByLabel('Name').fill('Pat Doe');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Partnership type').selectOption('brand');
    await dialog.getByLabel('Your message').fill('We host breathwork retreats in Lisbon.');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page).toHaveURL(/#partnership-thanks$/);
    await expect(page.locator('#partnership-thanks')).toContainText('within 48 hours');
    expect((await recorded(page, 'partnership_requests', email)).map((r) => r.body)).toEqual([
      { name: 'Pat Doe', email, message: 'We host breathwork retreats in Lisbon.', partnership_type: 'brand' },
    ]);

    await failFor(page, 'partnership_requests', email);
    await page.getByRole('button', { name: 'Become a Partner' }).click();
    await dialog.getByLabel('Name').fill('Pat Doe');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Your message').fill('We host breathwork retreats in Lisbon.');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page).toHaveURL(/#partnership-failed$/);
    await expect(page.locator('#partnership-failed')).toHaveText('Failed to submit your partnership request. Please try again.');
  });

  test('a bot that fills the honeypot is refused and nothing is stored', async ({ page }) => {
    await page.locator('#coming-soon input[name="website"]').fill('http://spam.example', { force: true });
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Notify Me When Ready' }).click();
    await expect(page).toHaveURL(/#early-access-failed$/);
    expect(await recorded(page, 'future_launch', email)).toHaveLength(0);
  });
});
