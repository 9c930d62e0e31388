/**
 * Every function loads and answers where it runs: bundled by Netlify's own bundler
 * (@netlify/zip-it-and-ship-it, as `netlify build` does) and started as AWS Lambda starts it, in
 * a fresh Node process with Lambda's flags (`--no-experimental-require-module
 * --no-experimental-detect-module`), through the bundle's entry point and Netlify's bootstrap.
 * Plain Node 24 loads a CommonJS dependency that require()s an ESM-only package; Lambda does
 * not (firebase-admin > jwks-rsa 4 > jose 6 answered every request with 500 there).
 * Every function's zip, as Netlify uploads it, stays under 1 MB (docs/decisions/function-size.md;
 * `node scripts/bench-functions.mjs` reports sizes and import times).
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFunctions, ROOT, startFunction } from '../../scripts/functions-bundle.mjs';
import { startGoogleDouble, type GoogleDouble } from '../support/google-double';
import { startLocalSupabase, type LocalSupabase } from '../../local-platform/postgrest/local-supabase';

interface Bundle {
  name: string;
  path: string;
  entryFilename: string;
}
interface Started {
  name: string;
  ready: Promise<{ importMs: number }>;
  invoke(request: { url: string; method: string; headers: Record<string, string>; body?: string }): Promise<{ status: number; headers: Record<string, string>; body: Uint8Array }>;
  stop(): void;
}

/** The functions of netlify/functions (one module a function; _shared holds helpers). */
const FUNCTIONS = readdirSync(path.join(ROOT, 'netlify/functions'))
  .filter((file) => /\.m?[jt]s$/.test(file))
  .map((file) => file.replace(/\.m?[jt]s$/, ''))
  .sort();

/** A request each function refuses with a 4xx before reaching any service: its wrong method. */
const BAD_REQUEST: Record<string, { method: string; allow: string }> = {
  'account-action': { method: 'PUT', allow: 'GET, POST' },
  'account-delete': { method: 'GET', allow: 'POST' },
  'account-email': { method: 'GET', allow: 'POST' },
  'account-password': { method: 'GET', allow: 'POST' },
  'password-reset': { method: 'GET', allow: 'POST' },
  // The hourly run: Netlify's scheduler invokes it with a POST.
  'email-outbox': { method: 'GET', allow: 'POST' },
  'email-preferences': { method: 'PUT', allow: 'GET, POST' },
  'account-export': { method: 'POST', allow: 'GET' },
  'auth-sync': { method: 'GET', allow: 'POST' },
  'billing-portal': { method: 'GET', allow: 'POST' },
  'certificate-card': { method: 'POST', allow: 'GET, HEAD' },
  'certificate-claim': { method: 'GET', allow: 'POST' },
  'certificate-credential': { method: 'POST', allow: 'GET, HEAD' },
  'certificate-did': { method: 'POST', allow: 'GET, HEAD' },
  'certificate-pdf': { method: 'POST', allow: 'GET, HEAD' },
  'certificate-verify': { method: 'POST', allow: 'GET, HEAD' },
  'checkout-summary': { method: 'POST', allow: 'GET' },
  'coach-join-link': { method: 'GET', allow: 'PUT' },
  'coach-registrants': { method: 'POST', allow: 'GET' },
  'coach-sessions': { method: 'PUT', allow: 'GET, POST, PATCH' },
  'coaching-confirmation': { method: 'GET', allow: 'POST' },
  'coaching-join': { method: 'POST', allow: 'GET' },
  'coaching-schedule': { method: 'GET', allow: 'POST' },
  content: { method: 'POST', allow: 'GET' },
  forms: { method: 'GET', allow: 'POST' },
  hit: { method: 'GET', allow: 'POST' },
  'newsletter-signup': { method: 'GET', allow: 'POST' },
  'owner-numbers': { method: 'POST', allow: 'GET' },
  'stripe-checkout': { method: 'GET', allow: 'POST' },
  'stripe-products': { method: 'POST', allow: 'GET' },
  'stripe-webhook': { method: 'GET', allow: 'POST' },
};

