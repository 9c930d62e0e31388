/**
 * Firebase Auth for the functions, without firebase-admin (docs/decisions/function-size.md):
 *
 * - `verifyIdToken()` checks a member's Firebase ID token the way Firebase documents for a
 *   third-party JWT library (the rules are in netlify/functions/_shared/firebase-id-token.ts): an RS256
 *   signature by one of Google's published securetoken keys (fetched once and kept for the
 *   max-age Google gives them; an unknown kid refetches them at most every 30 s), then the
 *   header and payload rules. The project id is all it needs (FIREBASE_PROJECT_ID or
 *   PUBLIC_FIREBASE_PROJECT_ID, else the service account's). With FIREBASE_AUTH_EMULATOR_HOST
 *   set to this machine (a loopback address) outside Netlify's production context, and only
 *   then, it takes the emulator's unsigned tokens, as firebase-admin does, and like
 *   firebase-admin it then also looks the account up (gone, disabled or revoked: 401). An
 *   emulator anywhere else is refused (firebase-credential.ts): only Google-signed tokens count.
 * - `firebaseUserAdmin()` / `firebaseAdmin()` give the Admin API calls (read an account, set
 *   its custom claims, delete it; _shared/google.ts), which need a Google service account:
 *   FIREBASE_SERVICE_ACCOUNT, or FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY
 *   (netlify/functions/_shared/firebase-credential.ts). The emulator needs none.
 *
 * The names and signatures are those callers had with firebase-admin; the two admin helpers now
 * return the calls themselves (`firebaseUserAdmin().getUser(uid)`), not an app for getAuth().
 */
import { decodeProtectedHeader } from 'jose/decode/protected_header';
import { createLocalJWKSet } from 'jose/jwks/local';
import { UnsecuredJWT } from 'jose/jwt/unsecured';
import { jwtVerify } from 'jose/jwt/verify';
import { CREDENTIAL_VARIABLES, firebaseCredential, type FirebaseCredential } from './firebase-credential';
import { idTokenHeaderProblem, idTokenPayloadProblem } from './firebase-id-token';
import { actionCodes, AuthAdminError, googleEndpoint, standInProblem, userAdmin, type ActionCodes, type UserAdmin } from './google';
import { HttpError } from './http';

export { AuthAdminError, type ActionCodeInfo, type ActionCodes, type AuthUser, type EmailAction, type UserAdmin } from './google';

