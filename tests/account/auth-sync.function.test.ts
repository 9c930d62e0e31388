/**
 * auth-sync against the real Firebase Auth emulator (tokens made by the emulator, claims read
 * back from it directly) and the local PostgREST endpoint over PGlite running our migrations, so
 * the Supabase admin calls are checked where they leave the function (the HTTP boundary) and what
 * the database makes of them (grants, the profile's checks, a second sync of the same account).
 * Run under scripts/with-auth-emulator.mjs (FIREBASE_AUTH_EMULATOR_HOST is set there). The same
 * function outside the emulator, against a stand-in for Google: id-tokens.test.ts.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Config } from '@netlify/functions';
import { startLocalSupabase, type LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import { emulatorClaims, emulatorSignUp, setEmulatorClaims, spyOnLogs } from '../support/functions';

const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST;
let db: LocalSupabase;
/**
 * What the functions asked of the database, as the double recorded it (url: path and query),
 * but the read of the tombstones (is this a deleted account?), which every sign-in makes first,
 * and the member's request count (the per-member limit, docs/decisions/netlify-functions.md).
 */
const recorded = () =>
  db.requests.filter((r) => r.table !== 'deleted_members' && r.table !== 'rpc/count_member_request').map((r) => ({
    method: r.method,
    url: `/rest/v1/${r.table}?${new URLSearchParams(r.query).toString()}`,
    headers: { prefer: r.prefer ?? undefined, apikey: r.apikey ?? undefined, authorization: r.authorization ?? undefined },
    body: r.body,
  }));

type Handler = (req: Request) => Promise<Response>;
let handler: Handler;
let config: Config;

beforeAll(async () => {
  if (!EMULATOR) throw new Error('Run the function tests through scripts/with-auth-emulator.mjs');
  db = await startLocalSupabase();
  Object.assign(process.env, db.env);
  const mod = await import('../../netlify/functions/auth-sync.mts');
  handler = mod.default;
  config = mod.config;
});

afterAll(() => db.close());

