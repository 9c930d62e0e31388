/**
 * A session's end reaches the served functions (issue 41), on the members build: an Alchemist
 * signs in through /login, and their ID token (the one the page holds) opens a paid lesson (the
 * content gate), their coaching session's join link (coaching-join) and a checkout
 * (stripe-checkout). Then their sessions are revoked as firebase-admin's revokeRefreshTokens
 * does it (the Auth emulator's accounts:update with validSince), and the same token opens none
 * of the three: 401, and the link is not in the answer. The same once the account was deleted
 * (its tombstone, as account-delete leaves it), which the emulator's own lookup never saw.
 *
 * The member is made as local-platform/demo-members.mjs makes the demo Alchemist (its standing: a
 * verified account, the role claim, the Alchemist plan), on an account of its own: revoking the
 * shared demo Alchemist would end the sessions of the specs that sign in as it at the same time.
 */
import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { asOwner, asServiceRole } from '../support/members-commerce';
import { EMULATOR, PROJECT } from '../support/members';
import { DEMO_MEMBERS, DEMO_PASSWORD, demoBilling } from '../../local-platform/demo-members.mjs';
import { addSessions, sessionAt } from '../coaching/sessions';

const PAID_LESSON = 'beyond-fine';
const JOIN_URL = 'https://meet.example.com/alchemists-only';
const REVOKED = 'Your session has ended. Please sign in again.';
const DELETED = 'This account was deleted. To come back, create a new account.';
const MINUTE = 60_000;

/** The emulator's Admin API, as the project's owner (demo-members.mjs's calls). */
async function admin(method: string, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`emulator ${method}: ${res.status} ${await res.text()}`);
}

/** An Alchemist as the demo one is made, on an account of its own, registered for a session that starts in half an hour (its join link open to them). */
async function alchemist() {
  const demo = DEMO_MEMBERS.find((m) => m.tier === 'Alchemist')!;
  const short = crypto.randomUUID().slice(0, 8);
  const m = { ...demo, memberId: `${demo.memberId}-${short}`, email: `alchemist-${short}@demo.local` };
  await admin('accounts', { localId: m.memberId, email: m.email, password: DEMO_PASSWORD, displayName: m.name });
  await admin('accounts:update', { localId: m.memberId, emailVerified: true, customAttributes: JSON.stringify({ role: 'authenticated' }) });
  await asServiceRole('profiles', { id: m.memberId, email: m.email, full_name: m.name, membership_tier: m.tier });
  const billing = demoBilling(m);
  const now = Math.floor(Date.now() / 1000);
  await asServiceRole('stripe_customers', { user_id: m.memberId, customer_id: billing.customer });
  await asServiceRole('stripe_subscriptions', {
    customer_id: billing.customer,
    subscription_id: billing.subscription,
    price_id: m.plan,
    subscription_status: 'active',
    current_period_start: now,
    current_period_end: now + 30 * 24 * 3600,
  });
  const session = sessionAt(Date.now() + 30 * MINUTE);
  await addSessions([session]);
  await asOwner('coaching_session_signups', { user_id: m.memberId, session_id: session.id, name: m.name, email: m.email });
  await asOwner('coaching_join_links', { session_id: session.id, url: JOIN_URL });
  return { ...m, session: session.id };
}

/** The three doors, called from the page's origin with `token`. */
function doors(page: Page, token: string, session: string) {
  const origin = new URL(page.url()).origin;
  const headers = { authorization: `Bearer ${token}` };
  return {
    lesson: () => page.request.get(`/api/content/course/${PAID_LESSON}`, { headers }),
    join: () => page.request.get(`/api/coaching-join?session=${session}`, { headers }),
    checkout: () =>
      page.request.post('/api/stripe-checkout', {
        headers: { ...headers, origin },
        data: { price_id: 'price_founding_membership', mode: 'payment', success_url: `${origin}/success?session_id={CHECKOUT_SESSION_ID}`, cancel_url: `${origin}/products` },
      }),
  };
}

/** While the session stands, the token opens all three. */
async function expectOpen(calls: ReturnType<typeof doors>): Promise<void> {
  const lesson = await calls.lesson();
  expect(lesson.status()).toBe(200);
  expect(await lesson.json()).toMatchObject({ item: PAID_LESSON });
  expect(await (await calls.join()).json()).toMatchObject({ url: JOIN_URL });
  const checkout = await calls.checkout();
  expect(checkout.status()).toBe(200);
  expect(await checkout.json()).toMatchObject({ url: expect.stringContaining('/pay/cs_') });
}

/** Each of the three answers 401 with `error`, and the link is not in the answer. */
async function expectClosed(calls: ReturnType<typeof doors>, error: string): Promise<void> {
  for (const [what, request] of Object.entries(calls)) {
    const res = await request();
    expect(res.status(), what).toBe(401);
    const text = await res.text();
    expect(JSON.parse(text), what).toEqual({ error });
    expect(text).not.toContain(JOIN_URL);
  }
}

test('once an Alchemist’s sessions are revoked, the token they held opens no lesson, no join link and no checkout', async ({ page }) => {
  test.slow(); // a sign-in through /login, then six calls to the served functions
  const m = await alchemist();
  await page.goto('/login');
  await page.getByLabel('Email').fill(m.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/?$/, { timeout: 15_000 });
  // The token the page holds (its session record).
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('ia:session') ?? 'null') as { idToken?: string } | null)?.idToken ?? null);
  expect(token).toBeTruthy();
  const calls = doors(page, token!, m.session);
  await expectOpen(calls);

  // Revoked as firebase-admin's revokeRefreshTokens does it: validSince, in whole seconds, after the sign-in.
  const authTime = (JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString('utf8')) as { auth_time: number }).auth_time;
  await expect.poll(() => Math.floor(Date.now() / 1000), { timeout: 5_000 }).toBeGreaterThan(authTime);
  await admin('accounts:update', { localId: m.memberId, validSince: String(Math.floor(Date.now() / 1000)) });
  await expectClosed(calls, REVOKED);
});

test('once an Alchemist’s account was deleted (its tombstone), the token they held opens no lesson, no join link and no checkout', async ({ page }) => {
  const m = await alchemist();
  const res = await fetch(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: m.email, password: DEMO_PASSWORD, returnSecureToken: true }),
  });
  const { idToken } = (await res.json()) as { idToken: string };
  await page.goto('/');
  const calls = doors(page, idToken, m.session);
  await expectOpen(calls);
  // What account-delete leaves before anything else (its sign-in is removed last, so may remain).
  await asOwner('deleted_members', { uid_sha256: createHash('sha256').update(m.memberId, 'utf8').digest('hex') });
  await expectClosed(calls, DELETED);
});
