/**
 * Google's side of Firebase Auth for the functions, without firebase-admin (whose Google auth
 * stack was about 1 MB of every function's zip; docs/decisions/function-size.md):
 *
 * - `googleEndpoint()`: where Google's published ID-token keys, its OAuth2 token endpoint and
 *   the Identity Toolkit API live. GOOGLE_APIS_STAND_IN (tests only; server-side environment,
 *   nothing a request carries) serves all three from one local origin, and is refused unless
 *   it is a loopback address, so no setting can send tokens or keys to another host.
 * - `userAdmin()`: the Admin API calls the site makes (read an account by uid or email, set its
 *   custom claims, delete it) on the Identity Toolkit REST API, as firebase-admin makes them. With a
 *   service account, each call carries an OAuth2 access token minted from it (a JWT signed
 *   with its private key, exchanged at Google's token endpoint, cached until 5 minutes before
 *   it expires); against the Auth emulator, `Authorization: Bearer owner` at the emulator.
 */
import { importPKCS8, SignJWT } from 'jose';
import type { FirebaseCredential, ServiceAccount } from './firebase-credential';
import { HttpError } from './http';

const GOOGLE = {
  /** Firebase ID tokens' signing keys, as a JWK set. */
  keys: 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com',
  token: 'https://oauth2.googleapis.com/token',
  identityToolkit: 'https://identitytoolkit.googleapis.com/v1',
} as const;

/** The variable that points every Google endpoint at a local stand-in (tests). */
export const STAND_IN_VARIABLE = 'GOOGLE_APIS_STAND_IN';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Why GOOGLE_APIS_STAND_IN cannot be used, or null (also null when it is unset). */
export function standInProblem(env: Record<string, string | undefined> = process.env): string | null {
  const value = env[STAND_IN_VARIABLE]?.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${STAND_IN_VARIABLE} is not a URL`;
  }
  if (!/^https?:$/.test(url.protocol) || !LOOPBACK.has(url.hostname)) return `${STAND_IN_VARIABLE} must be a loopback address (it is for tests)`;
  return null;
}

/** Google's URL for `which`, or the same path on the loopback stand-in; a 503 when the stand-in is unusable. */
export function googleEndpoint(which: keyof typeof GOOGLE): string {
  const standIn = process.env[STAND_IN_VARIABLE]?.trim();
  if (!standIn) return GOOGLE[which];
  const problem = standInProblem();
  if (problem) throw new HttpError(503, `Sign-in is not configured on the server (${problem}).`);
  return new URL(new URL(GOOGLE[which]).pathname, standIn).href;
}

/** A failed Admin API call; `code` as firebase-admin names it (auth/user-not-found, app/invalid-credential, ...). */
export class AuthAdminError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AuthAdminError';
  }
}

/** The part of an account the functions read. */
export interface AuthUser {
  uid: string;
  email?: string;
  /** Whether Firebase counts the address as proven (its verification link, or Google's sign-in). */
  emailVerified: boolean;
  disabled: boolean;
  customClaims?: Record<string, unknown>;
  /** When tokens issued before this instant stopped being valid (ISO), if ever. */
  tokensValidAfterTime?: string;
}

/** The Admin API calls the functions make, named as firebase-admin's Auth names them. */
export interface UserAdmin {
  getUser(memberId: string): Promise<AuthUser>;
  getUserByEmail(email: string): Promise<AuthUser>;
  setCustomUserClaims(memberId: string, claims: Record<string, unknown> | null): Promise<void>;
  deleteUser(memberId: string): Promise<void>;
  /**
   * The one-time code of an email action link for `email`, as firebase-admin's
   * generateEmailVerificationLink, generatePasswordResetLink and generateVerifyAndChangeEmailLink
   * make it (accounts:sendOobCode with returnOobLink: Google sends nothing itself). Our messages
   * carry the code in a link to our own page.
   */
  emailActionCode(action: EmailAction, email: string, newEmail?: string): Promise<string>;
  /** Changes the account (firebase-admin's updateUser): its address, whether it is verified, its password. */
  updateUser(memberId: string, fields: { email?: string; emailVerified?: boolean; password?: string }): Promise<void>;
  /** Ends every session of the account (firebase-admin's revokeRefreshTokens): tokens from before now stop counting. */
  revokeRefreshTokens(memberId: string): Promise<void>;
}

/** The email actions whose links the site sends (Identity Toolkit's request types). */
export type EmailAction = 'VERIFY_EMAIL' | 'PASSWORD_RESET' | 'VERIFY_AND_CHANGE_EMAIL';

const SCOPES = 'https://www.googleapis.com/auth/cloud-platform https://www.googleapis.com/auth/identitytoolkit';
/** A cached access token is renewed this long before it expires. */
const RENEW_BEFORE_MS = 5 * 60 * 1000;
const TIMEOUT_MS = 10_000;

const accessTokens = new Map<string, Promise<{ token: string; expiresAt: number }>>();

async function exchange(account: ServiceAccount, tokenUrl: string): Promise<{ token: string; expiresAt: number }> {
  let key: CryptoKey;
  try {
    key = await importPKCS8(account.privateKey, 'RS256');
  } catch {
    throw new AuthAdminError('app/invalid-credential', 'the service account private key is not an RSA key');
  }
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({ scope: SCOPES })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(account.clientEmail)
    .setAudience(GOOGLE.token)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(key);
  const res = await fetch(tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = (await res.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown; error?: unknown; error_description?: unknown };
  if (!res.ok || typeof body.access_token !== 'string') {
    const reason = [body.error, body.error_description].filter((part) => typeof part === 'string').join(': ');
    throw new AuthAdminError('app/invalid-credential', `Google's token endpoint answered ${res.status}${reason ? ` (${reason})` : ''}`);
  }
  const seconds = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
  return { token: body.access_token, expiresAt: Date.now() + seconds * 1000 };
}

