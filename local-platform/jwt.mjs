/**
 * The one place tokens are made and checked, for the local member side and every test:
 *   - the anon and service-role keys are HS256 JWTs signed with the project's JWT secret
 *     (`role: anon` / `role: service_role`), as Supabase's legacy API keys are; locally the
 *     secret is LOCAL_JWT_SECRET below (or the endpoint's own), never a production one;
 *   - a member's Firebase ID token (`firebaseIdToken`): unsigned (alg "none") as the Auth emulator
 *     mints it, or RS256 with a key, as Google signs it (tests/support/google-double.ts publishes
 *     the key); `memberToken` is a member's claims signed with the local secret, as the database
 *     tests hand them to the local endpoint;
 *   - `verifyToken` checks a bearer token as Supabase does: an emulator token is accepted only for
 *     the configured `demo-` project (issuer, audience and expiry checked), as Supabase's Firebase
 *     integration checks the project. A production Firebase token (RS256) is never accepted here.
 */
import { createHmac, sign, timingSafeEqual } from 'node:crypto';

/** The local JWT secret (what `supabase start` calls the JWT secret): only for local work and tests. */
export const LOCAL_JWT_SECRET = 'inner-alchemy-local-jwt-secret-not-for-production-000';

/** The Auth emulator's project in tests and `npm run dev:members` (a `demo-` project reaches nothing at Google). */
export const DEMO_PROJECT = 'demo-inner-alchemy';

/** @param {Buffer | string} data */
const b64url = (data) => Buffer.from(data).toString('base64url');

/**
 * Encodes a JWT: `alg` HS256 with `secret` (the local secret by default), RS256 with
 * `privateKey`, or "none" (unsigned, an empty signature). `header` adds to the header (e.g. a kid).
 * @param {Record<string, unknown>} claims
 * @param {{ alg?: 'HS256' | 'RS256' | 'none', secret?: string, privateKey?: import('node:crypto').KeyObject | string, header?: Record<string, unknown> }} [options]
 */
export function encodeJwt(claims, options = {}) {
  const alg = options.alg ?? 'HS256';
  const head = b64url(JSON.stringify({ alg, typ: 'JWT', ...options.header }));
  const body = b64url(JSON.stringify(claims));
  const input = `${head}.${body}`;
  if (alg === 'none') return `${input}.`;
  if (alg === 'RS256') {
    if (!options.privateKey) throw new Error('RS256 needs a private key');
    return `${input}.${sign('sha256', Buffer.from(input), options.privateKey).toString('base64url')}`;
  }
  return `${input}.${createHmac('sha256', options.secret ?? LOCAL_JWT_SECRET).update(input).digest('base64url')}`;
}

/**
 * Signs claims with HS256.
 * @param {Record<string, unknown>} claims @param {string} secret
 */
export function signHs256(claims, secret = LOCAL_JWT_SECRET) {
  return encodeJwt(claims, { alg: 'HS256', secret });
}

/** The local anon and service-role keys for a secret (long-lived, as Supabase's legacy keys). */
export function localKeys(secret = LOCAL_JWT_SECRET) {
  const iat = 1764000000;
  const exp = iat + 10 * 365 * 24 * 3600;
  return {
    anon: signHs256({ iss: 'supabase-local', role: 'anon', iat, exp }, secret),
    serviceRole: signHs256({ iss: 'supabase-local', role: 'service_role', iat, exp }, secret),
  };
}

/**
 * @typedef {{
 *   projectId?: string,
 *   email?: string,
 *   claims?: Record<string, unknown>,
 *   key?: { privateKey: import('node:crypto').KeyObject | string, kid?: string | null },
 *   now?: number,
 * }} IdTokenOptions
 */

/**
 * A Firebase ID token for `memberId`, with the claims Firebase puts in one (issuer and audience of
 * the project, sub and user_id, iat, auth_time, an hour's exp, the sign-in provider); `claims`
 * adds or replaces claims (a claim set to undefined is left out). Without `key` it is unsigned,
 * as the Auth emulator mints it; with `key` it is RS256 under `key.kid` (null: no kid), as
 * Google signs it. `projectId` defaults to DEMO_PROJECT.
 * @param {string} memberId @param {IdTokenOptions} [options]
 */