/** Netlify's limit is 50 MB; ours, for cold starts (docs/decisions/function-size.md). */
const MAX_ZIPPED_BYTES = 1_000_000;

const dest = mkdtempSync(path.join(tmpdir(), 'ia-bundles-'));
let bundles: Bundle[] = [];
let zips: Bundle[] = [];
const started = new Map<string, Started>();
let google: GoogleDouble;
let db: LocalSupabase;

beforeAll(async () => {
  bundles = (await bundleFunctions(path.join(dest, 'dir'))) as Bundle[];
  for (const bundle of bundles) {
    started.set(bundle.name, startFunction(bundle.path, { entryFilename: bundle.entryFilename, name: bundle.name, env: { PATH: process.env.PATH ?? '' } }) as Started);
  }
  zips = (await bundleFunctions(path.join(dest, 'zip'), { archiveFormat: 'zip' })) as Bundle[];
  google = await startGoogleDouble();
  db = await startLocalSupabase();
}, 300_000);

// Removing the bundles (thousands of files) takes longer than the default hook time on a busy machine.
afterAll(async () => {
  for (const fn of started.values()) fn.stop();
  rmSync(dest, { recursive: true, force: true });
  await google?.close();
  await db?.close();
}, 60_000);

describe('the functions as Netlify bundles them, under AWS Lambda\'s Node flags', () => {
  it('bundles every function', () => {
    expect(bundles.map((b) => b.name)).toEqual(FUNCTIONS);
    expect(Object.keys(BAD_REQUEST).sort()).toEqual(FUNCTIONS);
  });

  it.each(FUNCTIONS)('%s loads and answers a bad request with a 4xx', async (name) => {
    const fn = started.get(name);
    expect(fn, `${name} was not bundled`).toBeDefined();
    await expect(fn!.ready).resolves.toMatchObject({ importMs: expect.any(Number) });
    const { method, allow } = BAD_REQUEST[name]!;
    const res = await fn!.invoke({ url: `http://localhost:4321/api/${name}`, method, headers: { accept: 'application/json' } });
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe(allow);
    expect(JSON.parse(Buffer.from(res.body).toString('utf8'))).toEqual({ error: `Method ${method} is not allowed; use ${allow.split(', ').join(' or ')}.` });
  });

  it('auth-sync on a server without Firebase settings answers 503 with a clear message, never 500', async () => {
    const fn = started.get('auth-sync')!;
    await fn.ready;
    const res = await fn.invoke({ url: 'http://localhost:4321/api/auth-sync', method: 'POST', headers: { authorization: 'Bearer x', 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(503);
    expect(JSON.parse(Buffer.from(res.body).toString('utf8'))).toEqual({
      error: 'Sign-in cannot be completed: the server is not fully configured (FIREBASE_PROJECT_ID is not set).',
    });
  });

  it('the content gate loads its compiled content and answers a request without a token with 401', async () => {
    const fn = started.get('content')!;
    await fn.ready;
    const res = await fn.invoke({ url: 'http://localhost:4321/api/content/course/the-weather-inside', method: 'GET', headers: { accept: 'application/json' } });
    expect(res.status).toBe(401);
    expect(JSON.parse(Buffer.from(res.body).toString('utf8'))).toEqual({ error: 'User not authenticated' });
  });

  it.each(FUNCTIONS)('%s is under 1 MB zipped, as Netlify uploads it', (name) => {
    const zip = zips.find((z) => z.name === name);
    expect(zip, `${name} was not zipped`).toBeDefined();
    expect(statSync(zip!.path).size).toBeLessThan(MAX_ZIPPED_BYTES);
  });

  it('the certificate doors sign, draw and publish under Lambda\'s flags (jose, pdf-lib, fontkit, uqr, node:zlib)', async () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const { crv, kty, x, d } = privateKey.export({ format: 'jwk' });
    const env = { PATH: process.env.PATH ?? '', ...db.env, SITE_URL: 'https://inneralchemy.example', CERTIFICATE_SIGNING_KEY: JSON.stringify({ crv, kty, x, d }) };
    const [row] = await db.query<{ code: string }>(`insert into public.certificates (member_id, course, name, completed_at, issued_at) values ('bundle-member', 'master-alchemist-course', 'Jürgen Weiß', now() - interval '1 day', now() - interval '1 hour') returning code`);
    const code = row!.code;
    const run = async (name: string, path: string) => {
      const bundle = bundles.find((b) => b.name === name)!;
      const fn = startFunction(bundle.path, { entryFilename: bundle.entryFilename, name, env }) as Started;
      try {
        await fn.ready;
        return await fn.invoke({ url: `https://inneralchemy.example${path}`, method: 'GET', headers: {} });
      } finally {
        fn.stop();
      }
    };
    const did = await run('certificate-did', '/.well-known/did.json');
    expect(did.status).toBe(200);
    const doc = JSON.parse(Buffer.from(did.body).toString('utf8')) as { verificationMethod: { id: string; publicKeyJwk: JWK }[] };
    const jwt = await run('certificate-credential', `/api/certificate/${code}`);
    expect(jwt.status).toBe(200);
    const keys = createLocalJWKSet({ keys: doc.verificationMethod.map((m) => ({ ...m.publicKeyJwk, kid: m.id })) });
    const { payload } = await jwtVerify(Buffer.from(jwt.body).toString('utf8'), keys, { algorithms: ['EdDSA'] });
    expect(payload).toMatchObject({ credentialSubject: { identifier: [{ identityHash: 'Jürgen Weiß' }] } });
    const pdf = await run('certificate-pdf', `/api/certificate/${code}.pdf`);
    expect([pdf.status, pdf.headers['content-type'], Buffer.from(pdf.body.subarray(0, 5)).toString('latin1')]).toEqual([200, 'application/pdf', '%PDF-']);
    const card = await run('certificate-card', `/api/certificate/${code}/card.png`);
    expect([card.status, card.headers['content-type'], Buffer.from(card.body.subarray(1, 4)).toString('latin1')]).toEqual([200, 'image/png', 'PNG']);
  });

  it("auth-sync verifies a real token and sets the claim with a service account, against a stand-in for Google", async () => {
    // jose (ES modules only) loads and signs under Lambda's flags: the key set, the token exchange, the Admin API.
    const bundle = bundles.find((b) => b.name === 'auth-sync')!;
    const fn = startFunction(bundle.path, {
      entryFilename: bundle.entryFilename,
      name: 'auth-sync',
      env: { PATH: process.env.PATH ?? '', ...google.env, ...db.env, FIREBASE_SERVICE_ACCOUNT: google.serviceAccount.keyFile },
    }) as Started;
    try {
      await fn.ready;
      google.users.set('uid-bundle', { localId: 'uid-bundle', email: 'bundle@example.com' });
      const post = async (token: string) => {
        const res = await fn.invoke({ url: 'http://localhost:4321/api/auth-sync', method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
        return { status: res.status, body: JSON.parse(Buffer.from(res.body).toString('utf8')) as unknown };
      };
      const valid = await google.idToken('uid-bundle');
      const forged = `${valid.split('.').slice(0, 2).join('.')}.`;
      expect(await post(forged)).toEqual({ status: 401, body: { error: 'Invalid or expired session token' } });
      expect(await post(valid)).toEqual({ status: 200, body: { ok: true, claimsUpdated: true } });
      expect(JSON.parse(google.users.get('uid-bundle')?.customAttributes ?? '{}')).toEqual({ role: 'authenticated' });
      expect(db.requestsTo('POST', 'profiles')).toHaveLength(1);
    } finally {
      fn.stop();
    }
  });
});