/** An access token for the service account: the cached one until shortly before it expires. */
async function accessToken(account: ServiceAccount): Promise<string> {
  const tokenUrl = googleEndpoint('token');
  const cacheKey = `${tokenUrl}\n${account.clientEmail}\n${account.privateKey}`;
  const cached = accessTokens.get(cacheKey);
  if (cached) {
    const held = await cached.catch(() => null);
    if (held && held.expiresAt - RENEW_BEFORE_MS > Date.now()) return held.token;
  }
  const pending = exchange(account, tokenUrl);
  accessTokens.set(cacheKey, pending);
  try {
    return (await pending).token;
  } catch (error) {
    if (accessTokens.get(cacheKey) === pending) accessTokens.delete(cacheKey);
    throw error;
  }
}

/** Identity Toolkit's error message (USER_NOT_FOUND, ...) as firebase-admin's code. */
function adminError(status: number, message: string): AuthAdminError {
  const reason = message.split(/[ :]/)[0] ?? '';
  if (reason === 'USER_NOT_FOUND' || reason === 'EMAIL_NOT_FOUND') return new AuthAdminError('auth/user-not-found', 'There is no user record corresponding to the provided identifier.');
  if (reason === 'EMAIL_EXISTS') return new AuthAdminError('auth/email-already-exists', 'The email address is already in use by another account.');
  if (status === 401 || status === 403) return new AuthAdminError('app/invalid-credential', `Identity Toolkit refused the credential (${status} ${message})`);
  return new AuthAdminError('auth/internal-error', `Identity Toolkit answered ${status}${message ? ` (${message})` : ''}`);
}

interface LookupUser {
  localId: string;
  email?: string;
  emailVerified?: boolean;
  disabled?: boolean;
  customAttributes?: string;
  validSince?: string;
}

/**
 * The Admin API for `projectId` with `credential`: the emulator's, the service account's, or
 * (missing or invalid) one whose every call fails with app/invalid-credential, as
 * firebase-admin's calls fail without a credential.
 */
