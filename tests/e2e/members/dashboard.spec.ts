/**
 * The dashboard of a signed-in member: profile, coaching sessions, every state of the
 * subscription badge, and the profile errors. Sign-in is real (Auth emulator); the database
 * answers through route interception.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../helpers';
import { createUser, mockDatabase, NO_ROWS, requestsTo, rows, signIn, type Answer, type Database } from './support';

const seconds = (y: number, m: number, d: number) => Math.floor(new Date(y, m - 1, d, 12).getTime() / 1000);

const subscription = (over: Record<string, unknown> = {}) => ({
  subscription_id: 'sub_123',
  price_id: 'price_adventurer_monthly',
  subscription_status: 'active',
  current_period_start: seconds(2025, 3, 1),
  current_period_end: seconds(2025, 4, 1),
  cancel_at_period_end: false,
  payment_method_brand: 'visa',
  payment_method_last4: '4242',
  ...over,
});

async function dashboardWith(page: Page, answers: Database['answers'], displayName = 'Ana Lima'): Promise<Database> {
  const user = await createUser(displayName);
  const db = await mockDatabase(page, answers);
  await signIn(page, user);
  return db;
}

const badge = (page: Page) => page.locator('[data-subscription-state]');

// Issue 14: the sessions are listed upcoming (soonest first) and past (latest first) apart.
test('shows the profile, the member’s upcoming and past sessions apart with long dates, and the quick actions', async ({ page }) => {
  const db = await dashboardWith(page, {
    'GET profiles': rows({ id: 'x', email: 'ana@example.com', full_name: 'Ana Maria Lima', membership_tier: 'Alchemist', project_id: 'proj_7', created_at: '2025-01-05T15:00:00Z' }),
    // Issue 13: the tier shown is the access model's, from the subscription (and purchases).
    'GET stripe_customers': rows({ customer_id: 'cus_1' }),
    'GET stripe_subscriptions': rows(subscription({ price_id: 'price_alchemist_monthly' })),
    'GET coaching_session_signups': rows([
      { id: 's4', name: 'Ana', email: 'ana@example.com', created_at: '2025-03-03T10:00:00Z', coaching_sessions: { id: 'c4', date: '2099-02-26', time: '6:00 PM CET' } },
      { id: 's3', name: 'Ana', email: 'ana@example.com', created_at: '2025-03-02T12:00:00Z', coaching_sessions: { id: 'c3', date: '2099-01-29', time: '6:00 PM CET' } },
      { id: 's2', name: 'Ana', email: 'ana@example.com', created_at: '2025-03-02T10:00:00Z', coaching_sessions: { id: 'c2', date: '2025-03-27', time: '6:00 PM CET' } },
      { id: 's1', name: 'Ana', email: 'ana@example.com', created_at: '2025-01-20T10:00:00Z', coaching_sessions: { id: 'c1', date: '2025-01-30', time: '6:00 PM CET' } },
    ]),
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ana Maria Lima');
  const profile = page.getByRole('region', { name: 'Profile Information' });
  await expect(profile).toContainText('ana@example.com');
  await expect(profile).toContainText('proj_7');
  await expect(profile).toContainText('Alchemist');
  await expect(profile).toContainText('January 5, 2025');

  const upcoming = page.locator('[data-my-sessions] > li');
  await expect(upcoming).toHaveCount(2);
  await expect(upcoming.nth(0)).toContainText('January 29, 2099');
  await expect(upcoming.nth(1)).toContainText('February 26, 2099');
  const past = page.locator('[data-past-sessions] li');
  await expect(past).toHaveCount(2);
  await expect(past.nth(0)).toContainText('March 27, 2025');
  await expect(past.nth(1)).toContainText('January 30, 2025');
  await expect(page.getByRole('heading', { name: 'Past sessions' })).toBeVisible();
  // Past sessions can be neither added to a calendar nor given back.
  await expect(page.locator('[data-past-sessions]').getByRole('button')).toHaveCount(0);
  const signupsQuery = new URL(requestsTo(db, 'coaching_session_signups')[0]!.url()).searchParams;
  expect(signupsQuery.get('select')).toBe('id,name,email,created_at,coaching_sessions(id,date,time)');
  expect(signupsQuery.get('order')).toBe('created_at.desc');
  expect(signupsQuery.get('user_id')).toMatch(/^eq\./);

  for (const [name, href] of [
    ['Upgrade Plan', '/pricing'],
    ['Browse Apps', '/products'],
    ['Book Coaching', '/#coaching-signup'],
    ['Learn More', '/about-us'],
  ] as const) {
    await expect(page.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
  }
  await expectNoSeriousA11yViolations(page);
});

test('greets an account without any name as "Member"', async ({ page }) => {
  await dashboardWith(page, { 'GET profiles': NO_ROWS }, '');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Member');
});

// Issue 12: a missing profile is reported as such (the account is still being set up, with a
// way to try again) instead of passing silently for an Explorer; it stays a notice, not an error.
test('without a profile row the account’s name greets, the defaults show, the dashboard says the account is still being set up, and nothing is an error', async ({ page }) => {
  const db = await dashboardWith(page, { 'GET profiles': NO_ROWS });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ana Lima');
  const profile = page.getByRole('region', { name: 'Profile Information' });
  await expect(profile).toContainText('Not assigned');
  await expect(profile).toContainText('Explorer');
  const setup = page.locator('[data-account-setup="missing-profile"]');
  await expect(setup).toHaveText(/Your account is still being set up, so your profile details are not here yet\./);
  await expect(setup).toHaveAttribute('role', 'status');
  await expect(page.locator('[data-tone="error"]')).toHaveCount(0);
  await expect(page.getByText('You haven’t saved a seat yet', { exact: false })).toBeVisible();

  // "Try again" finishes the set-up once more and reads the profile again.
  const reads = requestsTo(db, 'profiles').length;
  const synced = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/auth-sync');
  await setup.getByRole('button', { name: 'Try again' }).click();
  await synced;
  await expect.poll(() => requestsTo(db, 'profiles').length).toBeGreaterThan(reads);
  await expect(setup.getByRole('button', { name: 'Try again' })).toBeEnabled();
});

test('when the account set-up fails, sign-in tries it three times and the dashboard says so, with a Try again that completes it', async ({ page }) => {
  const user = await createUser('Ana Lima');
  await mockDatabase(page, { 'GET profiles': rows({ id: 'x', email: user.email, full_name: 'Ana Lima', membership_tier: 'Explorer', project_id: null, created_at: '2025-01-05T15:00:00Z' }) });
  let failing = true;
  let tries = 0;
  await page.route('**/api/auth-sync', async (route) => {
    tries += 1;
    if (failing) await route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ error: 'Your profile could not be created. Please try again.' }) });
    else await route.continue();
  });
  await signIn(page, user);
  expect(tries).toBe(3);
  const setup = page.locator('[data-account-setup="failed"]');
  await expect(setup).toHaveAttribute('role', 'alert');
  await expect(setup).toContainText('We couldn’t finish setting up your account, so your profile and membership may not show yet. Please try again.');

  failing = false;
  // This time the real function runs (token check against the emulator, the profile written to
  // the local database): give it the time a function call gets elsewhere on a busy machine.
  const synced = page.waitForResponse((r) => r.url().endsWith('/api/auth-sync') && r.status() === 200, { timeout: 15_000 });
  await setup.getByRole('button', { name: 'Try again' }).click();
  await synced;
  await expect(page.locator('[data-account-setup]')).toHaveCount(0, { timeout: 15_000 });
  expect(tries).toBe(4);
  // The alert hides while the sync runs; reload only once the sync has finished (the token
  // refreshed and the failure forgotten), or a reload mid-sync rightly shows it again.
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('ia:account-sync-failed')), { timeout: 15_000 }).toBeNull();
  // Kept for the session, so another page (or a reload) does not bring the message back.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ana Lima');
  await expect(page.locator('[data-account-setup]')).toHaveCount(0);
});

