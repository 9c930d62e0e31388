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
 *   then, it takes the emulator's unsigned tokens, as firebase-admin does. An emulator anywhere
 *   else is refused (firebase-credential.ts): only Google-signed tokens count.
 *   Then, by default, the account as it is now (docs/decisions/sessions.md): looked up on
 *   Identity Toolkit (the service account's, or the emulator's) beside its deletion tombstone,
 *   and the token refused (401) when the account was deleted, is gone, is disabled, or signed in
 *   before its tokens were revoked; what was read is kept up to 60 s on this instance.
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
import { isDeletedMember } from './deleted-members';
import { HttpError } from './http';
import { isSupabaseConfigured, supabaseAdmin } from './supabase';

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

const DISABLED = 'This account has been disabled. Please contact support for assistance.';
const REVOKED = 'Your session has ended. Please sign in again.';
/** What a deleted account's still-valid token is told (auth-sync said it first). */
export const DELETED = 'This account was deleted. To come back, create a new account.';
const ACCOUNT_UNCHECKED = 'Your account could not be checked just now. Please try again.';

/**
 * A token whose session has ended though its signature is good: the account's tokens were revoked
 * after it signed in, the account is disabled, or it was deleted (its tombstone). Always a 401;
 * `code` as firebase-admin names the first two (`auth/user-deleted` is ours: the tombstone).
 */
export class SessionEnded extends HttpError {
  constructor(
    readonly code: 'auth/id-token-revoked' | 'auth/user-disabled' | 'auth/user-deleted',
    message: string,
  ) {
    super(401, message);
    this.name = 'SessionEnded';
  }
}

/** What the session check needs of an account, as it was when it was read. */
interface AccountNow {
  /** false: Firebase has no such account (it never had, or it was deleted). */
  found: boolean;
  disabled: boolean;
  /** Tokens from a sign-in before this instant (ms) are revoked (firebase-admin's tokensValidAfterTime). */
  validSinceMs: number | null;
  /** The tombstone (public.deleted_members): the account was deleted through account-delete. */
  deleted: boolean;
}

/**
 * How long one instance trusts what it read of an account: a revocation, a disabled account or a
 * deletion is seen at most this long after it happened, and a member's requests in a burst (a
 * dashboard's, a lesson's) cost one lookup (docs/decisions/sessions.md).
 */
export const ACCOUNT_CACHE_MS = 60_000;
/** At most this many accounts are kept (the one read longest ago goes first). */
export const ACCOUNT_CACHE_SIZE = 1000;
const accountCache = new Map<string, { readAt: number; account: AccountNow }>();

/** Forgets what this instance read of `memberId`'s account (account-delete, once it left the tombstone). */
export function forgetAccount(memberId: string): void {
  for (const key of accountCache.keys()) if (key.endsWith(`\n${memberId}`)) accountCache.delete(key);
}

/** The Admin API to look accounts up with: the emulator's, or the service account's (a 503 saying what is missing without one). */
function lookupAdmin(projectId: string, credential: FirebaseCredential): UserAdmin {
  if (credential.kind === 'emulator') return userAdmin(projectId, credential);
  const status = userAdminStatus();
  if (!status.configured) throw new HttpError(503, `Your sign-in cannot be checked: the server is not fully configured (${status.reason}).`);
  return userAdmin(projectId, credential);
}

/**
 * The account of `memberId` as it is now: Firebase's record (Identity Toolkit accounts:lookup) and the
 * tombstone, read side by side. Without database settings there is no tombstone to read, nor any
 * member data to keep from a deleted account (the functions that need the database answer 503
 * themselves). Kept ACCOUNT_CACHE_MS on this instance, except against the emulator (on this
 * machine; a test that revokes expects to be seen at once). A 503 when either cannot be read.
 */