afterEach(() => {
  db.reset();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A new account in the emulator, signed in: its uid and a fresh ID token. */
async function newUser(displayName?: string): Promise<{ memberId: string; idToken: string; email: string }> {
  const email = `member-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const { memberId, idToken } = await emulatorSignUp({ email, password: 'secret-password', ...(displayName ? { displayName } : {}) });
  return { memberId, idToken, email };
}

function call(init: { method?: string; token?: string | null; body?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  return handler(
    new Request('http://localhost/api/auth-sync', {
      method: init.method ?? 'POST',
      headers,
      ...(init.body !== undefined ? { body: init.body } : {}),
    }),
  );
}

describe('auth-sync', () => {
  it('is served at /api/auth-sync with a rate limit aggregated by ip and domain', () => {
    expect(config.path).toBe('/api/auth-sync');
    expect(config.rateLimit?.aggregateBy).toEqual(['ip', 'domain']);
    expect(config.rateLimit?.windowLimit).toBeGreaterThan(0);
  });

  it('sets the authenticated role claim and creates the Explorer profile with the service role', async () => {
    const user = await newUser('Ana Lima');
    const res = await call({ token: user.idToken });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, claimsUpdated: true });

    expect(await emulatorClaims(user.memberId)).toEqual({ role: 'authenticated' });

    // First the tombstones (a deleted account gets nothing back), then the one write.
    // Then the profile follows the account's address (only a changed, unproven address is written).
    expect(db.requests.map((r) => `${r.method} ${r.table}`)).toEqual(['GET deleted_members', 'POST rpc/count_member_request', 'POST profiles', 'PATCH profiles']);
    expect(db.requests[1]?.body).toMatchObject({ member: user.memberId, door: 'auth-sync' });
    expect(recorded()).toHaveLength(2);
    const [write] = recorded();
    expect(write?.method).toBe('POST');
    const url = new URL(write?.url ?? '', 'http://x');
    expect(url.pathname).toBe('/rest/v1/profiles');
    expect(url.searchParams.get('on_conflict')).toBe('id');
    expect(write?.headers.prefer).toContain('resolution=ignore-duplicates');
    expect(write?.headers.apikey).toBe(db.env.SUPABASE_SERVICE_ROLE_KEY);
    expect(write?.headers.authorization).toBe(`Bearer ${db.env.SUPABASE_SERVICE_ROLE_KEY}`);
    expect(write?.body).toEqual({ id: user.memberId, email: user.email, full_name: 'Ana Lima', membership_tier: 'Explorer', email_verified: false });
    expect(db.tables.profiles).toMatchObject([{ id: user.memberId, email: user.email, full_name: 'Ana Lima', membership_tier: 'Explorer', email_verified: false }]);
  });

  it('a second sign-in of the same account changes nothing and answers 200 (on conflict do nothing)', async () => {
    const user = await newUser('Ana Lima');
    expect((await call({ token: user.idToken })).status).toBe(200);
    const [profile] = db.tables.profiles ?? [];
    expect((await call({ token: user.idToken, body: JSON.stringify({ full_name: 'Someone Else' }) })).status).toBe(200);
    expect(db.tables.profiles).toEqual([profile]);
  });

  it('keeps the claims a user already has', async () => {
    const user = await newUser();
    await setEmulatorClaims(user.memberId, { beta: true });
    const res = await call({ token: user.idToken });
    expect(res.status).toBe(200);
    expect(await emulatorClaims(user.memberId)).toEqual({ beta: true, role: 'authenticated' });
  });

  it('takes the name from the body when the token has none, and leaves the claim alone once the token carries it', async () => {
    const user = await newUser();
    await setEmulatorClaims(user.memberId, { role: 'authenticated' });
    // A token minted after the claim was set carries it.
    const refreshed = await fetch(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: 'secret-password', returnSecureToken: true }),
    }).then((r) => r.json() as Promise<{ idToken: string }>);

    const res = await call({ token: refreshed.idToken, body: JSON.stringify({ full_name: '  Bea Costa ' }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, claimsUpdated: false });
    expect(recorded()[0]?.body).toMatchObject({ id: user.memberId, full_name: 'Bea Costa' });
  });

  it('answers 401 without a token, with a malformed header, or with a token that is not one', async () => {
    for (const res of [
      await call({ token: null }),
      await call({ headers: { authorization: 'Basic abc' } }),
      await call({ token: 'not-a-jwt' }),
    ]) {
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: string }).error).toMatch(/\S/);
    }
    expect(recorded()).toHaveLength(0);
  });

  it('answers 401 to a token from a sign-in more than 5 minutes ago, and changes nothing', async () => {
    const user = await newUser();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6 * 60 * 1000);
    const res = await call({ token: user.idToken });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Session token is too old; please sign in again' });
    vi.useRealTimers();
    expect(await emulatorClaims(user.memberId)).toEqual({});
    expect(recorded()).toHaveLength(0);
  });

  it('accepts a token 4 minutes after sign-in', async () => {
    const user = await newUser();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 4 * 60 * 1000);
    expect((await call({ token: user.idToken })).status).toBe(200);
  });

  it('answers 405 with an Allow header to any method but POST', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await call({ method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
  });

  it('answers 400 to a body that is not JSON or has a bad field', async () => {
    const user = await newUser();
    expect((await call({ token: user.idToken, body: '{nope' })).status).toBe(400);
    const res = await call({ token: user.idToken, body: JSON.stringify({ full_name: 42 }) });
    expect(res.status).toBe(400);
    expect(recorded()).toHaveLength(0);
  });

  it('answers 502 without details when the profile cannot be written', async () => {
    const user = await newUser();
    db.fail('profiles', 'POST', 500, 'XX000', { message: 'disk full at /var/lib/postgresql' });
    const logs = spyOnLogs();
    const res = await call({ token: user.idToken });
    expect(res.status).toBe(502);
    const text = await res.text();
    expect(text).not.toContain('/var/lib');
    expect(JSON.parse(text)).toEqual({ error: 'Your profile could not be created. Please try again.' });
    // Logged once, with the database's own words for the site owner.
    expect(logs.lines()).toBe(1);
    expect(logs.error.mock.calls[0]?.join(' ')).toContain('disk full');
  });

  it('answers 413 to a body over 16 KiB and writes nothing', async () => {
    const user = await newUser();
    const logs = spyOnLogs();
    const res = await call({ token: user.idToken, body: JSON.stringify({ full_name: 'x'.repeat(17 * 1024) }) });
    expect(res.status).toBe(413);
    expect(recorded()).toHaveLength(0);
    expect(logs.lines()).toBe(1);
  });

  it('logs each refused request once, as a warning with its status and reason', async () => {
    const logs = spyOnLogs();
    await call({ token: null });
    await call({ method: 'GET' });
    expect(logs.error).not.toHaveBeenCalled();
    expect(logs.warn.mock.calls.map((c) => c.join(' '))).toEqual([
      '[auth-sync] 401 POST /api/auth-sync: User not authenticated',
      expect.stringMatching(/^\[auth-sync\] 405 GET \/api\/auth-sync: /),
    ]);
  });
});

describe('auth-sync without a database', () => {
  it('answers 503 and sets no claim', async () => {
    const url = process.env.SUPABASE_URL;
    delete process.env.SUPABASE_URL;
    vi.resetModules();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { default: fresh } = await import('../../netlify/functions/auth-sync.mts');
      const user = await newUser();
      const res = await fresh(
        new Request('http://localhost/api/auth-sync', { method: 'POST', headers: { authorization: `Bearer ${user.idToken}` } }),
      );
      expect(res.status).toBe(503);
      expect(await emulatorClaims(user.memberId)).toEqual({});
    } finally {
      process.env.SUPABASE_URL = url;
    }
  });
});

describe('auth-sync and its Firebase service account', () => {
  const PEM = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const EMAIL = 'firebase-adminsdk-test@demo-inner-alchemy.iam.gserviceaccount.com';
  const VARS = ['FIREBASE_AUTH_EMULATOR_HOST', 'FIREBASE_SERVICE_ACCOUNT', 'FIREBASE_CLIENT_EMAIL', 'FIREBASE_PRIVATE_KEY'] as const;
  let saved: Partial<Record<(typeof VARS)[number], string>> = {};

  beforeEach(() => {
    saved = Object.fromEntries(VARS.map((name) => [name, process.env[name]]));
    for (const name of VARS) delete process.env[name];
  });
  afterEach(() => {
    for (const name of VARS) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  const check = async () => {
    const res = await handler(new Request('http://localhost/api/auth-sync?check', { method: 'GET' }));
    return { status: res.status, body: (await res.json()) as unknown };
  };

  it('without a credential and without the emulator answers 503 with a clear message, never 500, and writes nothing', async () => {
    const logs = spyOnLogs();
    const res = await call({ token: 'any-token', body: '{}' });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      error: 'Sign-in cannot be completed: the server is not fully configured (no Firebase service account: set FIREBASE_SERVICE_ACCOUNT, or FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY).',
    });
    expect(recorded()).toEqual([]);
    expect(logs.error).toHaveBeenCalledTimes(1);
  });

  it('with an unusable credential answers 503 naming the variable, not its value', async () => {
    spyOnLogs();
    process.env.FIREBASE_CLIENT_EMAIL = EMAIL;
    process.env.FIREBASE_PRIVATE_KEY = 'not-a-key-value';
    const res = await call({ token: 'any-token' });
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(text).toContain('FIREBASE_PRIVATE_KEY is not a PEM private key');
    expect(text).not.toContain('not-a-key-value');
  });

  // That the Admin calls then sign with this key, at a stand-in for Google: id-tokens.test.ts.
  it('with FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY (escaped, as an environment holds it) counts as configured', async () => {
    process.env.FIREBASE_CLIENT_EMAIL = EMAIL;
    process.env.FIREBASE_PRIVATE_KEY = PEM.trim().replace(/\n/g, '\\n');
    expect(await check()).toEqual({ status: 200, body: { configured: true } });
  });

  it('with FIREBASE_SERVICE_ACCOUNT (base64) counts as configured', async () => {
    const keyFile = { type: 'service_account', project_id: 'demo-inner-alchemy', private_key: PEM, client_email: EMAIL };
    process.env.FIREBASE_SERVICE_ACCOUNT = Buffer.from(JSON.stringify(keyFile)).toString('base64');
    expect(await check()).toEqual({ status: 200, body: { configured: true } });
  });

  it('GET ?check says whether sign-in can complete, and what is missing', async () => {
    expect(await check()).toEqual({
      status: 200,
      body: { configured: false, reason: 'no Firebase service account: set FIREBASE_SERVICE_ACCOUNT, or FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY' },
    });
    process.env.FIREBASE_AUTH_EMULATOR_HOST = saved.FIREBASE_AUTH_EMULATOR_HOST;
    expect(await check()).toEqual({ status: 200, body: { configured: true } });
    const url = process.env.SUPABASE_URL;
    delete process.env.SUPABASE_URL;
    try {
      expect((await check()).body).toEqual({ configured: false, reason: 'SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are needed' });
    } finally {
      process.env.SUPABASE_URL = url;
    }
  });
});
