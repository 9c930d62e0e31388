/**
 * Firebase ID tokens and the Admin API as in production, without the Auth emulator
 * (FIREBASE_AUTH_EMULATOR_HOST is removed here): Google's published keys, its token endpoint
 * and the Identity Toolkit API are served by a local stand-in (tests/support/google-double.ts)
 * with real RS256 keys made for the run, and the functions are pointed at it through
 * GOOGLE_APIS_STAND_IN (a server setting, loopback only). The functions are imported afresh for
 * each test, so no key set or access token is carried from one test to the next.
 */
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS_PATH, type GoogleDouble } from '../support/google-double';
import { encodeJwt, firebaseIdToken } from '../../local-platform/jwt.mjs';
import type { LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import { call, expectNoLeak, type Handler, type LogSpies } from '../support/functions';
import { withStandIns } from '../support/stand-ins';

let google: GoogleDouble;
let db: LocalSupabase;
let logs: LogSpies;
const FIREBASE_VARIABLES = ['FIREBASE_AUTH_EMULATOR_HOST', 'FIREBASE_SERVICE_ACCOUNT', 'FIREBASE_CLIENT_EMAIL', 'FIREBASE_PRIVATE_KEY', 'PUBLIC_FIREBASE_PROJECT_ID'];
const INVALID = { error: 'Invalid or expired session token' };
const TOO_OLD = { error: 'Session token is too old; please sign in again' };

// Export and deletion look the account up (accounts:lookup), with the service account.
withStandIns({ google: true, db: true, unset: FIREBASE_VARIABLES }, (standIns, spies) => {
  ({ google, db } = standIns);
  logs = spies;
});
beforeEach(() => {
  vi.resetModules();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The functions, freshly imported (one shared _shared/auth.ts among them). */
async function functions(): Promise<{ exporter: Handler; sync: Handler; remover: Handler; NO_CREDENTIAL: string }> {
  const [exporter, sync, remover] = await Promise.all([
    import('../../netlify/functions/account-export.mts'),
    import('../../netlify/functions/auth-sync.mts'),
    import('../../netlify/functions/account-delete.mts'),
  ]);
  return { exporter: exporter.default, sync: sync.default, remover: remover.default, NO_CREDENTIAL: remover.NO_CREDENTIAL };
}

/** A member Google knows, and a fresh ID token for them. */
async function member(claims: Record<string, unknown> = {}) {
  const memberId = `uid-${crypto.randomUUID().slice(0, 12)}`;
  const email = `${memberId}@example.com`;
  google.users.set(memberId, { localId: memberId, email });
  return { memberId, email, token: await google.idToken(memberId, { claims }) };
}

const now = () => Math.floor(Date.now() / 1000);
const exportWith = (fn: Handler, token: string) => call(fn, '/api/account-export', { headers: { authorization: `Bearer ${token}` } });
const kidOf = (token: string) => decodeProtectedHeader(token).kid as string;
const keyFetches = () => google.requestsTo(KEYS_PATH).length;

describe('ID tokens outside the emulator', () => {
  it("accepts a token signed by Google's published key, and gives the function its uid and email", async () => {
    const { exporter } = await functions();
    const m = await member();
    const res = await exportWith(exporter, m.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ account: { id: m.memberId, email: m.email } });
    expect(db.requestsTo('GET', 'profiles')[0]?.query).toMatchObject({ id: `eq.${m.memberId}` });
  });

  const refused: [string, (memberId: string) => Promise<string>][] = [
    ['expired', (memberId) => google.idToken(memberId, { claims: { iat: now() - 3700, auth_time: now() - 3700, exp: now() - 100 } })],
    ['expiring this very second', (memberId) => google.idToken(memberId, { claims: { iat: now() - 3600, auth_time: now() - 3600, exp: now() } })],
    ['for another project (aud)', (memberId) => google.idToken(memberId, { claims: { aud: 'another-project' } })],
    ['for several audiences', (memberId) => google.idToken(memberId, { claims: { aud: [google.projectId, 'another-project'] } })],
    ['from another project (iss)', (memberId) => google.idToken(memberId, { claims: { iss: 'https://securetoken.google.com/another-project' } })],
    ['from another issuer', (memberId) => google.idToken(memberId, { claims: { iss: 'https://accounts.google.com' } })],
    ['with a kid Google does not publish', (memberId) => google.idToken(memberId, { kid: 'not-a-published-kid' })],
    ['signed by another key under a published kid', async (memberId) => google.idToken(memberId, { key: google.newKey(), kid: kidOf(await google.idToken(memberId)) })],
    ['without a kid', (memberId) => google.idToken(memberId, { kid: null })],
    ['unsigned (alg none), as the emulator makes them', (memberId) => Promise.resolve(firebaseIdToken(memberId, { projectId: google.projectId }))],
    ['signed HS256 with the public key as the secret', async (memberId) => {
      const valid = await google.idToken(memberId);
      const jwks = (await (await fetch(`${google.origin}${KEYS_PATH}`)).json()) as { keys: unknown[] };
      return encodeJwt(decodeJwt(valid), { alg: 'HS256', secret: JSON.stringify(jwks.keys[0]), header: { kid: kidOf(valid) } });
    }],
    ['issued in the future (iat)', (memberId) => google.idToken(memberId, { claims: { iat: now() + 60 } })],
    ['from a sign-in in the future (auth_time)', (memberId) => google.idToken(memberId, { claims: { auth_time: now() + 60 } })],
    ['without auth_time', (memberId) => google.idToken(memberId, { claims: { auth_time: undefined } })],
    ['with an empty sub', () => google.idToken('', {})],
    ['with a sub longer than 128 characters', () => google.idToken('u'.repeat(129), {})],
    ['whose payload was changed after signing', async (memberId) => {
      const [header, , signature] = (await google.idToken(memberId)).split('.');
      const payload = (await google.idToken('someone-else')).split('.')[1];
      return `${header}.${payload}.${signature}`;
    }],
    ['that is not a JWT at all', () => Promise.resolve('not-a-jwt')],
  ];

  it.each(refused)('refuses a token %s with 401, reading nothing', async (_, make) => {
    const { exporter } = await functions();
    const m = await member();
    const res = await exportWith(exporter, await make(m.memberId));
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID);
    expect(db.requests).toEqual([]);
  });

  it('accepts iat and auth_time up to 5 s ahead of this server (Google stamps them as the member signs in)', async () => {
    const { exporter } = await functions();
    const m = await member();
    const token = await google.idToken(m.memberId, { claims: { iat: now() + 4, auth_time: now() + 4 } });
    expect((await exportWith(exporter, token)).status).toBe(200);
  });

  it('fetches the keys once and keeps them for the max-age Google gives', async () => {
    google.keysMaxAge = 600;
    const { exporter } = await functions();
    for (let i = 0; i < 3; i += 1) expect((await exportWith(exporter, (await member()).token)).status).toBe(200);
    expect(keyFetches()).toBe(1);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 601 * 1000);
    expect((await exportWith(exporter, (await member()).token)).status).toBe(200);
    expect(keyFetches()).toBe(2);
  });

  it('takes a rotated key: an unknown kid fetches the keys again, at most every 30 s', async () => {
    const { exporter } = await functions();
    const m = await member();
    expect((await exportWith(exporter, m.token)).status).toBe(200);
    expect(keyFetches()).toBe(1);
    vi.useFakeTimers({ toFake: ['Date'] });
    const later = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);
    // Within 30 s of a fetch, an unknown kid is simply refused.
    expect((await exportWith(exporter, await google.idToken(m.memberId, { kid: 'forged-0' }))).status).toBe(401);
    expect(keyFetches()).toBe(1);
    // After that, one refetch, then none for 30 s however many such tokens come.
    later(31);
    expect((await exportWith(exporter, await google.idToken(m.memberId, { kid: 'forged-1' }))).status).toBe(401);
    expect((await exportWith(exporter, await google.idToken(m.memberId, { kid: 'forged-2' }))).status).toBe(401);
    expect(keyFetches()).toBe(2);
    // Google rotates; a token signed with the new key is accepted once the keys are fetched again.
    google.rotate();
    later(31);
    expect((await exportWith(exporter, await google.idToken(m.memberId))).status).toBe(200);
    expect(keyFetches()).toBe(3);
    expect((await exportWith(exporter, m.token)).status).toBe(200);
    expect(keyFetches()).toBe(3);
  });

  it("answers 503, not 401, when Google's keys cannot be fetched, logged once", async () => {
    google.keysDown = true;
    const { exporter } = await functions();
    const res = await exportWith(exporter, (await member()).token);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: 'Your sign-in could not be checked just now. Please try again.' });
    expectNoLeak(res.text);
    expect(logs.lines()).toBe(1);
  });

  it('uses GOOGLE_APIS_STAND_IN only on a loopback address', async () => {
    const m = await member();
    process.env.GOOGLE_APIS_STAND_IN = 'https://keys.example.com';
    process.env.FIREBASE_SERVICE_ACCOUNT = google.serviceAccount.keyFile;
    const { exporter, sync } = await functions();
    const res = await exportWith(exporter, m.token);
    expect(res.status).toBe(503);
    expect(google.requests).toEqual([]);
    const check = await call(sync, '/api/auth-sync?check');
    expect(check.body).toEqual({ configured: false, reason: 'GOOGLE_APIS_STAND_IN must be a loopback address (it is for tests)' });
  });
});