test('a server without account set-up (503) is not tried again and the member is told', async ({ page }) => {
  const user = await createUser('Ana Lima');
  await mockDatabase(page);
  let tries = 0;
  await page.route('**/api/auth-sync', async (route) => {
    tries += 1;
    await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Sign-in cannot be completed: the server is not fully configured.' }) });
  });
  await signIn(page, user);
  await expect(page.locator('[data-account-setup="failed"]')).toContainText(
    'We couldn’t finish setting up your account because account set-up is unavailable right now. Please try again later.',
  );
  expect(tries).toBe(1);
});

test('a failing profile read says "Failed to fetch profile data"; failing signups are ignored', async ({ page }) => {
  await dashboardWith(page, {
    'GET profiles': { status: 500, body: { code: 'XX000', message: 'boom' } },
    'GET coaching_session_signups': { status: 500, body: { code: 'XX000', message: 'boom' } },
  });
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch profile data' })).toBeVisible();
  await expect(page.getByText('You haven’t saved a seat yet', { exact: false })).toBeVisible();
});

test.describe('subscription badge', () => {
  const customer = rows({ customer_id: 'cus_1' });

  test('shows loading while the subscription is read', async ({ page }) => {
    await dashboardWith(page, { 'GET stripe_customers': { ...customer, delay: 60_000 } });
    await expect(badge(page)).toHaveAttribute('data-subscription-state', 'loading');
    await expect(badge(page)).toHaveText('Loading subscription…');
  });

  const errorCases: [string, Database['answers']][] = [
    ['customer read fails', { 'GET stripe_customers': { status: 500, body: { code: 'XX000', message: 'boom' } } }],
    ['subscription read fails', { 'GET stripe_customers': customer, 'GET stripe_subscriptions': { status: 500, body: { code: 'XX000', message: 'boom' } } }],
  ];
  for (const [name, answers] of errorCases) {
    test(`"Error loading subscription" when the ${name}`, async ({ page }) => {
      await dashboardWith(page, answers);
      await expect(badge(page)).toHaveAttribute('data-subscription-state', 'error');
      await expect(badge(page)).toHaveText('Error loading subscription');
    });
  }

  const freeCases: [string, Database['answers']][] = [
    ['no customer (PGRST116)', { 'GET stripe_customers': NO_ROWS }],
    ['no subscription (PGRST116)', { 'GET stripe_customers': customer, 'GET stripe_subscriptions': NO_ROWS }],
    ['no price', { 'GET stripe_customers': customer, 'GET stripe_subscriptions': rows(subscription({ price_id: null })) }],
  ];
  for (const [name, answers] of freeCases) {
    test(`"Free Explorer Plan" with ${name}`, async ({ page }) => {
      await dashboardWith(page, answers);
      await expect(badge(page)).toHaveAttribute('data-subscription-state', 'free');
      await expect(badge(page)).toHaveText('Free Explorer Plan');
    });
  }

  test('"Unknown subscription" for a price outside the catalogue', async ({ page }) => {
    const db = await dashboardWith(page, { 'GET stripe_customers': customer, 'GET stripe_subscriptions': rows(subscription({ price_id: 'price_retired' })) });
    await expect(badge(page)).toHaveText('Unknown subscription');
    const query = new URL(requestsTo(db, 'stripe_subscriptions')[0]!.url()).searchParams;
    expect(query.get('customer_id')).toBe('eq.cus_1');
  });

  // Issue 14: the cancelled case is a subscription cancelled at once (Stripe leaves
  // cancel_at_period_end false); the fixture used to set it, which hid "Renews on" there.
  const statusCases: [string, string, string | null, string, Answer, string | null][] = [
    ['active', 'green', null, 'Adventurer Membership', rows(subscription()), 'Renews on:'],
    ['trialing', 'blue', 'Trialing', 'Alchemist Membership', rows(subscription({ subscription_status: 'trialing', price_id: 'price_alchemist_monthly' })), 'Renews on:'],
    ['past_due', 'yellow', 'Past due', 'Adventurer Membership', rows(subscription({ subscription_status: 'past_due' })), 'Renews on:'],
    ['canceled', 'red', 'Canceled', 'Adventurer Membership', rows(subscription({ subscription_status: 'canceled' })), 'Ended on:'],
    ['incomplete', 'grey', 'Incomplete', 'Adventurer Membership', rows(subscription({ subscription_status: 'incomplete' })), null],
  ];
  for (const [status, tone, text, plan, answer, endLabel] of statusCases) {
    test(`${/^[aeiou]/.test(status) ? 'an' : 'a'} ${status} subscription is ${tone}${text ? ` and says "${text}"` : ' without a status'}`, async ({ page }) => {
      await dashboardWith(page, { 'GET stripe_customers': customer, 'GET stripe_subscriptions': answer });
      await expect(badge(page)).toHaveAttribute('data-subscription-state', 'plan');
      await expect(badge(page)).toHaveAttribute('data-tone', tone);
      await expect(badge(page).locator('[data-plan-name]')).toHaveText(plan);
      if (text) await expect(badge(page).locator('[data-status]')).toHaveText(text);
      else await expect(badge(page).locator('[data-status]')).toHaveCount(0);
      await expect(badge(page).locator('[data-period]')).toHaveText('March 1, 2025 – April 1, 2025');
      await expect(badge(page)).toContainText('Visa ending in 4242');
      if (endLabel) await expect(badge(page).locator('[data-end-label]')).toHaveText(endLabel);
      else await expect(badge(page).locator('[data-end-label]')).toHaveCount(0);
    });
  }

  test('a subscription cancelling at the period end "Ends on" that date, and the billing link stays', async ({ page }) => {
    await dashboardWith(page, { 'GET stripe_customers': customer, 'GET stripe_subscriptions': rows(subscription({ cancel_at_period_end: true })) });
    await expect(badge(page).locator('[data-end-label]')).toHaveText('Ends on:');
    await expect(badge(page)).toContainText('Ends on: April 1, 2025');
    await expect(badge(page)).not.toContainText('Renews on');
    await expect(page.getByRole('button', { name: 'Manage billing' })).toBeVisible();
  });

  test('past due says what to do and offers "Update payment method" first', async ({ page }) => {
    await dashboardWith(page, { 'GET stripe_customers': customer, 'GET stripe_subscriptions': rows(subscription({ subscription_status: 'past_due' })) });
    await expect(badge(page).locator('[data-subscription-action]')).toHaveText(
      'Your last payment failed. Update your payment method to keep your membership.',
    );
    const update = page.getByRole('button', { name: 'Update payment method' });
    await expect(update).toBeVisible();
    await expect(update).toHaveClass(/btn-primary/);
    await expect(page.getByRole('button', { name: 'Manage billing' })).toHaveCount(0);
  });

  test('a member without a subscription sees no billing button', async ({ page }) => {
    await dashboardWith(page, { 'GET stripe_customers': NO_ROWS });
    await expect(badge(page)).toHaveText('Free Explorer Plan');
    await expect(page.locator('[data-billing-actions]')).toHaveCount(0);
  });
});

