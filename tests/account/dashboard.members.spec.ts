/**
 * The dashboard of a signed-in member: profile, coaching sessions, every state of the
 * subscription badge, and the profile errors. Sign-in is real (Auth emulator and auth-sync);
 * the page reads the local database (Postgres with our migrations) as the member, so the rows a
 * test gives the member are written there first (./commerce.ts); errors and the loading state
 * are the endpoint's faults for this member only.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/worker-member';
import { expectNoSeriousA11yViolations } from '../support/e2e';
import { asOwner, asServiceRole, customerOf, deleteAsServiceRole, failFor, holdFor, profile, requestsOf, rowsOf, subscription } from '../support/members-commerce';
import { createUser, signIn, type TestUser } from '../support/members';
import { instantOf } from '../../src/core/zoned-time';
import { addSessions, COACH_ZONE, sessionAt } from '../coaching/sessions';

const seconds = (y: number, m: number, d: number) => Math.floor(new Date(y, m - 1, d, 12).getTime() / 1000);

type SubscriptionRow = Parameters<typeof subscription>[1];

const plan = (over: Partial<SubscriptionRow> = {}): SubscriptionRow => ({
  price_id: 'price_adventurer_monthly',
  subscription_status: 'active',
  current_period_start: seconds(2025, 3, 1),
  current_period_end: seconds(2025, 4, 1),
  cancel_at_period_end: false,
  payment_method_brand: 'visa',
  payment_method_last4: '4242',
  ...over,
});

/** A new member whose rows `given` writes, signed in through /login onto the dashboard. */
async function dashboardWith(page: Page, given: (user: TestUser) => Promise<void> = async () => {}, displayName = 'Ana Lima'): Promise<TestUser> {
  const user = await createUser(displayName);
  await given(user);
  await signIn(page, user);
  return user;
}

/** The dashboard of the worker's member (a verified member with no rows but the profile auth-sync made; ../support/worker-member.ts). */
async function plainDashboard(page: Page, asWorkerMember: () => Promise<TestUser>): Promise<void> {
  await asWorkerMember();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible({ timeout: 15_000 });
}

const badge = (page: Page) => page.locator('[data-subscription-state]');
const serverError = { status: 500, code: 'XX000', message: 'boom' };