describe('auth-sync outside the emulator, with a service account', () => {
  const sync = async (fn: Handler, token: string) => call(fn, '/api/auth-sync', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: {} });

  it("mints an access token from the service account, keeps the member's claims, adds the role, and creates the profile", async () => {
    process.env.FIREBASE_SERVICE_ACCOUNT = google.serviceAccount.keyFile;
    const { sync: fn } = await functions();
    const m = await member();
    google.users.get(m.memberId)!.customAttributes = JSON.stringify({ beta: true });
    const res = await sync(fn, m.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, claimsUpdated: true });
    expect(JSON.parse(google.users.get(m.memberId)!.customAttributes!)).toEqual({ beta: true, role: 'authenticated' });
    // The stand-in checked the assertion's signature against the service account's public key.
    expect(google.requestsTo('/token')).toHaveLength(1);
    const [issued] = [...google.issued];
    // Looked up twice: by the session check (every member function's), then for the claims to keep.
    expect(google.requestsTo(`/v1/projects/${google.projectId}/accounts:lookup`).map((r) => r.authorization)).toEqual([`Bearer ${issued}`, `Bearer ${issued}`]);
    expect(google.requestsTo(`/v1/projects/${google.projectId}/accounts:update`).map((r) => r.authorization)).toEqual([`Bearer ${issued}`]);
    expect(db.requestsTo('POST', 'profiles')[0]?.body).toEqual({ id: m.memberId, email: m.email, full_name: null, membership_tier: 'Explorer', email_verified: false });
  });

  it('reuses the access token until 5 minutes before it expires', async () => {
    process.env.FIREBASE_SERVICE_ACCOUNT = Buffer.from(google.serviceAccount.keyFile).toString('base64');
    const { sync: fn } = await functions();
    expect((await sync(fn, (await member()).token)).status).toBe(200);
    expect((await sync(fn, (await member()).token)).status).toBe(200);
    expect(google.requestsTo('/token')).toHaveLength(1);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 56 * 60 * 1000);
    expect((await sync(fn, (await member()).token)).status).toBe(200);
    expect(google.requestsTo('/token')).toHaveLength(2);
  });

  it('works with FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY as an environment holds them (\\n escapes)', async () => {
    process.env.FIREBASE_CLIENT_EMAIL = google.serviceAccount.clientEmail;
    process.env.FIREBASE_PRIVATE_KEY = `"${google.serviceAccount.privateKeyPem.trim().replace(/\n/g, '\\n')}"`;
    const { sync: fn } = await functions();
    const m = await member();
    expect((await sync(fn, m.token)).status).toBe(200);
    expect(JSON.parse(google.users.get(m.memberId)!.customAttributes!)).toEqual({ role: 'authenticated' });
  });

  it('refuses a token from a sign-in more than 5 minutes ago, touching nothing', async () => {
    process.env.FIREBASE_SERVICE_ACCOUNT = google.serviceAccount.keyFile;
    const { sync: fn } = await functions();
    const m = await member({ auth_time: now() - 301, iat: now() - 10 });
    const res = await sync(fn, m.token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(TOO_OLD);
    expect(google.requestsTo('/token')).toEqual([]);
    expect(db.requests).toEqual([]);
    expect((await sync(fn, (await member({ auth_time: now() - 240 })).token)).status).toBe(200);
  });

  it('answers 503 and writes nothing when Google refuses the service account (the account cannot be checked), logged once', async () => {
    process.env.FIREBASE_SERVICE_ACCOUNT = google.serviceAccount.keyFile;
    google.refuseGrants = true;
    const { sync: fn } = await functions();
    const m = await member();
    const res = await sync(fn, m.token);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: 'Your account could not be checked just now. Please try again.' });
    expectNoLeak(res.text);
    expect(res.text).not.toContain('PRIVATE KEY');
    // Only the tombstone was read (is this a deleted account?, beside the lookup); nothing was written.
    expect(db.requests.map((r) => `${r.method} ${r.table}`)).toEqual(['GET deleted_members']);
    expect(google.users.get(m.memberId)?.customAttributes).toBeUndefined();
    expect(logs.lines()).toBe(1);
    expect(logs.all()).toContain('invalid_grant');
  });

  it('without a service account answers 503 before looking at the token', async () => {
    delete process.env.FIREBASE_SERVICE_ACCOUNT;
    const { sync: fn } = await functions();
    const res = await sync(fn, (await member()).token);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      error: 'Sign-in cannot be completed: the server is not fully configured (no Firebase service account: set FIREBASE_SERVICE_ACCOUNT, or FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY).',
    });
    expect(google.requests).toEqual([]);
  });
});

