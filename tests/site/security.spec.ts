/** Security of the built site: headers, the CSP of every page, cached assets and no server secret in the build. */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const dist = path.resolve(import.meta.dirname, '../../dist');
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

test('pages are served with the security headers', async ({ request }) => {
  const res = await request.get('/');
  const h = res.headers();
  expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(h['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(h['permissions-policy']).toContain('camera=()');
  expect(h['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
});

test('every page carries a CSP without unsafe-eval or unsafe-inline scripts', () => {
  for (const file of files(dist).filter((f) => f.endsWith('.html'))) {
    const html = readFileSync(file, 'utf8');
    const meta = html.match(/<meta http-equiv="content-security-policy" content="([^"]*)"/i);
    expect(meta, path.relative(dist, file)).not.toBeNull();
    const policy = meta![1]!;
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).toMatch(/script-src 'self'(?: 'sha(256|384|512)-[^']+')*;?/);
    expect(policy.match(/script-src[^;]*/)![0]).not.toContain("'unsafe-inline'");
    expect(policy).toContain("object-src 'none'");
  }
});

test('built assets are cached for a year and immutable', async ({ request }) => {
  const asset = files(path.join(dist, '_astro'))[0];
  expect(asset).toBeTruthy();
  const res = await request.get('/_astro/' + path.relative(path.join(dist, '_astro'), asset!));
  expect(res.headers()['cache-control']).toContain('max-age=31536000');
  expect(res.headers()['cache-control']).toContain('immutable');
});

test('the built site contains no server secret names or key shapes', () => {
  const text = files(dist)
    .filter((f) => /\.(html|js|mjs|css|json|xml|txt)$/.test(f))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_URL=', 'FIREBASE_AUTH_EMULATOR_HOST=', 'RESEND_API_KEY', 'EMAIL_LINK_SECRET', 'CERTIFICATE_SIGNING_KEY']) {
    expect(text, name).not.toContain(name);
  }
  expect(text).not.toMatch(/\b(sk|rk)_(live|test)_[A-Za-z0-9]{10,}/);
  expect(text).not.toMatch(/\bwhsec_[A-Za-z0-9]{10,}/);
  // A Resend API key.
  expect(text).not.toMatch(/\bre_[A-Za-z0-9]{8,}_[A-Za-z0-9]{10,}/);
  // A private key as a JWK (the certificate signing key is an Ed25519 JWK with "d"; the build
  // holds no key at all: /.well-known/did.json is served by a function).
  expect(text).not.toMatch(/"d"\s*:\s*"[A-Za-z0-9_-]{40,}"/);
  expect(text).not.toMatch(/-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/);
  // A service-role JWT: base64 of {"...","role":"service_role"...}
  expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*c2VydmljZV9yb2xl/);
});
