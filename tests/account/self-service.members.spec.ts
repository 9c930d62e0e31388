/**
 * Members help themselves (members build, flag off): the billing portal through the Stripe
 * double, coaching seats (registered, duplicate, give back, add to calendar), getting back to
 * where they were after signing in, downloading their data and deleting their account through
 * the real functions (the local database endpoint, the Stripe double, Firebase Auth emulator).
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/worker-member';
import { expectNoSeriousA11yViolations } from '../support/e2e';
import { asOwner, deleteAsServiceRole, doubles, requestsOf, rowsOf, subscription, TEST_SERVICE_ROLE_KEY } from '../support/members-commerce';
import { createUser, EMULATOR, PASSWORD, signIn, uniqueEmail, type TestUser } from '../support/members';
import { addSessions, sessionOn, type TestSession } from '../coaching/sessions';

const STRIPE_KEY = 'sk_test_double_000000000000';
const SERVICE_KEY = TEST_SERVICE_ROLE_KEY;


/** A row written into the local database the functions read, as the service role would. */
async function seed(page: Page, table: string, row: Record<string, unknown>): Promise<void> {
  const res = await page.request.post(`${doubles().postgrest}/rest/v1/${table}`, {
    headers: { apikey: SERVICE_KEY, authorization: `Bearer ${SERVICE_KEY}`, 'content-type': 'application/json' },
    data: row,
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** A customer in the Stripe double, as checkout would have created it. */
async function stripeCustomer(page: Page, memberId: string): Promise<string> {
  const res = await page.request.post(`${doubles().stripe}/v1/customers`, {
    headers: { authorization: `Bearer ${STRIPE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    data: `metadata[firebase_uid]=${encodeURIComponent(memberId)}`,
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { id: string }).id;
}

async function userExists(memberId: string): Promise<boolean> {
  const res = await fetch(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: [memberId] }),
  });
  return (((await res.json()) as { users?: unknown[] }).users ?? []).length > 0;
}

const subscriptionRow = (status: string) => ({
  subscription_id: 'sub_e2e',
  price_id: 'price_adventurer_monthly',
  subscription_status: status,
  current_period_start: 1_767_225_600,
  current_period_end: 1_769_904_000,
  cancel_at_period_end: false,
  payment_method_brand: 'visa',
  payment_method_last4: '4242',
});

test.describe('billing', () => {
  for (const [status, button] of [
    ['active', 'Manage billing'],
    ['past_due', 'Update payment method'],
  ] as const) {
    test(`"${button}" opens Stripe's Customer Portal for the member's customer and comes back to the dashboard (${status})`, async ({ page }) => {
      const user = await createUser();
      const customer = await stripeCustomer(page, user.memberId);
      await seed(page, 'stripe_customers', { user_id: user.memberId, customer_id: customer });
      await seed(page, 'stripe_subscriptions', { customer_id: customer, ...subscriptionRow(status) });
      await signIn(page, user);

      const site = new URL(page.url()).origin;
      await page.getByRole('button', { name: button }).click();
      await expect(page).toHaveURL(new RegExp(`^${doubles().stripe}/portal/bps_`));
      await expect(page.getByText(customer)).toBeVisible();
      const back = page.getByRole('link', { name: 'Return to Inner Alchemy' });
      // The portal's return address is this site's dashboard.
      expect(await back.getAttribute('href')).toBe(`${site}/dashboard`);
      await back.click();
      await expect(page).toHaveURL(/\/dashboard\/?$/);
      await expect(page.getByRole('button', { name: button })).toBeEnabled();
    });
  }

  test('a member the portal cannot serve is told why, and the button works again', async ({ page, pageErrors }) => {
    pageErrors.provoked();
    const user = await createUser();
    await subscription(user, { price_id: 'price_adventurer_monthly', subscription_status: 'active' });
    await signIn(page, user);
    // The page shows the subscription it read, but by the time the member clicks the server has
    // no Stripe customer for them (the row removed since, e.g. the account deleted in another tab).
    await expect(page.getByRole('button', { name: 'Manage billing' })).toBeVisible();
    await deleteAsServiceRole('stripe_customers', { user_id: user.memberId });
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'You have no billing account yet' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Manage billing' })).toBeEnabled();
  });
});

test.describe('coaching seats', () => {
  // This test's own sessions (unique ids), as the scheduler and the coach add them (instants on
  // the coach's clock, tests/coaching/sessions.ts).
  type Session = TestSession;
  async function openSessions(): Promise<Session[]> {
    const sessions = [sessionOn(3), sessionOn(10, { hour: 12 })];
    await addSessions(sessions);
    return sessions;
  }
  /** The member's seat at `session` (its id returned). */
  async function joined(user: TestUser, session: Session): Promise<string> {
    const id = crypto.randomUUID();
    await asOwner('coaching_session_signups', { id, user_id: user.memberId, session_id: session.id, name: 'Ana', email: 'ana@example.com', created_at: '2026-01-01T00:00:00Z' });
    return id;
  }

  test('a session already joined is marked "You’re registered" and cannot be chosen; a duplicate says so', async ({ page, pageErrors }) => {
    pageErrors.provoked();
    const SESSIONS = await openSessions();
    const user = await createUser('Ana Lima');
    await joined(user, SESSIONS[0]!);
    await signIn(page, user);
    await page.goto('/#coaching-signup');
    await page.locator('#coaching-signup').getByRole('button', { name: 'Choose Your Session' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose Your Session' });
    const first = dialog.locator(`[data-session="${SESSIONS[0]!.id}"]`);
    await expect(first.locator('[data-registered-label]')).toHaveText('You’re registered');
    await expect(first.getByRole('radio')).toBeDisabled();
    await expect(dialog.locator(`[data-session="${SESSIONS[1]!.id}"]`).getByRole('radio')).toBeEnabled();

    await dialog.locator(`[data-session="${SESSIONS[1]!.id}"]`).click();
    // Joined from another tab meanwhile: the database refuses the second seat (its unique key).
    await joined(user, SESSIONS[1]!);
    await dialog.getByRole('button', { name: 'Save My Seat' }).click();
    await expect(dialog.locator('[data-tone="error"]')).toHaveText('You’re already registered for this session. You can see it on your dashboard.');
    await expect(dialog).not.toContainText('Please try again');
  });

  test('the dashboard adds an upcoming session to a calendar and gives a seat back', async ({ page }) => {
    const SESSIONS = await openSessions();
    const user = await createUser('Ana Lima');
    const first = await joined(user, SESSIONS[0]!);
    const second = await joined(user, SESSIONS[1]!);
    await signIn(page, user);
    const upcoming = page.locator('[data-my-sessions] > li');
    await expect(upcoming).toHaveCount(2);

    // Every upcoming session offers "Add to calendar" (the seeded time ranges included).
    for (const i of [0, 1]) await expect(upcoming.nth(i).getByRole('button', { name: 'Add to calendar' })).toBeVisible();
    // Add to calendar: an .ics file of the session with its UTC start and the range's end.
    const downloading = page.waitForEvent('download');
    await upcoming.nth(0).getByRole('button', { name: 'Add to calendar' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`rapid-fire-coaching-${SESSIONS[0]!.date}.ics`);
    const ics = await readFile((await download.path())!, 'utf8');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics).toContain(`UID:coaching-${SESSIONS[0]!.id}@`);
    // Written from the instants: 6:00 PM in Berlin is 17:00 UTC in winter, 16:00 in summer, an hour long.
    const utc = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(ics).toContain(`DTSTART:${utc(SESSIONS[0]!.starts_at)}\r\n`);
    expect(ics).toContain(`DTEND:${utc(SESSIONS[0]!.ends_at)}\r\n`);
    expect(ics).toMatch(new RegExp(`DTSTART:${SESSIONS[0]!.date.replace(/-/g, '')}T1[67]0\\d{3}Z`));
    expect(ics).toContain('SUMMARY:Rapid Fire Coaching Live');

    // Give back the second seat: asked first, then deleted by id; the list follows.
    await upcoming.nth(1).getByRole('button', { name: 'Give back my seat' }).click();
    await expect(upcoming.nth(1)).toContainText('Give back your seat for');
    await upcoming.nth(1).getByRole('button', { name: 'Keep my seat' }).click();
    expect((await requestsOf(user, 'coaching_session_signups')).filter((r) => r.method === 'DELETE')).toHaveLength(0);
    expect(await rowsOf('coaching_session_signups', { user_id: user.memberId })).toHaveLength(2);
    await upcoming.nth(1).getByRole('button', { name: 'Give back my seat' }).click();
    await upcoming.nth(1).getByRole('button', { name: 'Yes, give it back' }).click();
    await expect(page.getByText('Your seat has been given back.', { exact: false })).toBeVisible();
    await expect(upcoming).toHaveCount(1);
    const [remove] = (await requestsOf(user, 'coaching_session_signups')).filter((r) => r.method === 'DELETE');
    expect(remove!.query.id).toBe(`eq.${second}`);
    // The database keeps the first seat only.
    expect((await rowsOf<{ id: string }>('coaching_session_signups', { user_id: user.memberId })).map((r) => r.id)).toEqual([first]);
    await expectNoSeriousA11yViolations(page);
  });

  test('a seat the database will not give back (already gone or past) says so', async ({ page, pageErrors }) => {
    pageErrors.provoked();
    const SESSIONS = await openSessions();
    const user = await createUser('Ana Lima');
    const seat = await joined(user, SESSIONS[0]!);
    await signIn(page, user);
    await expect(page.getByRole('button', { name: 'Give back my seat' })).toBeVisible();
    // Already gone: given back from another tab since the dashboard read it.
    await deleteAsServiceRole('coaching_session_signups', { id: seat });
    await page.getByRole('button', { name: 'Give back my seat' }).click();
    await page.getByRole('button', { name: 'Yes, give it back' }).click();
    await expect(page.locator('[data-tone="error"]')).toHaveText('Your seat could not be given back. Please try again.');
  });
});

test.describe('back to where they were', () => {
  test('"Sign In to Purchase" on /products signs in and comes back to /products', async ({ page }) => {
    const user = await createUser();
    await page.goto('/products');
    const link = page.getByRole('link', { name: /^Sign In to Purchase/ }).first();
    await expect(link).toHaveAttribute('href', '/login?next=%2Fproducts');
    await link.click();
    await expect(page).toHaveURL(/\/login\/?\?next=%2Fproducts$/);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Taking you back to where you were' })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/products\/?$/, { timeout: 15_000 });
    await expect(page.getByText(/Current Tier/)).toBeVisible({ timeout: 15_000 });
  });

  test('a newcomer sent to /login?next=/products follows "Sign up", creates the account and comes back to /products; the links keep next both ways', async ({ page }) => {
    await page.goto('/login?next=%2Fproducts');
    const signUp = page.locator('a[data-signup-link]');
    await expect(signUp).toHaveAttribute('href', '/signup?next=%2Fproducts');
    await signUp.click();
    await expect(page).toHaveURL(/\/signup\/?\?next=%2Fproducts$/);
    // And back: "Sign in" from there keeps it too.
    await expect(page.locator('a[data-login-link]')).toHaveAttribute('href', '/login?next=%2Fproducts');

    await page.getByLabel('Full name').fill('Nia Okafor');
    await page.getByLabel('Email').fill(uniqueEmail('nia'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Taking you back to where you were' })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/products\/?$/, { timeout: 15_000 });
  });

  test('the links between /login and /signup carry no next when there is none', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('a[data-signup-link]')).toHaveAttribute('href', '/signup');
    await page.goto('/signup');
    await expect(page.locator('a[data-login-link]')).toHaveAttribute('href', '/login');
  });

  test('a signed-in member opening /login or /signup goes on to next or the dashboard; another site is never next', async ({ page, asWorkerMember }) => {
    await asWorkerMember();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible({ timeout: 15_000 });
    await page.goto('/login?next=%2Fpricing');
    await expect(page).toHaveURL(/\/pricing\/?$/, { timeout: 20_000 });
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/dashboard\/?$/, { timeout: 20_000 });
    await page.goto('/login?next=%2F%2Fevil.example%2F');
    await expect(page).toHaveURL(/\/dashboard\/?$/, { timeout: 20_000 });
    await page.goto('/login?next=https%3A%2F%2Fevil.example%2F');
    await expect(page).toHaveURL(/\/dashboard\/?$/, { timeout: 20_000 });
  });
});

test.describe('leaving', () => {
  async function memberWithRows(page: Page): Promise<TestUser> {
    const user = await createUser('Ana Lima');
    await seed(page, 'profiles', { id: user.memberId, email: user.email, full_name: 'Ana Lima', membership_tier: 'Explorer' });
    await seed(page, 'purchases', { checkout_session_id: `cs_${user.memberId}`, user_id: user.memberId, price_id: 'price_app_stillpoint', product_type: 'app', amount: 2900, currency: 'usd', status: 'paid' });
    await signIn(page, user);
    return user;
  }

  test('"Download my data" gives a JSON file of the member’s own data', async ({ page }) => {
    const user = await memberWithRows(page);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('inner-alchemy-my-data.json');
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as Record<string, unknown>;
    expect(data).toMatchObject({
      account: { id: user.memberId, email: user.email },
      profile: { id: user.memberId, full_name: 'Ana Lima' },
      coaching_signups: [],
      purchases: [{ checkout_session_id: `cs_${user.memberId}`, price_id: 'price_app_stillpoint' }],
    });
  });

  test('"Delete my account" explains, asks, deletes, and signs the member out on a page that says so', async ({ page, pageErrors }) => {
    pageErrors.provoked();
    const user = await memberWithRows(page);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('Your membership is cancelled now');
    await expect(dialog).toContainText('Records of your purchases stay for our accounts, no longer linked to you');
    await expectNoSeriousA11yViolations(page, { include: 'dialog' });
    await dialog.getByRole('button', { name: 'Keep my account' }).click();
    await expect(dialog).toBeHidden();
    expect(await userExists(user.memberId)).toBe(true);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('You are signed out.')).toBeVisible();
    expect(await userExists(user.memberId)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('ia:signed-in'))).toBeNull();

    // The database: the profile deleted, the purchase kept without the member id.
    const requests = (await (await page.request.get(`${doubles().postgrest}/__requests`)).json()) as { method: string; table: string; query: Record<string, string>; body: unknown }[];
    expect(requests.some((r) => r.method === 'DELETE' && r.table === 'profiles' && r.query.id === `eq.${user.memberId}`)).toBe(true);
    const anonymise = requests.find((r) => r.method === 'PATCH' && r.table === 'purchases' && r.query.user_id === `eq.${user.memberId}`);
    expect((anonymise?.body as { user_id?: string }).user_id).toMatch(/^deleted:[0-9a-f]{32}$/);

    // Signing in again is refused: the account is gone.
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.locator('[data-tone="error"]')).toBeVisible();
    await expect(page).toHaveURL(/\/login\/?$/);
  });
});
