/**
 * The tokens of the local member side, verified as Supabase verifies them:
 *   - the anon and service-role keys are HS256 JWTs signed with the project's JWT secret
 *     (`role: anon` / `role: service_role`), as Supabase's legacy API keys are; locally the
 *     secret is LOCAL_JWT_SECRET below (or the endpoint's own), never a production one;
 *   - a member's Firebase ID token, in development from the Auth emulator: the emulator signs
 *     nothing (alg "none"), so such a token is accepted only for the configured `demo-` project
 *     (issuer, audience and expiry checked), as Supabase's Firebase integration checks the
 *     project. A production Firebase token (RS256) is never accepted here.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The local JWT secret (what `supabase start` calls the JWT secret): only for local work and tests. */
export const LOCAL_JWT_SECRET = 'inner-alchemy-local-jwt-secret-not-for-production-000';

/** @param {Buffer | string} data */
const b64url = (data) => Buffer.from(data).toString('base64url');

/**
 * Signs claims with HS256.
 * @param {Record<string, unknown>} claims @param {string} secret
 */
export function signHs256(claims, secret = LOCAL_JWT_SECRET) {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(claims));
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
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
