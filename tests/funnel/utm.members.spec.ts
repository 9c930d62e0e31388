/**
 * The campaign travels in the address, never on the device (docs/decisions/funnel.md, "Sources"),
 * on the members build: a visitor who lands on a journey from a newsletter link keeps
 * `utm_source=newsletter-…` (this run's) in every address they follow (a page's link, then the link the journey
 * player draws at its last step), signs up on /signup with it, and the sign-up counts under
 * that campaign in the owner's funnel (public.owner_funnel, read as the service role); nothing is
 * set on the device on the way. A browser with Global Privacy Control gets its links as they are.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/page-errors';
import { doubles, TEST_SERVICE_ROLE_KEY } from '../support/members-commerce';
import { PASSWORD, protectEmailEnumeration, uniqueEmail } from '../support/members';
import { currentMonth } from '../../src/features/owner/owner-rules';

test.beforeAll(protectEmailEnumeration);

const JOURNEY = '/lead-magnet-journey/imposter-syndrome';
const SLOW = 20_000;

/** The month's funnel by source, as the owner's page gets it. */
async function bySource(): Promise<Record<string, unknown>[]> {
  const res = await fetch(`${doubles().postgrest}/rest/v1/rpc/owner_funnel`, {
    method: 'POST',
    headers: { apikey: TEST_SERVICE_ROLE_KEY, authorization: `Bearer ${TEST_SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ p_month: currentMonth() }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { by_source: Record<string, unknown>[] }).by_source;
}

async function nothingOnTheDevice(page: Page) {
  expect(await page.context().cookies()).toEqual([]);
  expect(await page.evaluate(() => ({ cookie: document.cookie, local: localStorage.length, session: sessionStorage.length }))).toEqual({ cookie: '', local: 0, session: 0 });
}

test('from a newsletter link: the campaign stays in the address page after page, and the sign-up counts under it', async ({ page }) => {
  test.slow();
  const sync: unknown[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/auth-sync') sync.push(r.postDataJSON());
  });
  // A campaign of this run's own, so the owner's row for it holds this sign-up alone (specs run side by side).
  const source = `newsletter-${Date.now().toString(36)}`;
  await page.goto(`/lead-magnet-journey?utm_source=${source}`);
  // A link of the page's HTML: it carries the campaign as soon as the page is read.
  const card = page.locator(`a[href*="${JOURNEY}"]`).first();
  await expect(card).toHaveAttribute('href', new RegExp(`${JOURNEY}\\?utm_source=${source}$`));
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${JOURNEY}\\?utm_source=${source}$`));
  // The link the journey player draws at its last step.
  const player = page.locator('article[aria-labelledby="journey-title"]');
  for (let step = 2; step <= 5; step++) {
    await player.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(player.getByText(`Step ${step} of 5`, { exact: true })).toBeVisible();
  }
  await player.getByRole('link', { name: 'Continue to Sign Up' }).click();
  await expect(page).toHaveURL(new RegExp(`/lead-magnet-signup\\?journey=imposter-syndrome&utm_source=${source}$`));
  await page.getByRole('link', { name: 'Create Your Free Account' }).click();
  await expect(page).toHaveURL(new RegExp(`/signup\\?utm_source=${source}$`));
  await nothingOnTheDevice(page);

  // So far its pages' beacons only (the members build counts Playwright's Chromium): no sign-up.
  expect((await bySource()).find((row) => row.source === source)?.['signups'] ?? 0).toBe(0);
  await page.getByLabel('Full name').fill('Nell Newsletter');
  await page.getByLabel('Email').fill(uniqueEmail('utm'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/?$/, { timeout: SLOW });
  expect(sync[0]).toEqual({ full_name: 'Nell Newsletter', utm_source: source });
  // The campaign's row: one sign-up (1 to 4 read null, "fewer than 5"), nothing else.
  expect((await bySource()).find((row) => row.source === source)).toMatchObject({ source, signups: null, purchases: 0 });
});

test('a browser with Global Privacy Control: the links stay as they are, and no campaign follows', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
  await page.goto(`${JOURNEY}?utm_source=newsletter`);
  const all = page.getByRole('link', { name: 'All journeys' });
  await expect(all).toHaveAttribute('href', '/lead-magnet-journey');
  await all.click();
  await expect(page).toHaveURL(/\/lead-magnet-journey\/?$/);
});
