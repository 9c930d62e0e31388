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

test('shows the profile, the member’s sessions newest first with long dates, and the quick actions', async ({ page }) => {
  const db = await dashboardWith(page, {
    'GET profiles': rows({ id: 'x', email: 'ana@example.com', full_name: 'Ana Maria Lima', membership_tier: 'Alchemist', project_id: 'proj_7', created_at: '2025-01-05T15:00:00Z' }),
    // Issue 13: the tier shown is the access model's, from the subscription (and purchases).
    'GET stripe_customers': rows({ customer_id: 'cus_1' }),
    'GET stripe_subscriptions': rows(subscription({ price_id: 'price_alchemist_monthly' })),
    'GET coaching_session_signups': rows([
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

  const sessions = page.locator('[data-my-sessions] li');
  await expect(sessions).toHaveCount(2);
  await expect(sessions.nth(0)).toContainText('March 27, 2025');
  await expect(sessions.nth(1)).toContainText('January 30, 2025');
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

test('without a profile row the account’s name greets, the defaults show, and nothing is an error', async ({ page }) => {
  await dashboardWith(page, { 'GET profiles': NO_ROWS });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ana Lima');
  const profile = page.getByRole('region', { name: 'Profile Information' });
  await expect(profile).toContainText('Not assigned');
  await expect(profile).toContainText('Explorer');
  await expect(page.locator('[data-tone="error"]')).toHaveCount(0);
  await expect(page.getByText('You haven’t saved a seat yet', { exact: false })).toBeVisible();
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

  const statusCases: [string, string, string | null, string, Answer][] = [
    ['active', 'green', null, 'Adventurer Membership', rows(subscription())],
    ['trialing', 'blue', 'Trialing', 'Alchemist Membership', rows(subscription({ subscription_status: 'trialing', price_id: 'price_alchemist_monthly' }))],
    ['past_due', 'yellow', 'Past due', 'Adventurer Membership', rows(subscription({ subscription_status: 'past_due' }))],
    ['canceled', 'red', 'Canceled', 'Adventurer Membership', rows(subscription({ subscription_status: 'canceled', cancel_at_period_end: true }))],
    ['incomplete', 'grey', 'Incomplete', 'Adventurer Membership', rows(subscription({ subscription_status: 'incomplete' }))],
  ];
  for (const [status, tone, text, plan, answer] of statusCases) {
    test(`${/^[aeiou]/.test(status) ? 'an' : 'a'} ${status} subscription is ${tone}${text ? ` and says "${text}"` : ' without a status'}`, async ({ page }) => {
      await dashboardWith(page, { 'GET stripe_customers': customer, 'GET stripe_subscriptions': answer });
      await expect(badge(page)).toHaveAttribute('data-subscription-state', 'plan');
      await expect(badge(page)).toHaveAttribute('data-tone', tone);
      await expect(badge(page).locator('[data-plan-name]')).toHaveText(plan);
      if (text) await expect(badge(page).locator('[data-status]')).toHaveText(text);
      else await expect(badge(page).locator('[data-status]')).toHaveCount(0);
      await expect(badge(page).locator('[data-period]')).toHaveText('March 1, 2025 – April 1, 2025');
      await expect(badge(page)).toContainText('Visa ending in 4242');
    });
  }
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
    await expect(library(page).getByRole('link', { name: 'Open: Stillpoint' })).toHaveAttribute('href', '/app/stillpoint');
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