describe('account-delete outside the emulator', () => {
  const remove = (fn: Handler, token: string) =>
    call(fn, '/api/account-delete', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: { confirm: 'DELETE' } });

  it("deletes the member's sign-in with the service account", async () => {
    process.env.FIREBASE_SERVICE_ACCOUNT = google.serviceAccount.keyFile;
    const { remover } = await functions();
    const m = await member();
    const other = await member();
    db.tables.profiles = [{ id: m.memberId, email: m.email, full_name: 'Ada', membership_tier: 'Explorer' }];
    const res = await remove(remover, m.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true });
    expect(google.users.has(m.memberId)).toBe(false);
    expect(google.users.has(other.memberId)).toBe(true);
    expect(db.tables.profiles).toEqual([]);
  });

  it('refuses a token whose account is gone (accounts:lookup), deleting nothing', async () => {
    const { remover } = await functions();
    const m = await member();
    db.tables.profiles = [{ id: m.memberId, email: m.email, full_name: 'Ada', membership_tier: 'Explorer' }];
    google.users.delete(m.memberId);
    const res = await remove(remover, m.token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID);
    expect(db.tables.profiles).toHaveLength(1);
  });

  it('refuses a sign-in older than 5 minutes', async () => {
    process.env.FIREBASE_SERVICE_ACCOUNT = google.serviceAccount.keyFile;
    const { remover } = await functions();
    const m = await member({ auth_time: now() - 6 * 60 });
    const res = await remove(remover, m.token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(TOO_OLD);
    expect(google.users.has(m.memberId)).toBe(true);
  });

  it('without a service account answers 503 and deletes nothing (the account cannot be checked, nor its sign-in removed)', async () => {
    delete process.env.FIREBASE_SERVICE_ACCOUNT;
    const { remover } = await functions();
    const m = await member();
    db.tables.profiles = [{ id: m.memberId, email: m.email, full_name: 'Ada', membership_tier: 'Explorer' }];
    const res = await remove(remover, m.token);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: expect.stringContaining('no Firebase service account') });
    expectNoLeak(res.text);
    expect(db.tables.profiles).toHaveLength(1);
    expect(google.users.has(m.memberId)).toBe(true);
    expect(google.requests.filter((r) => r.path !== KEYS_PATH)).toEqual([]);
    expect(logs.lines()).toBe(1);
  });
});

