/**
 * GET /api/owner-numbers (netlify/functions/owner-numbers.mts) on the Auth emulator and the local
 * database: the owner reads the month's numbers (a purchase made this month is in them) and the
 * month's funnel (public.owner_funnel, on beacons and conversions whose answers are known), a
 * database that fails on any of them is a 502; a coach,
 * a member, a forged claim and an account that does not exist get 403, no token or an ended
 * session 401; a malformed or future month 400; and `npm run owner:grant` gives and takes the
 * claim, only to a verified account, on the emulator and with a service account. Outside the
 * emulator, a signed token whose account has no claim is refused too.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import ownerNumbers from '../../netlify/functions/owner-numbers.mts';
import { ownerNumbers as answer } from '../../src/features/owner/server/owner-numbers';
import { currentMonth, OWNER_MESSAGES, type OwnerNumbers } from '../../src/features/owner/owner-rules';
import type { LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import { call, SITE, createEmulatorUser, emulatorClaims, emulatorHost, expectNoLeak, setEmulatorClaims, type EmulatorUser } from '../support/functions';
import { startGoogleDouble, type GoogleDouble } from '../support/google-double';
import { withStandIns } from '../support/stand-ins';

let db: LocalSupabase;
withStandIns({ db: true }, (standIns) => {
  ({ db } = standIns);
});

const PASSWORD = 'correct-horse-battery';

async function signIn(email: string): Promise<string> {
  const res = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`emulator sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { idToken: string }).idToken;
}

/** An account with these claims beside auth-sync's role, and a fresh token carrying them. */
async function account(claims: Record<string, unknown> = {}): Promise<EmulatorUser> {
  const user = await createEmulatorUser();
  await setEmulatorClaims(user.memberId, { role: 'authenticated', ...claims });
  return { ...user, idToken: await signIn(user.email) };
}

async function updateAccount(memberId: string, fields: Record<string, unknown>): Promise<void> {
  const res = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: memberId, ...fields }),
  });
  if (!res.ok) throw new Error(`emulator update failed: ${res.status} ${await res.text()}`);
}

