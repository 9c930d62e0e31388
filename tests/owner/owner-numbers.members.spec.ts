/**
 * /coach/numbers on the members build (the served functions, the Auth emulator, the local
 * database with the demo members of scripts/e2e.mjs): the demo owner opens it and reads this
 * month's numbers (a purchase written now is in them), downloads the month's CSV and sees the
 * twelve months' charts, within a member page's JavaScript budget; a visitor gets the static
 * shell and loads no island code; a member without the claim reads that the page is the owner's
 * and sees no number.
 */
import { gzipSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../../local-platform/demo-members.mjs';
import { SIGNED_IN_BUDGET } from '../../scripts/budgets.mjs';
import { expectNoSeriousA11yViolations } from '../support/e2e';
import { asServiceRole } from '../support/members-commerce';
import { createUser, signIn } from '../support/members';
import { currentMonth, monthLabel, OWNER_MESSAGES } from '../../src/features/owner/owner-rules';

const SLOW = 20_000;
const ISLAND = /\/OwnerNumbers\.[^/]*\.js$/;
const owner = DEMO_MEMBERS.find((m) => m.owner)!;

async function signInAsOwner(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${owner.name}` })).toBeVisible({ timeout: SLOW });
}

test('the demo owner opens /coach/numbers: this month’s numbers with a purchase just made, the CSV and the charts', async ({ page }) => {
  test.slow();
  // A Founding Membership bought a moment ago, as the webhook records it.
  const session = `cs_owner_e2e_${Date.now().toString(36)}`;
  await asServiceRole('purchases', { user_id: 'demo-explorer', price_id: 'price_founding_membership', product_type: 'membership', checkout_session_id: session, amount: 123400, currency: 'usd', status: 'paid' });
  await signInAsOwner(page);

  const scripts = new Map<string, Promise<number>>();
  page.on('response', (res) => {
    const url = new URL(res.url()).pathname;
    if (/\.m?js$/.test(url) && !scripts.has(url)) scripts.set(url, res.body().then((b) => gzipSync(b, { level: 9 }).length));
  });
  await page.goto('/coach/numbers');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('navigation').getByRole('link', { name: /numbers/i })).toHaveCount(0);

  const month = currentMonth();
  await expect(page.locator(`[data-owner-numbers="${month}"]`)).toBeVisible({ timeout: SLOW });
  await expect(page.getByRole('status')).toContainText(monthLabel(month));
  const oneTime = page.getByRole('table', { name: /One-time revenue by product/ });
  // The demo Founding Member's 690 and this purchase's 1,234 (at least: other tests may buy too).
  const founding = oneTime.getByRole('row', { name: /Founding Membership/ });
  await expect(founding).toBeVisible();
  const gross = Number((await founding.getByRole('cell').nth(1).textContent())!.replace(/[$,]/g, ''));
  expect(gross).toBeGreaterThanOrEqual(690 + 1234);
  for (const caption of ['Recurring revenue and members', `Members by tier at the end of ${monthLabel(month)}`, `Rapid Fire Coaching Live in ${monthLabel(month)}`, `Members who practised in ${monthLabel(month)}, by app`]) {
    await expect(page.getByRole('table', { name: caption })).toBeVisible();
  }
  await expect(page.getByRole('img', { name: 'MRR, the last twelve months' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the month (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`inner-alchemy-numbers-${month}.csv`);
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toMatch(new RegExp(`^section,figure,${month},\\d{4}-\\d\\d,currency$`));
  expect(csv).toMatch(/money,Founding Membership: gross,\d+\.00,/);

  // Another month, from the picker.
  await page.getByLabel('Month', { exact: true }).fill('2025-01');
  await expect(page.locator('[data-owner-numbers="2025-01"]')).toBeVisible({ timeout: SLOW });
  await expect(page.getByRole('table', { name: /One-time revenue by product/ })).toContainText('Nothing sold');

  // Within a member page's budget.
  const total = (await Promise.all(scripts.values())).reduce((sum, n) => sum + n, 0);
  console.log(`/coach/numbers for the owner: ${(total / 1024).toFixed(1)} KiB gzip JavaScript`);
  expect([...scripts.keys()].some((url) => ISLAND.test(url))).toBe(true);
  expect(total).toBeLessThanOrEqual(SIGNED_IN_BUDGET);
});

test('a visitor gets the static shell and loads no island; a member without the claim sees no number', async ({ page, browser }) => {
  test.slow();
  const loaded: string[] = [];
  page.on('request', (req) => loaded.push(new URL(req.url()).pathname));
  const numbersCalls: string[] = [];
  page.on('request', (req) => req.url().includes('/api/owner-numbers') && numbersCalls.push(req.url()));
  await page.goto('/coach/numbers');
  await expect(page.getByText('This page is for the owner.')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(loaded.filter((p) => ISLAND.test(p))).toEqual([]);
  expect(numbersCalls).toEqual([]);
  await expect(page.locator('[data-owner-numbers]')).toHaveCount(0);

  const context = await browser.newContext();
  const memberPage = await context.newPage();
  await signIn(memberPage, await createUser('Mia Member'));
  await memberPage.goto('/coach/numbers');
  await expect(memberPage.locator('[data-owner-refused]')).toContainText(OWNER_MESSAGES.notOwner, { timeout: SLOW });
  await expect(memberPage.locator('[data-owner-numbers]')).toHaveCount(0);
  await expect(memberPage.getByRole('table')).toHaveCount(0);
  await context.close();
});