export function firebaseIdToken(memberId, options = {}) {
  const project = options.projectId ?? DEMO_PROJECT;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  /** @type {Record<string, unknown>} */
  const claims = {
    iss: `https://securetoken.google.com/${project}`,
    aud: project,
    auth_time: now,
    user_id: memberId,
    sub: memberId,
    iat: now,
    exp: now + 3600,
    email: options.email,
    email_verified: false,
    firebase: { identities: {}, sign_in_provider: 'password' },
    ...options.claims,
  };
  for (const [name, value] of Object.entries(claims)) if (value === undefined) delete claims[name];
  if (!options.key) return encodeJwt(claims, { alg: 'none' });
  const kid = options.key.kid;
  return encodeJwt(claims, { alg: 'RS256', privateKey: options.key.privateKey, ...(kid ? { header: { kid } } : {}) });
}

/**
 * A signed-in member's token for the local endpoint: their Firebase claims with `role:
 * authenticated` (what auth-sync gives every member), signed with the local secret.
 * @param {string} memberId @param {{ claims?: Record<string, unknown>, secret?: string }} [options]
 */
export function memberToken(memberId, options = {}) {
  const now = Math.floor(Date.now() / 1000);
  return signHs256(
    { iss: `https://securetoken.google.com/${DEMO_PROJECT}`, aud: DEMO_PROJECT, sub: memberId, user_id: memberId, role: 'authenticated', iat: now, exp: now + 3600, ...options.claims },
    options.secret,
  );
}

/**
 * The claims of a JWT, read without checking anything (what a test looks at in a token it was
 * handed), or null when it is not a JWT.
 * @param {string} token
 * @returns {Record<string, unknown> | null}
 */
export function claimsOf(token) {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? claims : null;
  } catch {
    return null;
  }
}

export class TokenError extends Error {
  /** @param {string} code @param {string} message */
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/**
 * Verifies a bearer token; returns its claims.
 * @param {string} token
 * @param {{ secret: string, firebaseProjectId?: string | null, now?: number }} options
 * @returns {Record<string, unknown>}
 */
export function verifyToken(token, options) {
  const parts = token.split('.');
  if (parts.length !== 3) throw new TokenError('PGRST301', `Expected 3 parts in JWT; got ${parts.length}`);
  /** @type {Record<string, unknown>} */
  let header;
  /** @type {Record<string, unknown>} */
  let claims;
  try {
    header = JSON.parse(Buffer.from(parts[0] ?? '', 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    throw new TokenError('PGRST301', 'JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got 1)');
  }
  if (!claims || typeof claims !== 'object' || Array.isArray(claims)) throw new TokenError('PGRST301', 'JWSError JWSInvalidSignature');
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (header.alg === 'HS256') {
    const expected = createHmac('sha256', options.secret).update(`${parts[0]}.${parts[1]}`).digest();
    const given = Buffer.from(parts[2] ?? '', 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new TokenError('PGRST301', 'JWSError JWSInvalidSignature');
  } else if (header.alg === 'none' && options.firebaseProjectId) {
    // The Auth emulator's ID tokens are unsigned; accept them only for the local demo project.
    const project = options.firebaseProjectId;
    if (!project.startsWith('demo-')) throw new TokenError('PGRST301', 'JWSError JWSInvalidSignature');
    if (claims.iss !== `https://securetoken.google.com/${project}` || claims.aud !== project) throw new TokenError('PGRST303', 'JWT issuer or audience not allowed');
    if (typeof claims.sub !== 'string' || !claims.sub) throw new TokenError('PGRST303', 'JWT has no subject');
  } else {
    throw new TokenError('PGRST301', 'JWSError JWSInvalidSignature');
  }
  if (typeof claims.exp === 'number' && claims.exp < now - 30) throw new TokenError('PGRST303', 'JWT expired');
  if (typeof claims.nbf === 'number' && claims.nbf > now + 30) throw new TokenError('PGRST303', 'JWT not yet valid');
  return claims;
}
