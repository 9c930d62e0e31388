/**
 * /future on the members build, where the site is configured with a database at
 * http://supabase.test: Playwright answers its REST endpoint itself. For each of the three
 * forms it checks the request (table, method, JSON body, apikey header) and what the visitor
 * sees for each answer: 201, 409 with code 23505, and 500. Also: the Supabase SDK downloads
 * only on the first submit, and a modal cannot close while it is submitting.
 */
import { expect, test, type Page, type Request, type Route } from '@playwright/test';

const REST = 'http://supabase.test/rest/v1/';
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'GET, POST, PATCH, DELETE, OPTIONS',
  'access-control-expose-headers': 'content-range',
};

type Answer = 201 | 409 | 500;
const BODIES: Record<Answer, string> = {
  201: '',
  409: JSON.stringify({
    code: '23505',
    details: 'Key (email)=(ada@example.com) already exists.',
    hint: null,
    message: 'duplicate key value violates unique constraint "future_launch_email_key"',
  }),
  500: JSON.stringify({ code: 'XX000', details: null, hint: null, message: 'internal error' }),
};

/**
 * Answers every request to the database with `status`, after `gate` resolves, and records the
 * requests (preflights aside).
 */
async function database(page: Page, status: Answer, gate: Promise<void> = Promise.resolve()): Promise<Request[]> {
  const seen: Request[] = [];
  await page.route('http://supabase.test/**', async (route: Route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
    seen.push(request);
    await gate;
    return route.fulfill({ status, headers: { ...CORS, 'content-type': 'application/json' }, body: BODIES[status] });
  });
  return seen;
}

async function hydrated(page: Page, name: string): Promise<void> {
  await expect(page.locator(`astro-island[component-url*="/${name}."]`)).not.toHaveAttribute('ssr');
}

interface FormCase {
  name: string;
  table: string;
  /** Opens the form, fills it (with untidy input) and submits it. */
  submit(page: Page): Promise<void>;
  body: Record<string, unknown>;
  thanks: RegExp;
  /** Where the form's messages appear. */
  alert(page: Page): ReturnType<Page['locator']>;
  /** Edits one field after a failed submission. */
  edit(page: Page): Promise<void>;
  /** The page once the thank-you has gone (the form is back, or the modal has closed). */
  afterThanks(page: Page): Promise<void>;
  errors: Record<409 | 500, string>;
}

const FORMS: FormCase[] = [
  {
    name: 'early access',
    table: 'future_launch',
    async submit(page) {
      const email = page.getByLabel('Email address');
      await email.scrollIntoViewIfNeeded();
      await hydrated(page, 'EarlyAccessForm');
      await email.fill('Ada@Example.COM');
      await page.getByRole('button', { name: 'Notify Me When Ready' }).click();
    },
    body: { email: 'ada@example.com' },
    thanks: /You’re on the list/,
    alert: (page) => page.locator('#early-access-email-error'),
    edit: (page) => page.getByLabel('Email address').fill('ada@example.org'),
    async afterThanks(page) {
      await expect(page.getByLabel('Email address')).toHaveValue('');
      await expect(page.getByRole('button', { name: 'Notify Me When Ready' })).toBeEnabled();
    },
    errors: { 409: 'This email is already registered for updates', 500: 'Something went wrong. Please try again.' },
  },
  {
    name: 'idea',
    table: 'community_ideas',
    async submit(page) {
      await hydrated(page, 'IdeaModal');
      await page.getByRole('button', { name: 'Share Your Idea' }).click();
      const dialog = page.getByRole('dialog', { name: 'Share Your Idea' });
      await dialog.getByLabel('Name (optional)').fill('   ');
      await dialog.getByLabel('Email').fill('Ada@Example.com');
      await dialog.getByLabel('Your idea').fill('  Sunday gratitude circles, live  ');
      await dialog.getByRole('button', { name: 'Submit Idea' }).click();
    },
    body: { name: null, email: 'ada@example.com', idea_message: 'Sunday gratitude circles, live' },
    thanks: /Thank you for sharing your idea/,
    alert: (page) => page.getByRole('dialog', { name: 'Share Your Idea' }).getByRole('alert'),
    edit: (page) => page.getByRole('dialog', { name: 'Share Your Idea' }).getByLabel('Name (optional)').fill('Ada'),
    async afterThanks(page) {
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.getByRole('button', { name: 'Share Your Idea' }).click();
      await expect(page.getByRole('dialog', { name: 'Share Your Idea' }).getByLabel('Your idea')).toHaveValue('');
    },
    errors: { 409: 'Failed to submit your idea. Please try again.', 500: 'Failed to submit your idea. Please try again.' },
  },
  {
    name: 'partnership',
    table: 'partnership_requests',
    async submit(page) {
      await hydrated(page, 'PartnershipModal');
      await page.getByRole('button', { name: 'Become a Partner' }).click();
      const dialog = page.getByRole('dialog', { name: 'Partner With Us' });
      await dialog.getByLabel('Name').fill('  Pat Doe ');
      await dialog.getByLabel('Email').fill('PAT@example.com');
      await dialog.getByLabel('Partnership type').selectOption({ label: 'Content Creator/Influencer' });
      await dialog.getByLabel('Your message').fill(' We host breathwork retreats in Lisbon. ');
      await dialog.getByRole('button', { name: 'Submit Request' }).click();
    },
    body: { name: 'Pat Doe', email: 'pat@example.com', message: 'We host breathwork retreats in Lisbon.', partnership_type: 'content_creator' },
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
    errors: {
      409: 'Failed to submit your partnership request. Please try again.',
      500: 'Failed to submit your partnership request. Please try again.',
    },
  },
];