export function userAdmin(projectId: string, credential: FirebaseCredential): UserAdmin {
  const project = encodeURIComponent(projectId);
  const base = () =>
    credential.kind === 'emulator' ? `http://${credential.host}/identitytoolkit.googleapis.com/v1/projects/${project}` : `${googleEndpoint('identityToolkit')}/projects/${project}`;

  async function authorization(): Promise<string> {
    if (credential.kind === 'emulator') return 'Bearer owner';
    if (credential.kind === 'service-account') return `Bearer ${await accessToken(credential.account)}`;
    throw new AuthAdminError('app/invalid-credential', credential.kind === 'invalid' ? credential.error : 'no Firebase service account');
  }

  async function call<T>(method: 'lookup' | 'update' | 'delete' | 'sendOobCode', body: Record<string, unknown>): Promise<T> {
    const res = await fetch(`${base()}/accounts:${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: await authorization() },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const data = (await res.json().catch(() => ({}))) as { error?: { message?: unknown } };
    if (!res.ok) throw adminError(res.status, typeof data.error?.message === 'string' ? data.error.message : '');
    return data as T;
  }

  /** The account `lookup` answered, as firebase-admin's UserRecord gives it; USER_NOT_FOUND when none matched. */
  function userOf(user: LookupUser | undefined): AuthUser {
    if (!user) throw adminError(400, 'USER_NOT_FOUND');
    let customClaims: Record<string, unknown> | undefined;
    if (user.customAttributes) {
      const parsed: unknown = JSON.parse(user.customAttributes);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) customClaims = parsed as Record<string, unknown>;
    }
    return {
      uid: user.localId,
      emailVerified: user.emailVerified === true,
      disabled: user.disabled === true,
      ...(user.email ? { email: user.email } : {}),
      ...(customClaims ? { customClaims } : {}),
      ...(user.validSince ? { tokensValidAfterTime: new Date(Number(user.validSince) * 1000).toISOString() } : {}),
    };
  }

  return {
    async getUser(memberId) {
      const { users } = await call<{ users?: LookupUser[] }>('lookup', { localId: [memberId] });
      return userOf(users?.find((u) => u.localId === memberId));
    },
    async getUserByEmail(email) {
      const { users } = await call<{ users?: LookupUser[] }>('lookup', { email: [email] });
      return userOf(users?.find((u) => u.email?.toLowerCase() === email.toLowerCase()));
    },
    async setCustomUserClaims(memberId, claims) {
      await call('update', { localId: memberId, customAttributes: JSON.stringify(claims ?? {}) });
    },
    async deleteUser(memberId) {
      await call('delete', { localId: memberId });
    },
    async emailActionCode(action, email, newEmail) {
      const answer = await call<{ oobCode?: unknown; oobLink?: unknown }>('sendOobCode', {
        requestType: action,
        email,
        ...(newEmail ? { newEmail } : {}),
        returnOobLink: true,
      });
      const code = typeof answer.oobCode === 'string' ? answer.oobCode : typeof answer.oobLink === 'string' ? new URL(answer.oobLink).searchParams.get('oobCode') : null;
      if (!code) throw new AuthAdminError('auth/internal-error', 'Identity Toolkit answered no action code');
      return code;
    },
    async updateUser(memberId, fields) {
      await call('update', { localId: memberId, ...fields });
    },
    async revokeRefreshTokens(memberId) {
      await call('update', { localId: memberId, validSince: String(Math.floor(Date.now() / 1000)) });
    },
  };
}

/** What an email action code is for and about, as Identity Toolkit's checkActionCode gives it. */
export interface ActionCodeInfo {
  action: EmailAction | 'OTHER';
  /** The account's address the code was made for. */
  email: string;
  /** For VERIFY_AND_CHANGE_EMAIL: the address the account changes to. */
  newEmail?: string;
}

/**
 * The calls that use an email action code (the page our links open applies it on the server):
 * Identity Toolkit's public REST API, as the Firebase JS SDK's checkActionCode, applyActionCode
 * and confirmPasswordReset call it, with the project's web API key (it is public: the browser
 * has it too). A code that is unknown, used or expired is `auth/invalid-action-code`.
 */
export interface ActionCodes {
  check(code: string): Promise<ActionCodeInfo>;
  /** Applies a VERIFY_EMAIL or VERIFY_AND_CHANGE_EMAIL code. */
  apply(code: string): Promise<void>;
  /** Sets the new password with a PASSWORD_RESET code. */
  resetPassword(code: string, newPassword: string): Promise<void>;
}

const ACTION_CODE_ERRORS = new Set(['INVALID_OOB_CODE', 'EXPIRED_OOB_CODE', 'MISSING_OOB_CODE']);

export function actionCodes(credential: FirebaseCredential, apiKey: string): ActionCodes {
  const base = () => (credential.kind === 'emulator' ? `http://${credential.host}/identitytoolkit.googleapis.com/v1` : googleEndpoint('identityToolkit'));
  async function call<T>(method: 'update' | 'resetPassword', body: Record<string, unknown>): Promise<T> {
    const res = await fetch(`${base()}/accounts:${method}?key=${encodeURIComponent(apiKey)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const data = (await res.json().catch(() => ({}))) as { error?: { message?: unknown } };
    if (!res.ok) {
      const message = typeof data.error?.message === 'string' ? data.error.message : '';
      const reason = message.split(/[ :]/)[0] ?? '';
      if (ACTION_CODE_ERRORS.has(reason)) throw new AuthAdminError('auth/invalid-action-code', 'The action code is invalid, expired or already used.');
      if (reason === 'EMAIL_EXISTS') throw new AuthAdminError('auth/email-already-exists', 'The email address is already in use by another account.');
      if (reason === 'WEAK_PASSWORD') throw new AuthAdminError('auth/weak-password', 'The password is too weak.');
      if (reason === 'USER_DISABLED') throw new AuthAdminError('auth/user-disabled', 'The account is disabled.');
      throw adminError(res.status, message);
    }
    return data as T;
  }
  return {
    async check(code) {
      const data = await call<{ requestType?: unknown; email?: unknown; newEmail?: unknown }>('resetPassword', { oobCode: code });
      const action = data.requestType === 'VERIFY_EMAIL' || data.requestType === 'PASSWORD_RESET' || data.requestType === 'VERIFY_AND_CHANGE_EMAIL' ? data.requestType : 'OTHER';
      if (typeof data.email !== 'string') throw new AuthAdminError('auth/invalid-action-code', 'The action code names no account.');
      return { action, email: data.email, ...(typeof data.newEmail === 'string' ? { newEmail: data.newEmail } : {}) };
    },
    async apply(code) {
      await call('update', { oobCode: code });
    },
    async resetPassword(code, newPassword) {
      await call('resetPassword', { oobCode: code, newPassword });
    },
  };
}
