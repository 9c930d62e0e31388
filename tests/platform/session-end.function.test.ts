/**
 * A session's end reaches every member function (issue 41, point 6), on the production path:
 * tokens signed RS256 by a key published the way Google publishes them, and the account looked
 * up on Identity Toolkit's accounts:lookup with the service account, both served by the local
 * stand-in for Google (tests/support/google-double.ts; FIREBASE_AUTH_EMULATOR_HOST is removed,
 * so nothing here is the emulator's always-on lookup). Beside it: the local database (PGlite
 * behind the PostgREST endpoint, our migrations) and the Stripe double.
 *
 * For every function that reveals or changes a member's things, a member's good token is
 * accepted; then the same kind of token is refused with 401 once the account's tokens were
 * revoked after it signed in (validSince, as firebase-admin's revokeRefreshTokens leaves it),
 * once the account is disabled, and once the account's tombstone exists (it was deleted); and a
 * refused call reads and writes nothing but the check itself. Without a service account the
 * account cannot be checked: every one answers 503 and says what to set. Then the per-instance
 * memory of an account (at most ACCOUNT_CACHE_MS, at most ACCOUNT_CACHE_SIZE accounts), on a
 * clock the test sets.
 *
 * email-preferences is not in the table: it takes no session (its signed link is its key).
 */
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import catalogue from '../../src/content/catalogue.json';
import generated from '../../netlify/functions/_generated/gated-content.json';
import { memberHash } from '../../netlify/functions/_shared/deleted-members';
import { startGoogleDouble, KEYS_PATH, type GoogleDouble } from '../support/google-double';
import type { LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import { stripePriceId, type StripeDouble } from '../../local-platform/stripe/stripe-standin';
import { call, expectNoLeak, SITE, type Handler, type LogSpies } from '../support/functions';
import { withStandIns } from '../support/stand-ins';

let google: GoogleDouble;
let db: LocalSupabase;
let stripe: StripeDouble;
let logs: LogSpies;
const FIREBASE_VARIABLES = ['FIREBASE_AUTH_EMULATOR_HOST', 'FIREBASE_SERVICE_ACCOUNT', 'FIREBASE_CLIENT_EMAIL', 'FIREBASE_PRIVATE_KEY', 'PUBLIC_FIREBASE_PROJECT_ID'];
const EMAIL_VARIABLES = ['RESEND_API_KEY', 'EMAIL_LINK_SECRET', 'RESEND_API_URL'];

const REVOKED = 'Your session has ended. Please sign in again.';
const DISABLED = 'This account has been disabled. Please contact support for assistance.';
const DELETED = 'This account was deleted. To come back, create a new account.';
const JOIN_URL = 'https://meet.example.com/secret-room';
const MINUTE = 60_000;

type Lesson = { preview: boolean; html: string };
const [paidSlug, paid] = Object.entries(generated.course as Record<string, Lesson>).find(([, l]) => !l.preview)!;

const fns: Record<string, Handler> = {};

withStandIns({ db: true, stripe: { catalogue }, unset: [...FIREBASE_VARIABLES, ...EMAIL_VARIABLES, 'URL', 'SITE_URL'] }, (standIns, spies) => {
  ({ db, stripe } = standIns);
  logs = spies;
});
beforeAll(async () => {
  google = await startGoogleDouble();
  const names = ['content', 'coaching-join', 'coach-join-link', 'coach-registrants', 'coach-sessions', 'stripe-checkout', 'billing-portal', 'checkout-summary', 'coaching-confirmation', 'auth-sync', 'account-export', 'account-delete'];
  for (const name of names) fns[name] = ((await import(`../../netlify/functions/${name}.mts`)) as { default: Handler }).default;
});
afterAll(async () => {
  await google.close();
});
beforeEach(() => {
  Object.assign(process.env, google.env, { FIREBASE_SERVICE_ACCOUNT: google.serviceAccount.keyFile });
  // Not google.reset(): the functions keep their access token from one test to the next, as an instance does.
  google.requests = [];
});
afterEach(() => {
  vi.useRealTimers();
});

const now = () => Math.floor(Date.now() / 1000);
let sessions = 0;

interface Member {
  memberId: string;
  email: string;
  /** A token from a sign-in two minutes ago. */
  token: string;
  /** The coaching session they are registered for (starting in 30 minutes, its join link set). */
  session: string;
  /** A Checkout Session of theirs. */
  checkout: string;
}

/**
 * A member with everything each function deals in: an Alchemist (the course), a Stripe customer
 * and subscription (the portal), a coaching session in its join window with a link, a Checkout
 * Session, a profile; and the coach claim, so the coach's functions accept them as well.
 */
async function member(): Promise<Member> {
  const memberId = `uid-${crypto.randomUUID().slice(0, 12)}`;
  const email = `${memberId}@example.com`;
  const claims = { role: 'authenticated', coach: true };
  google.users.set(memberId, { localId: memberId, email, emailVerified: true, customAttributes: JSON.stringify(claims) });
  const customer = `cus_${memberId}`;
  await db.query(`insert into public.profiles (id, email, full_name, membership_tier) values ($1, $2, 'Ada', 'Alchemist')`, [memberId, email]);
  await db.query(`insert into public.stripe_customers (user_id, customer_id) values ($1, $2)`, [memberId, customer]);
  await db.query(
    `insert into public.stripe_subscriptions (customer_id, subscription_id, price_id, subscription_status) values ($1, $2, 'price_alchemist_monthly', 'active')`,
    [customer, `sub_${memberId}`],
  );
  stripe.subscriptions.set(`sub_${memberId}`, {
    id: `sub_${memberId}`,
    object: 'subscription',
    customer,
    status: 'active',
    cancel_at_period_end: false,
    items: { object: 'list', data: [{ id: `si_${memberId}`, object: 'subscription_item', price: { id: stripePriceId('price_alchemist_monthly'), object: 'price' } }] },
    default_payment_method: null,
  });
  // In its join window (from an hour before the start), at a second of its own.
  const starts = Math.floor(Date.now() / 1000) * 1000 + 30 * MINUTE + ++sessions * 1000;
  const [row] = await db.query<{ id: string }>(`insert into public.coaching_sessions (starts_at, ends_at, max_spots) values ($1, $2, 20) returning id`, [
    new Date(starts).toISOString(),
    new Date(starts + 60 * MINUTE).toISOString(),
  ]);
  await db.query(`insert into public.coaching_session_signups (user_id, session_id, name, email) values ($1, $2, 'Ada', $3)`, [memberId, row!.id, email]);
  await db.query(`insert into public.coaching_join_links (session_id, url) values ($1, $2)`, [row!.id, JOIN_URL]);
  const sdk = new Stripe(stripe.env.STRIPE_SECRET_KEY, { host: stripe.env.STRIPE_API_HOST, port: Number(stripe.env.STRIPE_API_PORT), protocol: 'http' });
  const checkout = await sdk.checkout.sessions.create({
    mode: 'payment',
    line_items: [{ price: stripePriceId('price_app_stillpoint'), quantity: 1 }],
    client_reference_id: memberId,
    success_url: `${SITE}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${SITE}/products`,
  });
  // The rows were written as the owner (nothing recorded); the Checkout Session through Stripe's API.
  stripe.requests.length = 0;
  const token = await google.idToken(memberId, { claims: { ...claims, auth_time: now() - 120, iat: now() - 120 } });
  return { memberId, email, token, session: row!.id, checkout: checkout.id };
}

type Answer = Awaited<ReturnType<typeof call>>;

/** Every function that reveals or changes a member's things: the call a member makes, and what it gives them. */
const FUNCTIONS: { name: string; request: (m: Member, token: string) => Promise<Answer>; gives: (res: Answer, m: Member) => void }[] = [
  {
    name: 'content (a paid lesson)',
    request: (_, t) => call(fns['content']!, `/api/content/course/${paidSlug}`, { headers: { authorization: `Bearer ${t}` } }),
    gives: (res) => expect(res.body).toMatchObject({ item: paidSlug, html: paid.html }),
  },
  {
    name: 'coaching-join (the join link)',
    request: (m, t) => call(fns['coaching-join']!, `/api/coaching-join?session=${m.session}`, { headers: { authorization: `Bearer ${t}` } }),
    gives: (res) => expect(res.body).toMatchObject({ url: JOIN_URL }),
  },
  {
    name: 'coach-sessions (the coach’s page)',
    request: (_, t) => call(fns['coach-sessions']!, '/api/coach-sessions', { headers: { authorization: `Bearer ${t}` } }),
    gives: (res, m) => expect(res.text).toContain(m.email),
  },
  {
    name: 'coach-registrants (the CSV)',
    request: (m, t) => call(fns['coach-registrants']!, `/api/coach-registrants?session=${m.session}`, { headers: { authorization: `Bearer ${t}` } }),
    gives: (res, m) => expect(res.text).toContain(m.email),
  },
  {
    name: 'coach-join-link (a session’s link set)',
    request: (m, t) =>
      call(fns['coach-join-link']!, '/api/coach-join-link', { method: 'PUT', headers: { authorization: `Bearer ${t}`, origin: SITE }, body: { session: m.session, url: 'https://meet.example.com/new-room' } }),
    gives: (res) => expect(res.body).toMatchObject({ url: 'https://meet.example.com/new-room' }),
  },
  {
    name: 'stripe-checkout (a checkout started)',
    request: (_, t) =>
      call(fns['stripe-checkout']!, '/api/stripe-checkout', {
        method: 'POST',
        headers: { authorization: `Bearer ${t}`, origin: SITE },
        body: { price_id: 'price_founding_membership', mode: 'payment', success_url: `${SITE}/success?session_id={CHECKOUT_SESSION_ID}`, cancel_url: `${SITE}/products` },
      }),
    gives: (res) => expect(res.body).toEqual({ url: expect.stringContaining('/pay/cs_') }),
  },
  {
    name: 'billing-portal (the Customer Portal)',
    request: (_, t) => call(fns['billing-portal']!, '/api/billing-portal', { method: 'POST', headers: { authorization: `Bearer ${t}`, origin: SITE } }),
    gives: (res) => expect(res.body).toEqual({ url: expect.stringContaining('bps_') }),
  },
  {
    name: 'checkout-summary (what a checkout bought)',
    request: (m, t) => call(fns['checkout-summary']!, `/api/checkout-summary?session_id=${m.checkout}`, { headers: { authorization: `Bearer ${t}` } }),
    gives: (res, m) => expect(res.body).toMatchObject({ reference: m.checkout, items: [{ priceId: 'price_app_stillpoint' }] }),
  },
  {
    name: 'coaching-confirmation (the signup emails sent)',
    request: (_, t) => call(fns['coaching-confirmation']!, '/api/coaching-confirmation', { method: 'POST', headers: { authorization: `Bearer ${t}` } }),
    gives: (res) => expect(res.body).toEqual({ configured: false }),
  },
  {
    name: 'auth-sync (the profile and the role)',
    request: (_, t) => call(fns['auth-sync']!, '/api/auth-sync', { method: 'POST', headers: { authorization: `Bearer ${t}` }, body: {} }),
    gives: (res) => expect(res.body).toEqual({ ok: true, claimsUpdated: false }),
  },
  {
    name: 'account-export (all their data)',
    request: (_, t) => call(fns['account-export']!, '/api/account-export', { headers: { authorization: `Bearer ${t}` } }),
    gives: (res, m) => expect(res.body).toMatchObject({ account: { id: m.memberId, email: m.email } }),
  },
  {
    name: 'account-delete (the account deleted)',
    request: (_, t) =>
      call(fns['account-delete']!, '/api/account-delete', { method: 'POST', headers: { authorization: `Bearer ${t}`, origin: SITE }, body: { confirm: 'DELETE' } }),
    gives: (res, m) => {
      expect(res.body).toEqual({ deleted: true });
      expect(google.users.has(m.memberId)).toBe(false);
    },
  },
];

const LOOKUP = `/v1/projects/demo-inner-alchemy/accounts:lookup`;

/** A refused call read and wrote nothing but the check: the lookup, the tombstone; no Stripe, no change at Google. */
function expectNothingDone(res: Answer, m: Member): void {
  expect(db.requests.map((r) => `${r.method} ${r.table}`)).toEqual(['GET deleted_members']);
  expect(stripe.requests).toEqual([]);
  expect(google.requests.map((r) => r.path).filter((p) => p !== KEYS_PATH && p !== '/token')).toEqual([LOOKUP]);
  expect(google.users.has(m.memberId)).toBe(true);
  for (const secret of [JOIN_URL, paid.html.slice(0, 40), m.email, 'cs_', 'bps_']) expect(res.text).not.toContain(secret);
  expectNoLeak(res.text);
}

describe.each(FUNCTIONS)('$name', ({ request, gives }) => {
  it('accepts the member’s token while the session stands', async () => {
    const m = await member();
    const res = await request(m, m.token);
    expect(res.status, res.text).toBe(200);
    gives(res, m);
  });

  it('refuses it with 401 once the account’s tokens were revoked after that sign-in, doing nothing', async () => {
    const m = await member();
    google.users.get(m.memberId)!.validSince = String(now() - 60);
    const res = await request(m, m.token);
    expect([res.status, res.body]).toEqual([401, { error: REVOKED }]);
    expectNothingDone(res, m);
  });

  it('refuses it with 401 once the account is disabled, doing nothing', async () => {
    const m = await member();
    google.users.get(m.memberId)!.disabled = true;
    const res = await request(m, m.token);
    expect([res.status, res.body]).toEqual([401, { error: DISABLED }]);
    expectNothingDone(res, m);
  });

  it('answers 503 without a service account, saying what to set, doing nothing (the session cannot be checked)', async () => {
    const m = await member();
    delete process.env.FIREBASE_SERVICE_ACCOUNT;
    const res = await request(m, m.token);
    expect(res.status).toBe(503);
    expect((res.body as { error: string }).error).toMatch(/not fully configured \(no Firebase service account: set FIREBASE_SERVICE_ACCOUNT, or FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY\)/);
    expect(db.requests).toEqual([]);
    expect(stripe.requests).toEqual([]);
    expect(google.requests.map((r) => r.path).filter((p) => p !== KEYS_PATH)).toEqual([]);
    expect(logs.error).toHaveBeenCalledTimes(1);
  });
});

describe.each(FUNCTIONS.filter((f) => !f.name.startsWith('account-delete')))('$name, once the account was deleted', ({ request }) => {
  it('refuses a token of a deleted account (its tombstone) with 401, doing nothing', async () => {
    const m = await member();
    await db.query(`insert into public.deleted_members (uid_sha256) values ($1)`, [memberHash(m.memberId)]);
    const res = await request(m, m.token);
    expect([res.status, res.body]).toEqual([401, { error: DELETED }]);
    expectNothingDone(res, m);
  });
});

describe('account-delete, once the account was deleted', () => {
  it('finishes a deletion that stopped part-way (its tombstone left, its rows and sign-in not yet gone), and reveals nothing', async () => {
    const m = await member();
    await db.query(`insert into public.deleted_members (uid_sha256) values ($1)`, [memberHash(m.memberId)]);
    const res = await FUNCTIONS.find((f) => f.name.startsWith('account-delete'))!.request(m, m.token);
    expect([res.status, res.body]).toEqual([200, { deleted: true }]);
    expect(google.users.has(m.memberId)).toBe(false);
    expect(await db.query(`select id from public.profiles where id = $1`, [m.memberId])).toEqual([]);
  });
});

describe('what one instance keeps of an account (at most ACCOUNT_CACHE_MS, ACCOUNT_CACHE_SIZE accounts)', () => {
  /** The functions and the token check, imported afresh: an instance that has read no account yet. */
  async function instance() {
    vi.resetModules();
    const [content, remover, auth] = await Promise.all([
      import('../../netlify/functions/content.mts'),
      import('../../netlify/functions/account-delete.mts'),
      import('../../netlify/functions/_shared/auth'),
    ]);
    return {
      read: (t: string) => call(content.default, `/api/content/course/${paidSlug}`, { headers: { authorization: `Bearer ${t}` } }),
      remove: (t: string) => call(remover.default, '/api/account-delete', { method: 'POST', headers: { authorization: `Bearer ${t}`, origin: SITE }, body: { confirm: 'DELETE' } }),
      auth,
    };
  }
  const lookups = () => google.requestsTo(LOOKUP).length;

  it('a revocation, a disabled account and a deletion are each seen at most 60 s later; until then a member’s requests cost one lookup', async () => {
    const { read, auth } = await instance();
    expect(auth.ACCOUNT_CACHE_MS).toBe(60_000);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const start = Date.now();
    const [revoked, disabled, deleted] = [await member(), await member(), await member()];
    for (const m of [revoked, disabled, deleted]) expect((await read(m.token)).status).toBe(200);
    expect(lookups()).toBe(3);

    google.users.get(revoked.memberId)!.validSince = String(now());
    google.users.get(disabled.memberId)!.disabled = true;
    await db.query(`insert into public.deleted_members (uid_sha256) values ($1)`, [memberHash(deleted.memberId)]);
    // Within the minute, this instance goes by what it read (one lookup a member a minute).
    vi.setSystemTime(start + 59_999);
    for (const m of [revoked, disabled, deleted]) expect((await read(m.token)).status).toBe(200);
    expect(lookups()).toBe(3);
    // A minute after it read them, it reads them again, and sees each end.
    vi.setSystemTime(start + 60_000);
    expect(await read(revoked.token)).toMatchObject({ status: 401, body: { error: REVOKED } });
    expect(await read(disabled.token)).toMatchObject({ status: 401, body: { error: DISABLED } });
    expect(await read(deleted.token)).toMatchObject({ status: 401, body: { error: DELETED } });
    expect(lookups()).toBe(6);
    // A sign-in since the revocation opens the door again (read from memory: no lookup).
    const fresh = await google.idToken(revoked.memberId, { claims: { role: 'authenticated', coach: true } });
    expect((await read(fresh)).status).toBe(200);
    expect(lookups()).toBe(6);
  });

  it('an account deleted through this instance is refused by it at once, not a minute later', async () => {
    const { read, remove } = await instance();
    const m = await member();
    expect((await read(m.token)).status).toBe(200);
    expect(await remove(m.token)).toMatchObject({ status: 200, body: { deleted: true } });
    expect(await read(m.token)).toMatchObject({ status: 401, body: { error: DELETED } });
  });

  it('keeps at most ACCOUNT_CACHE_SIZE accounts: the one read longest ago is read again', async () => {
    const { auth } = await instance();
    // No database settings: the check is the lookup alone (the tombstone is the database's).
    for (const name of ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY']) delete process.env[name];
    expect(auth.ACCOUNT_CACHE_SIZE).toBe(1000);
    const tokens: string[] = [];
    for (let i = 0; i <= auth.ACCOUNT_CACHE_SIZE; i += 1) {
      const memberId = `uid-many-${i}`;
      google.users.set(memberId, { localId: memberId });
      tokens.push(await google.idToken(memberId));
    }
    for (const token of tokens) await auth.verifyIdToken(token);
    expect(lookups()).toBe(auth.ACCOUNT_CACHE_SIZE + 1);
    await auth.verifyIdToken(tokens.at(-1)!);
    expect(lookups()).toBe(auth.ACCOUNT_CACHE_SIZE + 1);
    await auth.verifyIdToken(tokens[0]!);
    expect(lookups()).toBe(auth.ACCOUNT_CACHE_SIZE + 2);
  }, 60_000);

  it('checks by default; only an explicit checkRevoked: false (firebase-admin’s name; no function passes it) skips the lookup', async () => {
    const { auth } = await instance();
    const m = await member();
    google.users.get(m.memberId)!.disabled = true;
    await expect(auth.verifyIdToken(m.token)).rejects.toMatchObject({ status: 401, code: 'auth/user-disabled', message: DISABLED });
    await expect(auth.verifyIdToken(m.token, { maxAgeSeconds: 300 })).rejects.toBeInstanceOf(auth.SessionEnded);
    expect(lookups()).toBe(1);
    await expect(auth.verifyIdToken(m.token, { checkRevoked: false })).resolves.toMatchObject({ uid: m.memberId });
    expect(lookups()).toBe(1);
  });

  it('answers 503 when Google or the tombstone cannot be read, logged once with why, and remembers no failure', async () => {
    const { read } = await instance();
    const m = await member();
    google.refuseGrants = true;
    const google503 = await read(m.token);
    expect(google503).toMatchObject({ status: 503, body: { error: 'Your account could not be checked just now. Please try again.' } });
    expect(logs.error).toHaveBeenCalledTimes(1);
    expect(logs.all()).toMatch(/accounts:lookup: app\/invalid-credential .*invalid_grant/);
    expectNoLeak(google503.text);
    google.refuseGrants = false;
    db.fail('deleted_members', 'GET', 500, 'XX000');
    const db503 = await read(m.token);
    expect(db503).toMatchObject({ status: 503, body: { error: 'Your account could not be checked just now. Please try again.' } });
    expect(logs.error).toHaveBeenCalledTimes(2);
    expect(logs.all()).toMatch(/deleted_members: deleted_members select: XX000/);
    expect(db503.text).not.toContain(paid.html.slice(0, 40));
    db.reset();
    const again = await member();
    expect((await read(again.token)).status).toBe(200);
  });
});
