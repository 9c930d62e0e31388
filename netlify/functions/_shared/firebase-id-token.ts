/**
 * The rules a Firebase ID token must meet besides its signature, as Firebase documents them
 * for verifying ID tokens with a third-party JWT library
 * (https://firebase.google.com/docs/auth/admin/verify-id-tokens#verify_id_tokens_using_a_third-party_jwt_library)
 * and as firebase-admin applies them (its `FirebaseTokenVerifier.verifyContent`):
 *
 *   header   alg "RS256"; kid names one of Google's published securetoken keys
 *   payload  exp in the future; iat and auth_time in the past; aud the project id;
 *            iss "https://securetoken.google.com/<project id>"; sub a non-empty string of at
 *            most 128 characters (the uid)
 *
 * The Auth emulator signs nothing (alg "none"): firebase-admin skips the header rules for its
 * tokens and keeps every payload rule, and so do we. The signature itself is checked by the
 * caller (`netlify/functions/_shared/auth.ts`, with jose). Pure: the time is passed in.
 */

export const ISSUER_PREFIX = 'https://securetoken.google.com/';
export const MAX_UID_LENGTH = 128;
/**
 * How far ahead of this server's clock Google's may run for iat and auth_time: both are
 * whole seconds stamped by Google the moment the member signs in, and auth-sync is called
 * within that same second, so a server a second behind would otherwise refuse a fresh
 * sign-in. exp gets no leeway.
 */
export const CLOCK_SKEW_SECONDS = 5;

export interface IdTokenHeader {
  alg?: unknown;
  kid?: unknown;
}

/** Why a token's header is refused (signed tokens only), or null. */
export function idTokenHeaderProblem(header: IdTokenHeader): string | null {
  if (header.alg !== 'RS256') return `alg must be RS256, not ${JSON.stringify(header.alg ?? null)}`;
  if (typeof header.kid !== 'string' || !header.kid) return 'no kid';
  return null;
}

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Why a token's payload is refused at `nowSeconds` for `projectId`, or null. */
export function idTokenPayloadProblem(payload: Record<string, unknown>, projectId: string, nowSeconds: number): string | null {
  if (payload['aud'] !== projectId) return 'aud is not the project id';
  if (payload['iss'] !== ISSUER_PREFIX + projectId) return 'iss is not the project issuer';
  const sub = payload['sub'];
  if (typeof sub !== 'string' || !sub) return 'no sub';
  if (sub.length > MAX_UID_LENGTH) return `sub is longer than ${MAX_UID_LENGTH} characters`;
  if (!isTime(payload['exp'])) return 'no exp';
  if (payload['exp'] <= nowSeconds) return 'expired';
  if (!isTime(payload['iat'])) return 'no iat';
  if (payload['iat'] > nowSeconds + CLOCK_SKEW_SECONDS) return 'iat is in the future';
  if (!isTime(payload['auth_time'])) return 'no auth_time';
  if (payload['auth_time'] > nowSeconds + CLOCK_SKEW_SECONDS) return 'auth_time is in the future';
  return null;
}
