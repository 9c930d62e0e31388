/**
 * The signed credential (GET /api/certificate/<code>) and the issuer's DID document
 * (GET /.well-known/did.json), against the local database (rows written directly as the service
 * role would; the claim is another door): the credential verifies with jose (not our code) and
 * with node:crypto's Ed25519 against the key fetched from did.json, and fails when any field is
 * changed, the header is changed, or another key signs; revoked, deleted, unknown and malformed
 * codes; no key; a rotated key's credentials still verify.
 */
import { createPublicKey, generateKeyPairSync, verify as verifyEd25519 } from 'node:crypto';
import { createLocalJWKSet, decodeProtectedHeader, errors, jwtVerify, SignJWT, importJWK, type JWK } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import credentialFn from '../../netlify/functions/certificate-credential.mts';
import didFn from '../../netlify/functions/certificate-did.mts';
import { memberHash } from '../../netlify/functions/_shared/deleted-members';
import type { LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import { call, expectNoLeak } from '../support/functions';
import { withStandIns } from '../support/stand-ins';

const SITE_URL = 'https://certificates.inneralchemy.example';
const DID = 'did:web:certificates.inneralchemy.example';

function newKey(): JWK {
  const { crv, kty, x, d } = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
  return { crv, kty, x, d };
}
const KEY = newKey();

let db: LocalSupabase;
withStandIns({ db: true, env: { SITE_URL, CERTIFICATE_SIGNING_KEY: JSON.stringify(KEY) }, unset: ['URL', 'CERTIFICATE_RETIRED_PUBLIC_KEYS'] }, (standIns) => {
  ({ db } = standIns);
});

async function certificate(name = 'Jürgen Weiß', memberId = 'member-cert-1'): Promise<string> {
  const [row] = await db.query<{ code: string }>(
    `insert into public.certificates (member_id, course, name, completed_at, issued_at) values ($1, 'master-alchemist-course', $2, '2026-03-28T23:30:00Z', '2026-03-29T09:15:42Z') returning code`,
    [memberId, name],
  );
  return row!.code;
}

async function credentialOf(code: string) {
  return call(credentialFn, `/api/certificate/${code}`);
}

/** The DID document as anyone fetches it, turned into a key set by the verification methods' ids. */
async function publishedKeys() {
  const res = await call(didFn, '/.well-known/did.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/did+json');
  const doc = JSON.parse(res.text) as { id: string; verificationMethod: { id: string; type: string; controller: string; publicKeyJwk: JWK }[]; assertionMethod: string[] };
  return { doc, keys: createLocalJWKSet({ keys: doc.verificationMethod.map((m) => ({ ...m.publicKeyJwk, kid: m.id })) }) };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const parts = (jwt: string) => jwt.split('.') as [string, string, string];

describe('GET /api/certificate/<code>: an Open Badges 3.0 credential anyone can check', () => {
  beforeEach(() => {
    delete process.env.CERTIFICATE_RETIRED_PUBLIC_KEYS;
  });

  it('is a VC-JOSE compact JWS that jose verifies with the key from /.well-known/did.json, and says what the certificate says', async () => {
    const code = await certificate();
    const res = await credentialOf(code);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vc+jwt');
    const jwt = res.text;
    expect(jwt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const { doc, keys } = await publishedKeys();
    expect(doc.id).toBe(DID);
    expect(doc.verificationMethod).toHaveLength(1);
    expect(doc.verificationMethod[0]).toMatchObject({ type: 'JsonWebKey2020', controller: DID, publicKeyJwk: { kty: 'OKP', crv: 'Ed25519', x: KEY.x } });
    expect(doc.verificationMethod[0]!.publicKeyJwk).not.toHaveProperty('d');
    expect(doc.assertionMethod).toEqual([doc.verificationMethod[0]!.id]);

    const header = decodeProtectedHeader(jwt);
    expect(header).toEqual({ alg: 'EdDSA', typ: 'vc+jwt', cty: 'vc', kid: doc.verificationMethod[0]!.id });
    const { payload } = await jwtVerify(jwt, keys, { algorithms: ['EdDSA'], typ: 'vc+jwt', issuer: DID });
    expect(payload).toMatchObject({
      '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
      id: `${SITE_URL}/api/certificate/${code}`,
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      issuer: { id: DID, type: ['Profile'], name: 'Inner Alchemy', url: SITE_URL },
      validFrom: '2026-03-29T09:15:42Z',
      credentialSubject: {
        type: ['AchievementSubject'],
        activityEndDate: '2026-03-28T23:30:00Z',
        identifier: [{ type: 'IdentityObject', identityHash: 'Jürgen Weiß', identityType: 'name', hashed: false }],
        achievement: { id: `${SITE_URL}/masteralchemist#achievement`, type: ['Achievement'], name: 'The Master Alchemist Course', criteria: { narrative: expect.stringContaining('27 lessons') } },
      },
      iss: DID,
      jti: `${SITE_URL}/api/certificate/${code}`,
      nbf: Date.parse('2026-03-29T09:15:42Z') / 1000,
    });
    // Never the member's id or an email address.
    expect(JSON.stringify(payload)).not.toMatch(/member-cert-1|[\w.+-]+@[\w-]+\./);

    // A second, independent check: Node's own Ed25519 over the JWS signing input.
    const [h, p, s] = parts(jwt);
    const publicKey = createPublicKey({ key: doc.verificationMethod[0]!.publicKeyJwk as never, format: 'jwk' });
    expect(verifyEd25519(null, Buffer.from(`${h}.${p}`), publicKey, Buffer.from(s, 'base64url'))).toBe(true);
  });

  it('fails verification when any field of the credential or its header is changed', async () => {
    const jwt = (await credentialOf(await certificate())).text;
    const { keys } = await publishedKeys();
    const [h, p, s] = parts(jwt);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the decoded payload is changed field by field below
    type Loose = Record<string, any>;
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Loose;
    const header = decodeProtectedHeader(jwt);
    const changes: [string, (c: Loose) => void][] = [
      ['the name', (c) => (c.credentialSubject.identifier[0].identityHash = 'Jurgen Weiss')],
      ['the course', (c) => (c.credentialSubject.achievement.name = 'Another Course')],
      ['the completion time', (c) => (c.credentialSubject.activityEndDate = '2026-02-28T23:30:00Z')],
      ['validFrom', (c) => (c.validFrom = '2025-03-29T09:15:42Z')],
      ['the issuer', (c) => (c.issuer.id = 'did:web:evil.example')],
      ['the id', (c) => (c.id = `${SITE_URL}/api/certificate/${'0'.repeat(32)}`)],
      ['nbf', (c) => (c.nbf -= 1)],
    ];
    for (const [what, change] of changes) {
      const changed = structuredClone(payload);
      change(changed);
      await expect(jwtVerify(`${h}.${b64(changed)}.${s}`, keys, { algorithms: ['EdDSA'] }), what).rejects.toBeInstanceOf(errors.JWSSignatureVerificationFailed);
    }
    // The header is signed too.
    await expect(jwtVerify(`${b64({ ...header, typ: 'JWT' })}.${p}.${s}`, keys, { algorithms: ['EdDSA'] })).rejects.toBeInstanceOf(errors.JWSSignatureVerificationFailed);
    // Unchanged, it verifies (the mutations above, not the re-encoding, are what failed).
    await expect(jwtVerify(`${h}.${b64(payload)}.${s}`, keys, { algorithms: ['EdDSA'] })).resolves.toBeTruthy();
    // Another key naming our kid: refused.
    const forged = await new SignJWT(payload).setProtectedHeader(header as never).sign(await importJWK(newKey(), 'EdDSA'));
    await expect(jwtVerify(forged, keys, { algorithms: ['EdDSA'] })).rejects.toBeInstanceOf(errors.JWSSignatureVerificationFailed);
  });

  it('a revoked certificate answers 410 and signs nothing', async () => {
    const code = await certificate();
    await db.query(`update public.certificates set revoked_at = now() where code = $1`, [code]);
    const res = await credentialOf(code);
    expect(res.status).toBe(410);
    expect(res.body).toEqual({ error: 'This certificate has been revoked.' });
    expect(res.text).not.toMatch(/eyJ/);
  });

  it("a deleted member's certificate: 410 while the account's deletion is under way, 404 once its rows are gone", async () => {
    const code = await certificate('Ada', 'member-gone');
    await db.query(`insert into public.deleted_members (uid_sha256) values ($1)`, [memberHash('member-gone')]);
    expect(await credentialOf(code)).toMatchObject({ status: 410, body: { error: 'This certificate is no longer available.' } });
    await db.query(`delete from public.certificates where code = $1`, [code]);
    expect(await credentialOf(code)).toMatchObject({ status: 404, body: { error: 'Certificate not found.' } });
  });

  it('an unknown or malformed code answers 404 with a message, never a trace', async () => {
    await certificate();
    for (const path of [`/api/certificate/${'a'.repeat(32)}`, '/api/certificate/not-a-code', `/api/certificate/${'A'.repeat(32)}`, "/api/certificate/1'%20or%201=1", '/api/certificate/']) {
      const res = await call(credentialFn, path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ error: 'Certificate not found.' });
      expectNoLeak(res.text);
    }
  });

  it('answers 405 to another method', async () => {
    const res = await call(credentialFn, `/api/certificate/${await certificate()}`, { method: 'POST', body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it('without a signing key: 503 with a clear message from both doors', async () => {
    const code = await certificate();
    delete process.env.CERTIFICATE_SIGNING_KEY;
    const message = 'Certificates cannot be signed: the server is not fully configured (CERTIFICATE_SIGNING_KEY is not set).';
    expect(await credentialOf(code)).toMatchObject({ status: 503, body: { error: message } });
    expect(await call(didFn, '/.well-known/did.json')).toMatchObject({ status: 503, body: { error: message } });
    process.env.CERTIFICATE_SIGNING_KEY = '{"kty":"OKP","crv":"Ed25519","x":"only-the-public-half"}';
    const res = await credentialOf(code);
    expect(res).toMatchObject({ status: 503, body: { error: message } });
    expectNoLeak(res.text);
  });

  it('after a rotation, credentials signed with the retired key still verify against did.json, and new ones use the new key', async () => {
    const code = await certificate();
    const before = (await credentialOf(code)).text;
    const next = newKey();
    process.env.CERTIFICATE_SIGNING_KEY = JSON.stringify(next);
    process.env.CERTIFICATE_RETIRED_PUBLIC_KEYS = JSON.stringify([{ kty: 'OKP', crv: 'Ed25519', x: KEY.x }]);
    const { doc, keys } = await publishedKeys();
    expect(doc.verificationMethod.map((m) => m.publicKeyJwk.x)).toEqual([next.x, KEY.x]);
    await expect(jwtVerify(before, keys, { algorithms: ['EdDSA'] })).resolves.toBeTruthy();
    const after = (await credentialOf(code)).text;
    expect(decodeProtectedHeader(after).kid).toBe(doc.verificationMethod[0]!.id);
    await expect(jwtVerify(after, keys, { algorithms: ['EdDSA'] })).resolves.toBeTruthy();
    // Once the retired key is no longer published, its credentials no longer verify.
    delete process.env.CERTIFICATE_RETIRED_PUBLIC_KEYS;
    await expect(jwtVerify(before, (await publishedKeys()).keys, { algorithms: ['EdDSA'] })).rejects.toBeInstanceOf(errors.JWKSNoMatchingKey);
  });
});