async function accountNow(projectId: string, credential: FirebaseCredential, memberId: string): Promise<AccountNow> {
  const cacheable = credential.kind !== 'emulator';
  const key = `${projectId}\n${memberId}`;
  const now = Date.now();
  const held = cacheable ? accountCache.get(key) : undefined;
  if (held && held.readAt <= now && now - held.readAt < ACCOUNT_CACHE_MS) return held.account;
  if (held) accountCache.delete(key);

  const admin = lookupAdmin(projectId, credential);
  const [record, tombstone] = await Promise.allSettled([
    admin.getUser(memberId),
    isSupabaseConfigured() ? isDeletedMember(supabaseAdmin(), memberId) : Promise.resolve(false),
  ]);
  let account: AccountNow;
  if (tombstone.status === 'fulfilled' && tombstone.value) {
    // Deleted: nothing else about the account matters (its Firebase record may already be gone).
    account = { found: record.status === 'fulfilled', disabled: false, validSinceMs: null, deleted: true };
  } else if (tombstone.status === 'rejected') {
    throw new HttpError(503, ACCOUNT_UNCHECKED, `deleted_members: ${tombstone.reason instanceof Error ? tombstone.reason.message : String(tombstone.reason)}`);
  } else if (record.status === 'fulfilled') {
    const user = record.value;
    account = { found: true, disabled: user.disabled, validSinceMs: user.tokensValidAfterTime ? new Date(user.tokensValidAfterTime).getTime() : null, deleted: false };
  } else if (record.reason instanceof AuthAdminError && record.reason.code === 'auth/user-not-found') {
    account = { found: false, disabled: false, validSinceMs: null, deleted: false };
  } else {
    throw new HttpError(503, ACCOUNT_UNCHECKED, `accounts:lookup: ${describeAdminError(record.reason)}`);
  }

  if (cacheable) {
    accountCache.set(key, { readAt: now, account });
    while (accountCache.size > ACCOUNT_CACHE_SIZE) accountCache.delete(accountCache.keys().next().value!);
  }
  return account;
}

/**
 * firebase-admin's checkRevoked, and the tombstone: the token is refused (401) when its account
 * was deleted, is gone, is disabled, or signed in before the account's tokens were revoked
 * (auth_time before validSince, in milliseconds, as firebase-admin compares them).
 */
async function checkAccount(projectId: string, credential: FirebaseCredential, memberId: string, authTime: number, acceptDeleted: boolean): Promise<void> {
  const account = await accountNow(projectId, credential, memberId);
  if (account.deleted) {
    if (acceptDeleted) return;
    throw new SessionEnded('auth/user-deleted', DELETED);
  }
  if (!account.found) throw new HttpError(401, INVALID_TOKEN);
  if (account.disabled) throw new SessionEnded('auth/user-disabled', DISABLED);
  if (account.validSinceMs !== null && authTime * 1000 < account.validSinceMs) throw new SessionEnded('auth/id-token-revoked', REVOKED);
}

export interface VerifyOptions {
  /** Refuses (401) a token from a sign-in longer ago than this (auth_time), for calls that must follow a fresh sign-in. */
  maxAgeSeconds?: number;
  /**
   * true (the default): the account is looked up as it is now, as firebase-admin's
   * verifyIdToken(token, true) does, and the tombstone read. false skips both for a
   * Google-signed token (no function passes it; emulator tokens are always looked up).
   */
  checkRevoked?: boolean;
  /**
   * A deleted account's token is let through (account-delete only: finishing a deletion that
   * stopped part-way is all it can do). Revoked and disabled are refused all the same.
   */
  acceptDeleted?: boolean;
}

/**
 * The verified token, or a 401 (503 when Google's keys cannot be fetched, without a project id,
 * or when the account cannot be checked). By default the account is checked as it is now
 * (`checkRevoked`): a token whose account was deleted (the tombstone), is gone, is disabled, or
 * signed in before its tokens were revoked is refused with 401 though its signature is good, so
 * a session's end reaches every member function within ACCOUNT_CACHE_MS. Outside the emulator
 * that lookup needs the service account: without one, 503 with a message naming what to set.
 */
export async function verifyIdToken(token: string, options: VerifyOptions = {}): Promise<DecodedIdToken> {
  const { projectId, credential } = settings();
  let payload: Record<string, unknown>;
  try {
    payload = credential.kind === 'emulator' ? UnsecuredJWT.decode(token).payload : await verifySigned(token);
    const problem = idTokenPayloadProblem(payload, projectId, Math.floor(Date.now() / 1000));
    if (problem) throw new Error(problem);
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
  if (options.checkRevoked !== false || credential.kind === 'emulator') {
    await checkAccount(projectId, credential, decoded.uid, decoded.auth_time, options.acceptDeleted === true);
  }
  return decoded;
}