const get = (query: string, headers: Record<string, string> = {}) => call(ownerNumbers, `/api/owner-numbers${query}`, { headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('GET /api/owner-numbers', () => {
  it('answers the owner with this month’s numbers, a purchase made this month in them, never cached', async () => {
    const owner = await account({ owner: true });
    await db.query(`insert into public.profiles (id, email) values ('uid-buyer', 'buyer@example.com')`);
    await db.query(
      `insert into public.purchases (user_id, price_id, product_type, checkout_session_id, amount, currency, status) values ('uid-buyer', 'price_app_stillpoint', 'app', 'cs_owner_test', 2900, 'usd', 'paid')`,
    );
    const res = await get('', bearer(owner.idToken));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = res.body as OwnerNumbers;
    expect(body.month).toBe(currentMonth());
    expect(body.numbers.money.one_time).toEqual([{ product: 'apps', currency: 'usd', sold: null, gross: 2900, refunds: 0, refunded: 0, lost_disputes: 0, disputed: 0, net: 2900 }]);
    expect(body.numbers.members.sign_ups).toBeNull(); // one: fewer than 5
    expect(body.trend).toHaveLength(12);
    expect(body.trend.at(-1)).toMatchObject({ month: currentMonth(), one_time_net: [{ currency: 'usd', amount: 2900 }] });
    // Aggregates only: nothing names the buyer.
    expect(res.text).not.toMatch(/uid-buyer|buyer@example\.com|cs_owner_test/);
    // A past month, asked for by name: nothing was sold then. The course's lessons are the
    // database's (the page sends no count; a stale `lessons` parameter changes nothing).
    const past = await get('?month=2025-01', bearer(owner.idToken));
    expect(past.status).toBe(200);
    expect((past.body as OwnerNumbers).numbers.money.one_time).toEqual([]);
    expect((past.body as OwnerNumbers).numbers.course).toEqual({ members_opened: 0, lessons_completed: 0, members_finished: 0, lessons: 27 });
    expect((await get('?month=2025-01&lessons=3', bearer(owner.idToken))).body).toEqual(past.body);
  });

  it('answers the month’s funnel: visits, visitors, journeys, sign-ups and purchases, by source, the top pages and referrers, 1 to 4 as null', async () => {
    const owner = await account({ owner: true });
    for (const table of ['funnel_hits', 'funnel_conversions']) await db.query(`delete from private.${table}`);
    const hash = (n: number) => n.toString(16).padStart(64, '0');
    const hit = (visitor: number, event: string, path: string, at: string, ref: string | null = null, source: string | null = null) =>
      db.query(`select public.funnel_hit(visitor => $1, event => $2, path => $3, occurred_at => $4, referrer_host => $5, utm_source => $6)`, [hash(visitor), event, path, at, ref, source]);
    // March 2026 in Berlin. Six visitors land from a newsletter on the 10th; five of them open the
    // self-trust journey and start it, two finish it. One more comes from a search engine. One
    // page view at 00:00 on 1 April in Berlin (22:00 UTC) belongs to April.
    for (let v = 1; v <= 6; v++) await hit(v, 'pageview', '/', '2026-03-10T09:00:00Z', 'mail.example.com', 'newsletter');
    for (let v = 1; v <= 5; v++) {
      await hit(v, 'pageview', '/lead-magnet-journey/self-trust', '2026-03-10T09:05:00Z');
      await hit(v, 'journey_started', '/lead-magnet-journey/self-trust', '2026-03-10T09:06:00Z');
      if (v <= 2) await hit(v, 'journey_finished', '/lead-magnet-journey/self-trust', '2026-03-10T09:20:00Z');
    }
    await hit(7, 'pageview', '/pricing', '2026-03-20T12:00:00Z', 'duckduckgo.com');
    await hit(8, 'pageview', '/pricing', '2026-03-31T22:00:00Z');
    // Sign-ups and purchases, counted on the server: five sign-ups and one purchase in March.
    for (let n = 1; n <= 5; n++) await db.query(`insert into private.funnel_conversions (kind, key, occurred_at) values ('signup', $1, '2026-03-15T12:00:00Z')`, [hash(100 + n)]);
    await db.query(`insert into private.funnel_conversions (kind, key, occurred_at) values ('purchase', $1, '2026-03-16T12:00:00Z')`, [hash(200)]);

    const res = await get('?month=2026-03', bearer(owner.idToken));
    expect(res.status).toBe(200);
    expect((res.body as OwnerNumbers).funnel).toEqual({
      visits: 12,
      visitors: 7,
      journeys_started: 5,
      journeys_finished: null, // two: fewer than 5
      signups: 5,
      purchases: null, // one
      by_source: [
        { source: 'newsletter', visits: 11, journeys_started: 5, journeys_finished: null, signups: 0, purchases: 0 },
        { source: null, visits: null, journeys_started: 0, journeys_finished: 0, signups: 5, purchases: null },
      ],
      top_pages: [
        { path: '/', visits: 6 },
        { path: '/lead-magnet-journey/self-trust', visits: 5 },
        { path: '/pricing', visits: null },
      ],
      top_referrers: [
        { host: 'mail.example.com', visits: 6 },
        { host: 'duckduckgo.com', visits: null },
      ],
    });
    // Aggregates only: no visitor's hash leaves the database.
    expect(res.text).not.toContain(hash(1));
    // April has the one page view (hidden) and nothing else.
    const april = (await get('?month=2026-04', bearer(owner.idToken))).body as OwnerNumbers;
    expect(april.funnel).toMatchObject({ visits: null, visitors: null, signups: 0, purchases: 0, top_pages: [{ path: '/pricing', visits: null }], top_referrers: [] });
  });

  it('answers 502 with a message when the database fails on the numbers, the trend or the funnel, and tells nothing of it', async () => {
    const owner = await account({ owner: true });
    for (const fn of ['owner_numbers', 'owner_trend', 'owner_funnel']) {
      db.reset();
      db.fail(`rpc/${fn}`, 'POST', 500, 'XX000');
      const res = await get('', bearer(owner.idToken));
      expect(res, fn).toMatchObject({ status: 502, body: { error: 'The numbers could not be read just now. Please try again.' } });
      expect(res.text).not.toContain(fn);
      expectNoLeak(res.text);
    }
    db.reset();
    expect((await get('', bearer(owner.idToken))).status).toBe(200);
  });

  it('refuses a coach, a member, a forged owner claim and an account that does not exist with 403, and tells them nothing', async () => {
    const coach = await account({ coach: true });
    const member = await account();
    for (const user of [coach, member]) expect(await get('', bearer(user.idToken))).toMatchObject({ status: 403, body: { error: OWNER_MESSAGES.notOwner } });
    const claims = UnsecuredJWT.decode(member.idToken).payload;
    const forged = new UnsecuredJWT({ ...claims, owner: true }).encode();
    expect(await get('', bearer(forged))).toMatchObject({ status: 403, body: { error: OWNER_MESSAGES.notOwner } });
    const nobody = new UnsecuredJWT({ ...claims, sub: 'no-such-account', user_id: 'no-such-account', owner: true }).encode();
    const refused = await get('', bearer(nobody));
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain('money');
    // A claim taken away counts at once, before the token expires.
    const former = await account({ owner: true });
    await setEmulatorClaims(former.memberId, { role: 'authenticated' });
    expect(await get('', bearer(former.idToken))).toMatchObject({ status: 403, body: { error: OWNER_MESSAGES.notOwner } });
  });

  it('answers 401 to no token and to an owner whose session has ended, 405 to another method', async () => {
    expect((await get('')).status).toBe(401);
    const owner = await account({ owner: true });
    await updateAccount(owner.memberId, { disableUser: true });
    expect((await get('', bearer(owner.idToken))).status).toBe(401);
    const other = await account({ owner: true });
    expect((await call(ownerNumbers, '/api/owner-numbers', { method: 'POST', headers: bearer(other.idToken), body: {} })).status).toBe(405);
  });

  it('answers 400 with a message to a malformed month and a month not begun in Berlin', async () => {
    const owner = await account({ owner: true });
    for (const month of ['march', '2026-13', '2026-3', '2026-00', '26-03', '2026-03-01', '1999-12']) {
      const res = await get(`?month=${encodeURIComponent(month)}`, bearer(owner.idToken));
      expect(res, month).toMatchObject({ status: 400, body: { error: OWNER_MESSAGES.badMonth } });
      expectNoLeak(res.text);
    }
    const [y, m] = currentMonth().split('-').map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    expect(await get(`?month=${next}`, bearer(owner.idToken))).toMatchObject({ status: 400, body: { error: OWNER_MESSAGES.futureMonth } });
    expect(await get(`?month=${y + 1}-${String(m).padStart(2, '0')}`, bearer(owner.idToken))).toMatchObject({ status: 400, body: { error: OWNER_MESSAGES.futureMonth } });
  });

  it('takes the month in Berlin: on the last evening of October in UTC it is already November there', async () => {
    const owner = await account({ owner: true });
    const ask = (now: string) => answer(new Request(`${SITE}/api/owner-numbers?month=2026-11`, { headers: bearer(owner.idToken) }), new Date(now));
    await expect(ask('2026-10-31T22:30:00Z')).rejects.toMatchObject({ status: 400, message: OWNER_MESSAGES.futureMonth }); // 23:30 on 31 October (CET)
    expect((await ask('2026-10-31T23:30:00Z')).status).toBe(200); // 00:30 on 1 November
  });
});

describe('npm run owner:grant', () => {
  const run = promisify(execFile);
  const grant = (args: string[], env: Record<string, string | undefined>) =>
    run(process.execPath, ['scripts/grant-role.mjs', 'owner', ...args], { env: { PATH: process.env.PATH ?? '', ...env } }).then(
      (r) => ({ code: 0, out: r.stdout + r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );
  const emulatorEnv = () => ({ FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID });

  it('gives a verified emulator account the owner claim, keeping its other claims, and takes it back; the owner then reads the numbers', async () => {
    const m = await account({ coach: true });
    await updateAccount(m.memberId, { emailVerified: true });
    const given = await grant([m.email.toUpperCase()], emulatorEnv());
    expect(given).toMatchObject({ code: 0, out: expect.stringContaining(`${m.email} is the owner now`) });
    expect(await emulatorClaims(m.memberId)).toEqual({ role: 'authenticated', coach: true, owner: true });
    expect((await get('', bearer(await signIn(m.email)))).status).toBe(200);
    expect((await grant([m.email], emulatorEnv())).out).toContain('is the owner already; nothing changed');
    expect((await grant(['--revoke', m.email], emulatorEnv())).out).toContain('is no longer the owner');
    expect(await emulatorClaims(m.memberId)).toEqual({ role: 'authenticated', coach: true });
    expect((await get('', bearer(await signIn(m.email)))).status).toBe(403);
    expect(await grant(['nobody-here@example.com'], emulatorEnv())).toMatchObject({ code: 1, out: expect.stringContaining('No account has the email nobody-here@example.com') });
    expect((await grant([], emulatorEnv())).code).toBe(2);
    expect((await grant(['--everyone', m.email], emulatorEnv())).code).toBe(2);
  }, 60_000);

  it('refuses an account whose email address is not verified, saying why; --revoke still works on it', async () => {
    const m = await account();
    const refused = await grant([m.email], emulatorEnv());
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`${m.email} has not verified its email address, so it cannot be given the owner role`);
    expect(await emulatorClaims(m.memberId)).toEqual({ role: 'authenticated' });
    await setEmulatorClaims(m.memberId, { role: 'authenticated', owner: true });
    expect(await grant(['--revoke', m.email], emulatorEnv())).toMatchObject({ code: 0, out: expect.stringContaining('is no longer the owner') });
    expect(await emulatorClaims(m.memberId)).toEqual({ role: 'authenticated' });
  }, 60_000);
});

describe('the owner claim with Google’s APIs (outside the emulator)', () => {
  let google: GoogleDouble;
  const saved = { ...process.env };
  beforeAll(async () => {
    google = await startGoogleDouble();
  });
  afterAll(async () => {
    await google.close();
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  });
  beforeEach(() => {
    for (const name of ['FIREBASE_AUTH_EMULATOR_HOST', 'FIREBASE_CLIENT_EMAIL', 'FIREBASE_PRIVATE_KEY', 'PUBLIC_FIREBASE_PROJECT_ID']) delete process.env[name];
    Object.assign(process.env, google.env, { FIREBASE_SERVICE_ACCOUNT: google.serviceAccount.keyFile });
    google.reset();
    vi.resetModules();
  });

  it('takes the owner’s signed token, and refuses a token signed by another key or a claim the account does not have', async () => {
    const { default: fn } = await import('../../netlify/functions/owner-numbers.mts');
    google.users.set('uid-owner', { localId: 'uid-owner', email: 'owner@example.com', customAttributes: JSON.stringify({ role: 'authenticated', owner: true }) });
    google.users.set('uid-coach', { localId: 'uid-coach', email: 'coach@example.com', customAttributes: JSON.stringify({ role: 'authenticated', coach: true }) });
    const ask = (token: string) => call(fn, '/api/owner-numbers', { headers: bearer(token) });
    expect((await ask(await google.idToken('uid-owner', { claims: { role: 'authenticated', owner: true } }))).status).toBe(200);
    expect(await ask(await google.idToken('uid-owner', { claims: { owner: true }, key: google.newKey() }))).toMatchObject({ status: 403 });
    expect(await ask(await google.idToken('uid-coach', { claims: { role: 'authenticated', owner: true } }))).toMatchObject({ status: 403, body: { error: OWNER_MESSAGES.notOwner } });
  });

  it('npm run owner:grant works with a service account, for a verified account only', async () => {
    const run = promisify(execFile);
    const grant = (email: string) =>
      run(process.execPath, ['scripts/grant-role.mjs', 'owner', email], { env: { PATH: process.env.PATH ?? '', ...google.env, FIREBASE_SERVICE_ACCOUNT: google.serviceAccount.keyFile } }).then(
        (r) => ({ code: 0, out: r.stdout + r.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
      );
    google.users.set('uid-u', { localId: 'uid-u', email: 'una@example.com', emailVerified: false, customAttributes: JSON.stringify({ role: 'authenticated' }) });
    expect(await grant('una@example.com')).toMatchObject({ code: 1, out: expect.stringContaining('una@example.com has not verified its email address') });
    expect(JSON.parse(google.users.get('uid-u')!.customAttributes!)).toEqual({ role: 'authenticated' });
    google.users.set('uid-o', { localId: 'uid-o', email: 'olive@example.com', emailVerified: true, customAttributes: JSON.stringify({ role: 'authenticated' }) });
    expect(await grant('olive@example.com')).toMatchObject({ code: 0, out: expect.stringContaining('olive@example.com is the owner now') });
    expect(JSON.parse(google.users.get('uid-o')!.customAttributes!)).toEqual({ role: 'authenticated', owner: true });
    expect(google.requests.filter((r) => r.path.endsWith('accounts:update'))).toHaveLength(1);
  }, 60_000);
});