describe('export and deletion check the account as it is now (accounts:lookup)', () => {
  const DISABLED = { error: 'This account has been disabled. Please contact support for assistance.' };
  const REVOKED = { error: 'Your session has ended. Please sign in again.' };
  const remove = (fn: Handler, token: string) =>
    call(fn, '/api/account-delete', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: { confirm: 'DELETE' } });
  const withData = (m: { memberId: string; email: string }) => (db.tables.profiles = [{ id: m.memberId, email: m.email, full_name: 'Ada', membership_tier: 'Explorer' }]);

  it('a disabled account exports nothing and deletes nothing, though its token is signed and fresh', async () => {
    const { exporter, remover } = await functions();
    const m = await member();
    withData(m);
    google.users.get(m.memberId)!.disabled = true;
    const exported = await exportWith(exporter, m.token);
    expect(exported.status).toBe(401);
    expect(exported.body).toEqual(DISABLED);
    const removed = await remove(remover, m.token);
    expect(removed.status).toBe(401);
    expect(removed.body).toEqual(DISABLED);
    expect(db.requestsTo('GET', 'profiles')).toEqual([]);
    expect(db.tables.profiles).toHaveLength(1);
    expect(google.users.has(m.memberId)).toBe(true);
    // One lookup: the second call was answered from this instance's minute of memory (ACCOUNT_CACHE_MS).
    expect(google.requestsTo(`/v1/projects/${google.projectId}/accounts:lookup`).length).toBe(1);
  });

  it('a token from before the account’s tokens were revoked exports and deletes nothing; one from a sign-in since, does', async () => {
    const { exporter, remover } = await functions();
    const m = await member({ auth_time: now() - 120, iat: now() - 120 });
    withData(m);
    google.users.get(m.memberId)!.validSince = String(now() - 60);
    expect(await exportWith(exporter, m.token)).toMatchObject({ status: 401, body: REVOKED });
    expect(await remove(remover, m.token)).toMatchObject({ status: 401, body: REVOKED });
    expect(db.tables.profiles).toHaveLength(1);

    const fresh = await google.idToken(m.memberId);
    expect((await exportWith(exporter, fresh)).status).toBe(200);
    expect((await remove(remover, fresh)).body).toEqual({ deleted: true });
  });

  it('export without a service account answers 503: the account cannot be checked', async () => {
    delete process.env.FIREBASE_SERVICE_ACCOUNT;
    const { exporter } = await functions();
    const res = await exportWith(exporter, (await member()).token);
    expect(res.status).toBe(503);
    expect(db.requests).toEqual([]);
  });
});

describe('a deleted account stays deleted', () => {
  it('auth-sync with the deleted account’s still-valid token brings no profile back (401: the session has ended)', async () => {
    const { remover, sync } = await functions();
    // A member who finished signing in (the role is in the token), then deleted their account.
    const m = await member({ role: 'authenticated' });
    db.tables.profiles = [{ id: m.memberId, email: m.email, full_name: 'Ada', membership_tier: 'Explorer' }];
    const removed = await call(remover, '/api/account-delete', { method: 'POST', headers: { authorization: `Bearer ${m.token}` }, body: { confirm: 'DELETE' } });
    expect(removed.body).toEqual({ deleted: true });
    expect(db.tables.profiles).toEqual([]);
    // The token is still good for up to an hour (its signature does not know the account is gone).
    const again = await call(sync, '/api/auth-sync', { method: 'POST', headers: { authorization: `Bearer ${m.token}` }, body: {} });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ error: 'This account was deleted. To come back, create a new account.' });
    expect(db.tables.profiles).toEqual([]);
  });
});