function expectInsert(request: Request, table: string, body: Record<string, unknown>): void {
  expect(request.method()).toBe('POST');
  expect(request.url()).toBe(`${REST}${table}`);
  expect(request.headers()['apikey']).toBe('test-anon-key');
  expect(request.headers()['content-type']).toContain('application/json');
  expect(request.postDataJSON()).toEqual(body);
}

test.beforeEach(async ({ page }) => {
  // Nothing leaves the machine: anything not answered by the site, the Auth emulator or a
  // database() route below is aborted (routes added later take precedence).
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  await page.goto('/future');
});

for (const form of FORMS) {
  test(`${form.name}: 201 thanks the visitor for 3 seconds, then the form returns`, async ({ page }) => {
    const requests = await database(page, 201);
    await form.submit(page);
    const thanks = page.getByText(form.thanks);
    await expect(thanks).toBeVisible();
    expect(requests).toHaveLength(1);
    expectInsert(requests[0]!, form.table, form.body);
    const shownAt = Date.now();
    await expect(thanks).toBeHidden({ timeout: 6_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2_500);
    await form.afterThanks(page);
  });

  for (const status of [409, 500] as const) {
    test(`${form.name}: ${status} shows "${form.errors[status]}", and editing clears it`, async ({ page }) => {
      const requests = await database(page, status);
      await form.submit(page);
      await expect(form.alert(page)).toHaveText(form.errors[status]);
      expect(requests).toHaveLength(1);
      expectInsert(requests[0]!, form.table, form.body);
      await form.edit(page);
      await expect(form.alert(page)).toHaveText('');
    });
  }
}

test('the Supabase SDK downloads on the first submit, not with the page', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r.url());
  });
  await page.reload();
  const email = page.getByLabel('Email address');
  await email.scrollIntoViewIfNeeded();
  await hydrated(page, 'EarlyAccessForm');
  await hydrated(page, 'IdeaModal');
  const onLoad = new Set(scripts);
  for (const url of onLoad) expect(await (await page.request.get(url)).text()).not.toContain('supabase-js');

  await database(page, 201);
  await email.fill('ada@example.com');
  await page.getByRole('button', { name: 'Notify Me When Ready' }).click();
  await expect(page.getByText(/You’re on the list/)).toBeVisible();
  const added = scripts.filter((url) => !onLoad.has(url));
  expect(added.length).toBeGreaterThan(0);
  const bodies = await Promise.all(added.map(async (url) => (await page.request.get(url)).text()));
  expect(bodies.some((code) => code.includes('supabase-js'))).toBe(true);
});

test('while an idea is submitting, its inputs are disabled and the modal cannot be closed', async ({ page }) => {
  let release!: () => void;
  await database(page, 201, new Promise<void>((resolve) => (release = resolve)));
  await FORMS[1]!.submit(page);
  const dialog = page.getByRole('dialog', { name: 'Share Your Idea' });
  const button = dialog.getByRole('button', { name: 'Submitting Idea...' });
  await expect(button).toBeDisabled();
  await expect(dialog.getByLabel('Email')).toBeDisabled();
  await expect(dialog.getByLabel('Your idea')).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  release();
  await expect(dialog.getByText(/Thank you for sharing your idea/)).toBeVisible();
});

test('while a partnership request is submitting, the button reads "Submitting Request..." and Escape is ignored', async ({ page }) => {
  let release!: () => void;
  await database(page, 500, new Promise<void>((resolve) => (release = resolve)));
  await FORMS[2]!.submit(page);
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

test('while joining, the early-access button reads "Joining..." and the email cannot change', async ({ page }) => {
  let release!: () => void;
  await database(page, 409, new Promise<void>((resolve) => (release = resolve)));
  await FORMS[0]!.submit(page);
  await expect(page.getByRole('button', { name: 'Joining...' })).toBeDisabled();
  await expect(page.getByLabel('Email address')).toBeDisabled();
  release();
  await expect(page.locator('#early-access-email-error')).toHaveText('This email is already registered for updates');
  await expect(page.getByLabel('Email address')).toHaveValue('Ada@Example.COM');
  // Focus is back on the button, so trying again is one keypress away.
  await expect(page.getByRole('button', { name: 'Notify Me When Ready' })).toBeFocused();
});