/** A failed Admin API call for the log: its code and message (never a credential). */
export function describeAdminError(error: unknown): string {
  if (error instanceof AuthAdminError) return `${error.code} ${error.message}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

const NOT_CONFIGURED = 'Sign-in is not configured on the server.';
const INVALID_TOKEN = 'Invalid or expired session token';
const KEYS_UNAVAILABLE = 'Your sign-in could not be checked just now. Please try again.';

/** A verified Firebase ID token's claims, as firebase-admin's DecodedIdToken names them. */
export interface DecodedIdToken {
  aud: string;
  auth_time: number;
  exp: number;
  iat: number;
  iss: string;
  sub: string;
  /** The member's Firebase uid (= sub). */
  uid: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
  phone_number?: string;
  firebase?: { sign_in_provider?: string; identities?: Record<string, unknown>; [key: string]: unknown };
  /** Custom claims (`role`, ...). */
  [claim: string]: unknown;
}

/**
 * Netlify's deploy context of this request ('production', 'deploy-preview', 'branch-deploy',
 * 'dev'): the platform gives it to functions on the `Netlify` global's request context (the build's
 * CONTEXT variable is not passed to functions at run time); CONTEXT when a server sets it itself.
 */
function deployContext(): string | undefined {
  const global = globalThis as { Netlify?: { context?: { deploy?: { context?: unknown } } | null } };
  const context = global.Netlify?.context?.deploy?.context;
  return typeof context === 'string' && context ? context : process.env.CONTEXT;
}

/** The credential of this environment (firebase-credential.ts), the deploy context included. */
function credentialHere(): FirebaseCredential {
  return firebaseCredential({ ...process.env, CONTEXT: deployContext() });
}

function projectIdOf(credential: FirebaseCredential): string | undefined {
  const fromEnv = process.env.FIREBASE_PROJECT_ID || process.env.PUBLIC_FIREBASE_PROJECT_ID;
  return fromEnv || (credential.kind === 'service-account' ? (credential.account.projectId ?? undefined) : undefined);
}

/** The project id and credential of this environment, or a 503 without a project id. */
function settings(): { projectId: string; credential: FirebaseCredential } {
  const credential = credentialHere();
  const projectId = projectIdOf(credential);
  if (!projectId) throw new HttpError(503, NOT_CONFIGURED);
  return { projectId, credential };
}

/**
 * The Admin API calls for this environment. A 503 without a project id; without a usable
 * service account (outside the emulator) each call fails with `app/invalid-credential`, as
 * firebase-admin's did, so a caller that can finish without it (account-delete) decides.
 */
export function firebaseAdmin(): UserAdmin {
  const { projectId, credential } = settings();
  return userAdmin(projectId, credential);
}

/** Whether the functions can manage members' accounts (auth-sync), and what is missing if not. */
export function userAdminStatus(): { configured: true } | { configured: false; reason: string } {
  const credential = credentialHere();
  if (!projectIdOf(credential)) return { configured: false, reason: 'FIREBASE_PROJECT_ID is not set' };
  if (credential.kind === 'missing') return { configured: false, reason: `no Firebase service account: set ${CREDENTIAL_VARIABLES}` };
  if (credential.kind === 'invalid') return { configured: false, reason: credential.error };
  const standIn = standInProblem();
  if (standIn) return { configured: false, reason: standIn };
  return { configured: true };
}

/**
 * The calls for reading accounts and setting custom claims, or a 503 with a clear message when
 * the server has no usable service account (outside the emulator). Never a 500.
 */
export function firebaseUserAdmin(): UserAdmin {
  const status = userAdminStatus();
  if (!status.configured) throw new HttpError(503, `Sign-in cannot be completed: the server is not fully configured (${status.reason}).`);
  return firebaseAdmin();
}

/**
 * The calls that apply an email action code (a verification, a password reset, an email change),
 * with the project's web API key (FIREBASE_API_KEY, else PUBLIC_FIREBASE_API_KEY: the browser's
 * own, public). The emulator takes any key. A 503 without a project id, or without a key outside
 * the emulator.
 */
export function firebaseActionCodes(): ActionCodes {
  const { credential } = settings();
  const key = process.env.FIREBASE_API_KEY || process.env.PUBLIC_FIREBASE_API_KEY || (credential.kind === 'emulator' ? 'emulator' : '');
  if (!key) throw new HttpError(503, `${NOT_CONFIGURED} (FIREBASE_API_KEY is not set)`);
  return actionCodes(credential, key);
}

/** Google's keys could not be had: the token cannot be judged (503, not 401). */
class KeysUnavailable extends Error {}

interface KeySet {
  url: string;
  keys: ReturnType<typeof createLocalJWKSet>;
  kids: Set<string>;
  fetchedAt: number;
  expiresAt: number;
}

/** Used when Google sends no max-age (it sends several hours). */
const DEFAULT_MAX_AGE_SECONDS = 3600;
/** An unknown kid refetches the keys (they rotate), at most this often. */
const REFETCH_AFTER_MS = 30_000;
let keySet: KeySet | null = null;
let fetching: Promise<KeySet> | null = null;

async function fetchKeySet(url: string): Promise<KeySet> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(5000) });
  } catch (error) {
    throw new KeysUnavailable(`fetching ${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const body = (await res.json().catch(() => null)) as { keys?: unknown } | null;
  if (!res.ok || !body || !Array.isArray(body.keys)) throw new KeysUnavailable(`${url} answered ${res.status} without a JWK set`);
  const keys = body.keys as { kid?: unknown }[];
  const maxAge = /(?:^|,)\s*max-age=(\d+)/i.exec(res.headers.get('cache-control') ?? '')?.[1];
  const now = Date.now();
  return {
    url,
    keys: createLocalJWKSet({ keys: keys as never }),
    kids: new Set(keys.map((k) => k.kid).filter((kid): kid is string => typeof kid === 'string')),
    fetchedAt: now,
    expiresAt: now + (maxAge ? Number(maxAge) : DEFAULT_MAX_AGE_SECONDS) * 1000,
  };
}

/** Google's current keys: the cached set while it is fresh and knows `kid` (or was just fetched). */
async function signingKeys(kid: string): Promise<KeySet['keys']> {
  const url = googleEndpoint('keys');
  const now = Date.now();
  const fresh = keySet && keySet.url === url && keySet.expiresAt > now ? keySet : null;
  if (fresh && (fresh.kids.has(kid) || now - fresh.fetchedAt < REFETCH_AFTER_MS)) return fresh.keys;
  fetching ??= fetchKeySet(url).finally(() => {
    fetching = null;
  });
  try {
    keySet = await fetching;
  } catch (error) {
    if (fresh) return fresh.keys;
    throw error;
  }
  return keySet.keys;
}

async function verifySigned(token: string): Promise<Record<string, unknown>> {
  const header = decodeProtectedHeader(token);
  const problem = idTokenHeaderProblem(header);
  if (problem) throw new Error(problem);
  const keys = await signingKeys(header.kid as string);
  const { payload } = await jwtVerify(token, keys, { algorithms: ['RS256'] });
  return payload;
}

/** firebase-admin's check on an emulator token: the account exists, is enabled, and the token is not revoked. */
async function checkEmulatorAccount(projectId: string, credential: FirebaseCredential, uid: string, authTime: number): Promise<void> {
  const user = await userAdmin(projectId, credential).getUser(uid);
  if (user.disabled) throw new Error('the account is disabled');
  if (user.tokensValidAfterTime && authTime * 1000 < new Date(user.tokensValidAfterTime).getTime()) throw new Error('the token was revoked');
}

const DISABLED = 'This account has been disabled. Please contact support for assistance.';
const REVOKED = 'Your session has ended. Please sign in again.';
const ACCOUNT_UNCHECKED = 'Your account could not be checked just now. Please try again.';

/**
 * firebase-admin's checkRevoked for a Google-signed token: the account is looked up (Identity
 * Toolkit accounts:lookup, with the service account) and the token refused (401) when the account
 * is gone or disabled, or when it signed in before the account's tokens were revoked
 * (auth_time before validSince). 503 without a service account or when Google cannot answer.
 */
async function checkAccount(uid: string, authTime: number): Promise<void> {
  const admin = firebaseUserAdmin();
  let user;
  try {
    user = await admin.getUser(uid);
  } catch (error) {
    if (error instanceof AuthAdminError && error.code === 'auth/user-not-found') throw new HttpError(401, INVALID_TOKEN);
    // Logged once by the endpoint, as every 503.
    throw new HttpError(503, ACCOUNT_UNCHECKED);
  }
  if (user.disabled) throw new HttpError(401, DISABLED);
  if (user.tokensValidAfterTime && authTime * 1000 < new Date(user.tokensValidAfterTime).getTime()) throw new HttpError(401, REVOKED);
}

/**
 * The verified token, or a 401 (503 when Google's keys cannot be fetched, or without a project
 * id). `maxAgeSeconds` bounds how long ago the user signed in (auth_time), for calls that must
 * follow a fresh sign-in. `checkRevoked` also looks the account up (as firebase-admin's
 * verifyIdToken(token, true) does): a disabled account, or a token from before its tokens were
 * revoked, is refused (401) though its signature is good, for calls that must not outlive a
 * revocation (export, deletion). Emulator tokens are always looked up.
 */
export async function verifyIdToken(token: string, options: { maxAgeSeconds?: number; checkRevoked?: boolean } = {}): Promise<DecodedIdToken> {
  const { projectId, credential } = settings();
  let payload: Record<string, unknown>;
  try {
    payload = credential.kind === 'emulator' ? UnsecuredJWT.decode(token).payload : await verifySigned(token);
    const problem = idTokenPayloadProblem(payload, projectId, Math.floor(Date.now() / 1000));
    if (problem) throw new Error(problem);
    if (credential.kind === 'emulator') await checkEmulatorAccount(projectId, credential, payload['sub'] as string, payload['auth_time'] as number);
  } catch (error) {
    // Logged once by the endpoint, as every 503.
    if (error instanceof KeysUnavailable) throw new HttpError(503, KEYS_UNAVAILABLE);
    if (error instanceof HttpError) throw error;
    throw new HttpError(401, INVALID_TOKEN);
  }
  const decoded = { ...payload, uid: payload['sub'] } as DecodedIdToken;
  if (options.maxAgeSeconds !== undefined) {
    const age = Math.floor(Date.now() / 1000) - decoded.auth_time;
    if (age > options.maxAgeSeconds) throw new HttpError(401, 'Session token is too old; please sign in again');
  }
  if (options.checkRevoked && credential.kind !== 'emulator') await checkAccount(decoded.uid, decoded.auth_time);
  return decoded;
}
