/**
 * /future on the default build, where the forms function has no database configured: the
 * content, the forms' validation in the spec's order, the "not configured" path (the function
 * answers 503 and the form shows the spec's error, no crash), the modals' dialog behaviour and
 * accessibility, and the forms with JavaScript off (a real post, a 303 back here, the outcome
 * shown by CSS). Each test comes from its own address (x-forwarded-for, which the local Netlify
 * emulation takes as the client's), so the function's per-address limit is per test.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, holdIsland } from '../support/e2e';

/** Waits until the island whose component file starts with `name` has hydrated. */
async function hydrated(page: Page, name: string): Promise<void> {
  await expect(page.locator(`astro-island[component-url*="/${name}."]`)).not.toHaveAttribute('ssr');
}

async function openDialog(page: Page, button: string, island: string, title: string): Promise<Locator> {
  await hydrated(page, island);
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.beforeEach(async ({ page }, info) => {
  let hash = 0;
  for (const c of `${info.titlePath.join('/')}#${info.retry}`) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `10.${(hash >> 16) & 255}.${(hash >> 8) & 255}.${hash & 255}` });
  // Nothing on this page may reach the network beyond the site itself.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  await page.goto('/future');
});

test('shows what is coming, the longer-term ideas and the 48-hour promise, accessibly', async ({ page }) => {
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  const main = page.getByRole('main');
  for (const heading of ['Coming Soon', 'AI Heart Coach', 'The Inner Alchemy App', 'On the Horizon', 'Workshops & Masterclasses', 'Private Community Hub', 'Co-Creation Lab']) {
    await expect(main.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
  await expect(main.getByText('We reply to every partnership request within 48 hours.')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Notify Me When Ready' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('early access: validation messages in order, cleared on edit, then the spec error when no database is configured', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(`${r.method()} ${new URL(r.url()).pathname}`));

  const email = page.getByLabel('Email address');
  await email.scrollIntoViewIfNeeded();
  await hydrated(page, 'EarlyAccessForm');
  const notify = page.getByRole('button', { name: 'Notify Me When Ready' });
  const alert = page.locator('#early-access-email-error');

  await notify.click();
  await expect(alert).toHaveText('Please enter your email address');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();

  await email.fill('ada');
  await expect(alert).toHaveText('');
  await notify.click();
  await expect(alert).toHaveText('Please enter a valid email address');

  await email.fill('Ada@Example.com');
  await expect(alert).toHaveText('');
  const before = requests.length;
  await notify.click();
  await expect(alert).toHaveText('Something went wrong. Please try again.');
  await expect(notify).toBeEnabled();
  await expect(email).toHaveValue('Ada@Example.com');
  await notify.click();
  await expect(alert).toHaveText('Something went wrong. Please try again.');
  // Only the two valid submits reached the site's forms function (no database is called from the browser).
  expect(requests.slice(before)).toEqual(['POST /api/forms/early-access', 'POST /api/forms/early-access']);
});

test('idea modal: opens with focus inside, validates in order, reports the database error, and Escape closes and resets', async ({ page }) => {
  const opener = page.getByRole('button', { name: 'Share Your Idea' });
  const dialog = await openDialog(page, 'Share Your Idea', 'IdeaModal', 'Share Your Idea');
  await expect(dialog.getByLabel('Name (optional)')).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  const submit = dialog.getByRole('button', { name: 'Submit Idea' });
  const alert = dialog.getByRole('alert');
  await submit.click();
  await expect(alert).toHaveText('Please enter your email address');
  await dialog.getByLabel('Email').fill('ada');
  await submit.click();
  await expect(alert).toHaveText('Please enter a valid email address');
  await dialog.getByLabel('Email').fill('ada@example.com');
  await submit.click();
  await expect(alert).toHaveText('Please share your idea with us');
  await expect(dialog.getByLabel('Your idea')).toBeFocused();
  await dialog.getByLabel('Your idea').fill('   too short   ');
  await submit.click();
  await expect(alert).toHaveText('Please provide more details about your idea (minimum 10 characters)');
  await dialog.getByLabel('Your idea').fill('Sunday gratitude circles');
  await expect(alert).toHaveText('');
  await submit.click();
  await expect(alert).toHaveText('Failed to submit your idea. Please try again.');
  await dialog.getByLabel('Name (optional)').fill('A');
  await expect(alert).toHaveText('');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await opener.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name (optional)')).toHaveValue('');
  await expect(dialog.getByLabel('Email')).toHaveValue('');
  await expect(dialog.getByLabel('Your idea')).toHaveValue('');
});

test('partnership modal: the seven types with the default, validation in order, the database error, and the close button resets', async ({ page }) => {
  const opener = page.getByRole('button', { name: 'Become a Partner' });
  const dialog = await openDialog(page, 'Become a Partner', 'PartnershipModal', 'Partner With Us');
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await expect(dialog.getByText('within 48 hours')).toBeVisible();

  const type = dialog.getByLabel('Partnership type');
  await expect(type).toHaveValue('wellness_practitioner');
  await expect(type.locator('option:checked')).toHaveText('Wellness Practitioner/Coach');
  await expect(type.locator('option')).toHaveCount(7);
  await expectNoSeriousA11yViolations(page);

  const submit = dialog.getByRole('button', { name: 'Submit Request' });
  const alert = dialog.getByRole('alert');
  // Each submit shows the next check's message; filling the field it names moves on to the next.
  const steps: [message: string, field: string, value: string][] = [
    ['Please enter your name', 'Name', 'Pat'],
    ['Please enter your email address', 'Email', 'pat'],
    ['Please enter a valid email address', 'Email', 'pat@example.com'],
    ['Please enter your partnership message', 'Your message', 'Too short, sorry'],
  ];
  for (const [message, field, value] of steps) {
    await submit.click();
    await expect(alert).toHaveText(message);
    await dialog.getByLabel(field, { exact: true }).fill(value);
    await expect(alert).toHaveText('');
  }
  await submit.click();
  await expect(alert).toHaveText('Please provide more details about your partnership proposal (minimum 20 characters)');
  await dialog.getByLabel('Your message').fill('We host breathwork retreats in Lisbon.');
  await type.selectOption('brand');
  await submit.click();
  await expect(alert).toHaveText('Failed to submit your partnership request. Please try again.');

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await opener.click();
  await expect(dialog.getByLabel('Name')).toHaveValue('');
  await expect(type).toHaveValue('wellness_practitioner');
  await expect(alert).toHaveText('');
});

test('early access: an email typed before the form hydrated is the one checked', async ({ page }) => {
  const release = await holdIsland(page, 'EarlyAccessForm');
  await page.reload();
  const email = page.getByLabel('Email address');
  await email.scrollIntoViewIfNeeded();
  await email.fill('ada');
  await expect(page.locator('astro-island[component-url*="/EarlyAccessForm."]')).toHaveAttribute('ssr');
  // Enabled from the first paint: a click now would post the real form (see the idea test below).
  await expect(page.getByRole('button', { name: 'Notify Me When Ready' })).toBeEnabled();
  release();
  await hydrated(page, 'EarlyAccessForm');
  await page.getByRole('button', { name: 'Notify Me When Ready' }).click();
  await expect(page.locator('#early-access-email-error')).toHaveText('Please enter a valid email address');
  await expect(email).toHaveValue('ada');
});

test('idea modal: opens before it hydrates, and a submit by then posts the real form, so the tap is not lost', async ({ page }) => {
  const release = await holdIsland(page, 'IdeaModal');
  await page.reload();
  await page.getByRole('button', { name: 'Share Your Idea' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Your Idea' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill('ada@example.com');
  await dialog.getByLabel('Your idea').fill('Sunday gratitude circles');
  await expect(page.locator('astro-island[component-url*="/IdeaModal."]')).toHaveAttribute('ssr');
  const submit = dialog.getByRole('button', { name: 'Submit Idea' });
  await expect(submit).toBeEnabled();
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/forms/idea'));
  await submit.click();
  // The browser posted the form itself (as a form, with the time since load), and came back
  // with the outcome: this build has no database, so the spec's error.
  const request = await posted;
  expect(request.headers()['content-type']).toContain('application/x-www-form-urlencoded');
  const fields = new URLSearchParams(request.postData() ?? '');
  expect(fields.get('email')).toBe('ada@example.com');
  expect(fields.get('idea')).toBe('Sunday gratitude circles');
  expect(fields.get('website')).toBe('');
  expect(Number(fields.get('elapsed'))).toBeGreaterThan(0);
  await expect(page).toHaveURL(/\/future\/#idea-failed$/);
  await expect(page.locator('#idea-failed')).toHaveText('Failed to submit your idea. Please try again.');
  release();
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('early access: a bad email gets the spec’s message and a good one the spec’s error (no database here), each after a 303 back', async ({ page }) => {
    const email = page.getByLabel('Email address');
    const notify = page.getByRole('button', { name: 'Notify Me When Ready' });
    await expect(notify).toBeEnabled();
    await notify.click();
    await expect(page).toHaveURL(/\/future\/#early-access-email-required$/);
    await expect(page.locator('#early-access-email-required')).toBeVisible();
    await expect(page.locator('#early-access-email-required')).toHaveText('Please enter your email address');
    await email.fill('ada');
    await notify.click();
    await expect(page.locator('#early-access-email-invalid')).toHaveText('Please enter a valid email address');
    await expect(page.locator('#early-access-email-required')).toBeHidden();
    await email.fill('Ada@Example.com');
    await notify.click();
    await expect(page).toHaveURL(/#early-access-failed$/);
    await expect(page.locator('#early-access-failed')).toHaveText('Something went wrong. Please try again.');
  });

  test('the idea and partnership modals open and close with no script, and post their forms', async ({ page }) => {
    await page.getByRole('button', { name: 'Share Your Idea' }).click();
    const idea = page.getByRole('dialog', { name: 'Share Your Idea' });
    await expect(idea).toBeVisible();
    await idea.getByRole('button', { name: 'Close' }).click();
    await expect(idea).toBeHidden();
    await page.getByRole('button', { name: 'Share Your Idea' }).click();
    await idea.getByLabel('Email').fill('ada@example.com');
    await idea.getByRole('button', { name: 'Submit Idea' }).click();
    await expect(page.locator('#idea-idea-required')).toHaveText('Please share your idea with us');

    await page.getByRole('button', { name: 'Become a Partner' }).click();
    const partner = page.getByRole('dialog', { name: 'Partner With Us' });
    await partner.getByLabel('Name').fill('Pat');
    await partner.getByLabel('Email').fill('pat@example.com');
    await partner.getByLabel('Your message').fill('We host breathwork retreats in Lisbon.');
    await partner.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page).toHaveURL(/#partnership-failed$/);
    await expect(page.locator('#partnership-failed')).toHaveText('Failed to submit your partnership request. Please try again.');
    await expect(page.locator('#idea-idea-required')).toBeHidden();
  });
});
