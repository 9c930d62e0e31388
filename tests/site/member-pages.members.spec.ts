/**
 * Every member page, for every demo member of `npm run dev:members` (local-platform/demo-members.mjs:
 * an Explorer, an Adventurer, an Alchemist, a Founding Member and an Explorer who bought
 * Stillpoint), in the normal paths: signed in through /login, each page opened and left to
 * settle, and not one console error nor one response of 400 or more on any of them (the shared
 * fixture, tests/support/page-errors.ts). Before, an Explorer's every page logged a 406 for the
 * Stripe customer they do not have, and every lesson they may not open a 403 from the gate.
 * The app pages also ship no code for apps that are not open yet (all six are).
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/page-errors';
import { collectScripts } from '../support/e2e';
import { asServiceRole } from '../support/members-commerce';
import { EMULATOR, PROJECT } from '../support/members';
import { DEMO_MEMBERS, DEMO_PASSWORD, demoBilling, type DemoMember } from '../../local-platform/demo-members.mjs';

const APPS = ['stillpoint', 'the-bloom-book', 'whispers-before-sleep', 'rise-mode', 'mindstage', 'the-reset-room'];
const PREVIEW_LESSON = 'the-weather-inside';
const PAID_LESSON = 'beyond-fine';

/** The demo member's account on the emulator and their rows, as dev:members makes them (again and again: the same). */
async function demoMember(m: DemoMember): Promise<void> {
  const admin = async (method: string, body: Record<string, unknown>) => {
    const res = await fetch(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify(body),
    });
    const answer = (await res.json().catch(() => ({}))) as { error?: { message?: string } };
    if (!res.ok && !/DUPLICATE_LOCAL_ID|EMAIL_EXISTS/.test(answer.error?.message ?? '')) throw new Error(`emulator ${method}: ${JSON.stringify(answer)}`);
  };
  await admin('accounts', { localId: m.memberId, email: m.email, password: DEMO_PASSWORD, displayName: m.name });
  // The claims dev:members gives (local-platform/demo-members.mjs): the coach's and the owner's kept for their own specs.
  const claims = { role: 'authenticated', ...(m.coach ? { coach: true } : {}), ...(m.owner ? { owner: true } : {}) };
  await admin('accounts:update', { localId: m.memberId, emailVerified: true, customAttributes: JSON.stringify(claims) });
  await asServiceRole('profiles', { id: m.memberId, email: m.email, full_name: m.name, membership_tier: m.tier });
  if (m.plan) {
    const { customer, subscription } = demoBilling(m);
    const now = Math.floor(Date.now() / 1000);
    await asServiceRole('stripe_customers', { user_id: m.memberId, customer_id: customer });
    await asServiceRole('stripe_subscriptions', {
      customer_id: customer,
      subscription_id: subscription,
      price_id: m.plan,
      subscription_status: 'active',
      current_period_start: now,
      current_period_end: now + 30 * 24 * 3600,
    });
  }
  if (m.purchase) {
    // On its checkout session: the members run may have made the demo members already.
    await asServiceRole('purchases?on_conflict=checkout_session_id', {
      user_id: m.memberId,
      price_id: m.purchase.price,
      product_type: m.purchase.type,
      checkout_session_id: `cs_demo_${m.memberId}`,
      amount: m.purchase.amount,
      currency: 'usd',
      status: 'paid',
    });
  }
}

/** Signs in through /login with the README's password, as a developer would. */
async function signInAs(page: Page, m: DemoMember): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(m.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/?$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible({ timeout: 15_000 });
}

/** Opens a page and lets it settle: its islands have read what they read. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle', { timeout: 20_000 });
}

const pages = [
  '/dashboard',
  '/products',
  '/pricing',
  '/course/',
  `/course/${PREVIEW_LESSON}/`,
  `/course/${PAID_LESSON}/`,
  ...APPS.map((app) => `/app/${app}`),
  ...APPS.map((app) => `/lounge/${app}/`),
];

for (const m of DEMO_MEMBERS) {
  test(`${m.email}: every member page, and not one console error or failed request`, async ({ page }) => {
    test.setTimeout(180_000);
    await demoMember(m);
    const scripts = collectScripts(page);
    await signInAs(page, m);
    for (const path of pages) await visit(page, path);

    // What the member sees on a lesson decides itself from the access model (no 403 asked for).
    await visit(page, `/course/${PAID_LESSON}/`);
    const hasCourse = m.tier === 'Alchemist' || m.purchase?.type === 'membership';
    await expect(page.locator(hasCourse ? '[data-player="open"]' : '[data-player="locked"]')).toBeVisible();
    // No app page carries the path of an app not open yet.
    for (const body of await Promise.all(scripts.bodies)) expect(body).not.toContain('we email you');
  });
}