// Issue 14: the sessions are listed upcoming (soonest first) and past (latest first) apart.
test('shows the profile, the member’s upcoming and past sessions apart with long dates, and the quick actions', async ({ page }) => {
  const user = await dashboardWith(page, async (user) => {
    // The profile's address is the account's (auth-sync keeps it so: docs/decisions/accounts.md).
    await profile(user, { email: user.email.toLowerCase(), full_name: 'Ana Maria Lima', membership_tier: 'Alchemist', project_id: 'proj_7', created_at: '2025-01-05T15:00:00Z' });
    // Issue 13: the tier shown is the access model's, from the subscription (and purchases).
    await subscription(user, plan({ price_id: 'price_alchemist_monthly' }));
    // Sessions of their own (unique ids), each with the member's signup made at the given time.
    const signups: [string, string][] = [
      ['2099-02-26', '2025-03-03T10:00:00Z'],
      ['2099-01-29', '2025-03-02T12:00:00Z'],
      ['2025-03-27', '2025-03-02T10:00:00Z'],
      ['2025-01-30', '2025-01-20T10:00:00Z'],
    ];
    for (const [date, created_at] of signups) {
      const [year, month, day] = date.split('-').map(Number) as [number, number, number];
      const session = sessionAt(instantOf({ year, month, day, hour: 18, minute: 0 }, COACH_ZONE));
      await addSessions([session]);
      await asOwner('coaching_session_signups', { user_id: user.memberId, session_id: session.id, name: 'Ana', email: 'ana@example.com', created_at });
    }
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ana Maria Lima');
  const profileRegion = page.getByRole('region', { name: 'Profile Information' });
  await expect(profileRegion).toContainText(user.email.toLowerCase());
  await expect(profileRegion).toContainText('proj_7');
  await expect(profileRegion).toContainText('Alchemist');
  await expect(profileRegion).toContainText('January 5, 2025');

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
  const signupsQuery = (await requestsOf(user, 'coaching_session_signups')).find((r) => r.method === 'GET')!.query;
  expect(signupsQuery.select).toBe('id,name,email,created_at,coaching_sessions(id,date,time,starts_at,ends_at,time_zone,cancelled_at)');
  expect(signupsQuery.order).toBe('created_at.desc');
  expect(signupsQuery.user_id).toBe(`eq.${user.memberId}`);

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

// The cards after the first screen's come one task after another (Dashboard's useCardsShown):
// every one of them arrives, each once, in the page's order (an Explorer: no course card).
test('every card of the dashboard arrives, once each, in the page’s order', async ({ page, asWorkerMember }) => {
  await plainDashboard(page, asWorkerMember);
  const cards = page.locator('main section[aria-labelledby]').locator('> h2');
  await expect(cards).toHaveText([
    'Profile Information',
    'Subscription Details',
    'Your Coaching Sessions',
    'Your library',
    'Days practised',
    'Quick Actions',
    'Emails',
    'Your Account',
  ]);
});

// The cards come after the page has loaded, so the browser finds no #library to scroll to then.
test('a link to the library (/dashboard#library, as after a purchase) lands on it once it is in the page', async ({ page, asWorkerMember }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await plainDashboard(page, asWorkerMember);
  await page.goto('/');
  await page.goto('/dashboard#library');
  await expect(page.getByRole('region', { name: 'Your library' })).toBeInViewport();
});

test('greets an account without any name as "Member"', async ({ page }) => {
  // auth-sync makes the profile without a name: there is none on the account.
  await dashboardWith(page, undefined, '');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Member');
});

// Issue 12: a missing profile is reported as such (the account is still being set up, with a
// way to try again) instead of passing silently for an Explorer; it stays a notice, not an error.
test('without a profile row the account’s name greets, the defaults show, the dashboard says the account is still being set up, and nothing is an error', async ({ page }) => {
  const user = await dashboardWith(page);
  // The profile auth-sync made at sign-in is gone (deleted in the database since): the member
  // has no profile row when the dashboard is opened again.
  await deleteAsServiceRole('profiles', { id: user.memberId });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ana Lima');
  const profileRegion = page.getByRole('region', { name: 'Profile Information' });
  await expect(profileRegion).toContainText('Not assigned');
  await expect(profileRegion).toContainText('Explorer');
  const setup = page.locator('[data-account-setup="missing-profile"]');
  await expect(setup).toHaveText(/Your account is still being set up, so your profile details are not here yet\./);
  await expect(setup).toHaveAttribute('role', 'status');
  await expect(page.locator('[data-tone="error"]')).toHaveCount(0);
  await expect(page.getByText('You haven’t saved a seat yet', { exact: false })).toBeVisible();

  // "Try again" finishes the set-up once more (auth-sync makes the profile again) and reads the
  // profile again: the notice goes.
  const synced = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth-sync' && r.status() === 200, { timeout: 15_000 });
  await setup.getByRole('button', { name: 'Try again' }).click();
  await synced;
  await expect(page.locator('[data-account-setup]')).toHaveCount(0, { timeout: 15_000 });
  expect(await rowsOf('profiles', { id: user.memberId })).toMatchObject([{ id: user.memberId, full_name: 'Ana Lima', membership_tier: 'Explorer' }]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ana Lima');
});

test('when the account set-up fails, sign-in tries it three times and the dashboard says so, with a Try again that completes it', async ({ page, pageErrors }) => {
  pageErrors.provoked();
  const user = await createUser('Ana Lima');
  await profile(user, { full_name: 'Ana Lima', membership_tier: 'Explorer', created_at: '2025-01-05T15:00:00Z' });
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

test('a server without account set-up (503) is not tried again and the member is told', async ({ page, pageErrors }) => {
  pageErrors.provoked();
  const user = await createUser('Ana Lima');
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

test('a failing profile read says "Failed to fetch profile data"; failing signups are ignored', async ({ page, pageErrors }) => {
  pageErrors.provoked();
  await dashboardWith(page, async (user) => {
    await failFor(user, 'profiles', 'GET', serverError);
    await failFor(user, 'coaching_session_signups', 'GET', serverError);
  });
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch profile data' })).toBeVisible();
  await expect(page.getByText('You haven’t saved a seat yet', { exact: false })).toBeVisible();
});

test.describe('subscription badge', () => {
  test('shows loading while the subscription is read', async ({ page }) => {
    await dashboardWith(page, async (user) => {
      await subscription(user, plan());
      await holdFor(user, 'stripe_customers', 'GET');
    });
    await expect(badge(page)).toHaveAttribute('data-subscription-state', 'loading');
    await expect(badge(page)).toHaveText('Loading subscription…');
  });

  const errorCases: [string, (user: TestUser) => Promise<void>][] = [
    ['customer read fails', (user) => failFor(user, 'stripe_customers', 'GET', serverError)],
    [
      'subscription read fails',
      async (user) => {
        await subscription(user, plan());
        await failFor(user, 'stripe_subscriptions', 'GET', serverError);
      },
    ],
  ];
  for (const [name, given] of errorCases) {
    test(`"Error loading subscription" when the ${name}`, async ({ page, pageErrors }) => {
      pageErrors.provoked();
      await dashboardWith(page, given);
      await expect(badge(page)).toHaveAttribute('data-subscription-state', 'error');
      await expect(badge(page)).toHaveText('Error loading subscription');
    });
  }

  // Postgres answers PGRST116 to the single-row reads by itself when the member has no such row.
  // No customer: the worker's member, who has no rows of their own.
  const freeCases: [string, ((user: TestUser) => Promise<void>) | 'worker member'][] = [
    ['no customer (PGRST116)', 'worker member'],
    ['no subscription (PGRST116)', (user) => asServiceRole('stripe_customers', { user_id: user.memberId, customer_id: customerOf(user) })],
    ['no price', (user) => subscription(user, plan({ price_id: null }))],
  ];
  for (const [name, given] of freeCases) {
    test(`"Free Explorer Plan" with ${name}`, async ({ page, asWorkerMember }) => {
      if (given === 'worker member') await plainDashboard(page, asWorkerMember);
      else await dashboardWith(page, given);
      await expect(badge(page)).toHaveAttribute('data-subscription-state', 'free');
      await expect(badge(page)).toHaveText('Free Explorer Plan');
    });
  }

  test('"Unknown subscription" for a price outside the catalogue', async ({ page }) => {
    const user = await dashboardWith(page, (user) => subscription(user, plan({ price_id: 'price_retired' })));
    await expect(badge(page)).toHaveText('Unknown subscription');
    const query = (await requestsOf(user, 'stripe_subscriptions'))[0]!.query;
    expect(query.customer_id).toBe(`eq.${customerOf(user)}`);
  });

  // Issue 14: the cancelled case is a subscription cancelled at once (Stripe leaves
  // cancel_at_period_end false); the fixture used to set it, which hid "Renews on" there.
  const statusCases: [string, string, string | null, string, SubscriptionRow, string | null][] = [
    ['active', 'green', null, 'Adventurer Membership', plan(), 'Renews on:'],
    ['trialing', 'blue', 'Trialing', 'Alchemist Membership', plan({ subscription_status: 'trialing', price_id: 'price_alchemist_monthly' }), 'Renews on:'],
    ['past_due', 'yellow', 'Past due', 'Adventurer Membership', plan({ subscription_status: 'past_due' }), 'Renews on:'],
    ['canceled', 'red', 'Canceled', 'Adventurer Membership', plan({ subscription_status: 'canceled' }), 'Ended on:'],
    ['incomplete', 'grey', 'Incomplete', 'Adventurer Membership', plan({ subscription_status: 'incomplete' }), null],
  ];
  for (const [status, tone, text, planName, row, endLabel] of statusCases) {
    test(`${/^[aeiou]/.test(status) ? 'an' : 'a'} ${status} subscription is ${tone}${text ? ` and says "${text}"` : ' without a status'}`, async ({ page }) => {
      await dashboardWith(page, (user) => subscription(user, row));
      await expect(badge(page)).toHaveAttribute('data-subscription-state', 'plan');
      await expect(badge(page)).toHaveAttribute('data-tone', tone);
      await expect(badge(page).locator('[data-plan-name]')).toHaveText(planName);
      if (text) await expect(badge(page).locator('[data-status]')).toHaveText(text);
      else await expect(badge(page).locator('[data-status]')).toHaveCount(0);
      await expect(badge(page).locator('[data-period]')).toHaveText('March 1, 2025 – April 1, 2025');
      await expect(badge(page)).toContainText('Visa ending in 4242');
      if (endLabel) await expect(badge(page).locator('[data-end-label]')).toHaveText(endLabel);
      else await expect(badge(page).locator('[data-end-label]')).toHaveCount(0);
    });
  }

  test('a subscription cancelling at the period end "Ends on" that date, and the billing link stays', async ({ page }) => {
    await dashboardWith(page, (user) => subscription(user, plan({ cancel_at_period_end: true })));
    await expect(badge(page).locator('[data-end-label]')).toHaveText('Ends on:');
    await expect(badge(page)).toContainText('Ends on: April 1, 2025');
    await expect(badge(page)).not.toContainText('Renews on');
    await expect(page.getByRole('button', { name: 'Manage billing' })).toBeVisible();
  });

  test('past due says what to do and offers "Update payment method" first', async ({ page }) => {
    await dashboardWith(page, (user) => subscription(user, plan({ subscription_status: 'past_due' })));
    await expect(badge(page).locator('[data-subscription-action]')).toHaveText(
      'Your last payment failed. Update your payment method to keep your membership.',
    );
    const update = page.getByRole('button', { name: 'Update payment method' });
    await expect(update).toBeVisible();
    await expect(update).toHaveClass(/btn-primary/);
    await expect(page.getByRole('button', { name: 'Manage billing' })).toHaveCount(0);
  });

  test('a member without a subscription sees no billing button', async ({ page, asWorkerMember }) => {
    await plainDashboard(page, asWorkerMember);
    await expect(badge(page)).toHaveText('Free Explorer Plan');
    await expect(page.locator('[data-billing-actions]')).toHaveCount(0);
  });
});

test.describe('your library', () => {
  /** A paid one-time purchase, as the webhook records it. */
  const purchase = (user: TestUser, price_id: string, product_type: string) =>
    asServiceRole('purchases', {
      user_id: user.memberId,
      price_id,
      product_type,
      status: 'paid',
      amount: 4900,
      currency: 'usd',
      purchased_at: '2026-11-02T10:00:00.000Z',
      checkout_session_id: `cs_test_${price_id}_${user.memberId}`,
    });
  const library = (page: Page) => page.getByRole('region', { name: 'Your library' });

  test('an Adventurer who bought the course: every app included, the course purchased on its date, each with where to open it', async ({ page }) => {
    const user = await dashboardWith(page, async (user) => {
      await subscription(user, plan());
      await purchase(user, 'price_master_alchemist_course', 'course');
    });
    const items = library(page).locator('[data-library-item]');
    await expect(items).toHaveCount(7);
    await expect(library(page).locator('[data-library-item="price_app_stillpoint"]')).toContainText('Included in Adventurer');
    await expect(library(page).getByRole('link', { name: 'Open: Stillpoint' })).toHaveAttribute('href', '/lounge/stillpoint/');
    // Every app opens at its home in the Lounge now, Mindstage included.
    await expect(library(page).getByRole('link', { name: 'Open: Mindstage' })).toHaveAttribute('href', '/lounge/mindstage/');
    await expect(library(page).locator('[data-library-item="price_master_alchemist_course"]')).toContainText('Purchased on November 2, 2026');
    await expect(page.getByRole('region', { name: 'Profile Information' })).toContainText('Adventurer');
    const query = (await requestsOf(user, 'purchases'))[0]!.query;
    expect(query.user_id).toBe(`eq.${user.memberId}`);
    await expectNoSeriousA11yViolations(page);
  });

  test('an Explorer who bought nothing is pointed to the apps', async ({ page, asWorkerMember }) => {
    await plainDashboard(page, asWorkerMember);
    await expect(library(page)).toContainText('Nothing here yet');
    await expect(library(page).getByRole('link', { name: 'Browse the apps' })).toHaveAttribute('href', '/products');
  });

  test('a Founding Member: the badge in the navigation and the profile, and everything in the library', async ({ page }) => {
    await dashboardWith(page, (user) => purchase(user, 'price_founding_membership', 'membership'));
    await expect(page.getByRole('region', { name: 'Profile Information' })).toContainText('Founding Member');
    await expect(page.locator('[data-nav-account="desktop"] [data-tier]')).toHaveAttribute('data-tier', 'Founding Member');
    await expect(library(page).locator('[data-library-item]')).toHaveCount(8);
    await expect(library(page).locator('[data-library-item="price_app_mindstage"]')).toContainText('Founding Member');
  });

  test('a failing purchases read says so and keeps the rest', async ({ page, pageErrors }) => {
    pageErrors.provoked();
    await dashboardWith(page, (user) => failFor(user, 'purchases', 'GET', serverError));
    await expect(library(page).getByRole('alert')).toHaveText('Failed to fetch purchase data');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
  });
});