test.describe('your library (issue 13)', () => {
  const customer = rows({ customer_id: 'cus_1' });
  const purchase = (price_id: string, product_type: string, status = 'paid') => ({
    price_id,
    product_type,
    status,
    purchased_at: '2026-11-02T10:00:00.000Z',
    refunded_at: null,
    checkout_session_id: `cs_test_${price_id}`,
  });
  const library = (page: Page) => page.getByRole('region', { name: 'Your library' });

  test('an Adventurer who bought the course: every app included, the course purchased on its date, each with where to open it', async ({ page }) => {
    const db = await dashboardWith(page, {
      'GET stripe_customers': customer,
      'GET stripe_subscriptions': rows(subscription()),
      'GET purchases': rows([purchase('price_master_alchemist_course', 'course')]),
    });
    const items = library(page).locator('[data-library-item]');
    await expect(items).toHaveCount(7);
    await expect(library(page).locator('[data-library-item="price_app_stillpoint"]')).toContainText('Included in Adventurer');
    await expect(library(page).getByRole('link', { name: 'Open: Stillpoint' })).toHaveAttribute('href', '/lounge/stillpoint/');
    // Every app opens in its room in the Lounge now, Mindstage included.
    await expect(library(page).getByRole('link', { name: 'Open: Mindstage' })).toHaveAttribute('href', '/lounge/mindstage/');
    await expect(library(page).locator('[data-library-item="price_master_alchemist_course"]')).toContainText('Purchased on November 2, 2026');
    await expect(page.getByRole('region', { name: 'Profile Information' })).toContainText('Adventurer');
    const query = new URL(db.requests.find((r) => new URL(r.url()).pathname === '/rest/v1/purchases')!.url()).searchParams;
    expect(query.get('user_id')).toMatch(/^eq\./);
    await expectNoSeriousA11yViolations(page);
  });

  test('an Explorer who bought nothing is pointed to the apps', async ({ page }) => {
    await dashboardWith(page, {});
    await expect(library(page)).toContainText('Nothing here yet');
    await expect(library(page).getByRole('link', { name: 'Browse the apps' })).toHaveAttribute('href', '/products');
  });

  test('a Founding Member: the badge in the navigation and the profile, and everything in the library', async ({ page }) => {
    await dashboardWith(page, { 'GET purchases': rows([purchase('price_founding_membership', 'membership')]) });
    await expect(page.getByRole('region', { name: 'Profile Information' })).toContainText('Founding Member');
    await expect(page.locator('[data-nav-account="desktop"] [data-tier]')).toHaveAttribute('data-tier', 'Founding Member');
    await expect(library(page).locator('[data-library-item]')).toHaveCount(8);
    await expect(library(page).locator('[data-library-item="price_app_mindstage"]')).toContainText('Founding Member');
  });

  test('a failing purchases read says so and keeps the rest', async ({ page }) => {
    await dashboardWith(page, { 'GET purchases': { status: 500, body: { code: 'XX000', message: 'boom' } } });
    await expect(library(page).getByRole('alert')).toHaveText('Failed to fetch purchase data');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
  });
});
