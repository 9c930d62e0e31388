/**
 * The session record: what the site keeps in local storage of the member signed in on this
 * browser (who they are, their Firebase refresh token and their latest ID token), so a member
 * page restores the session and keeps the ID token fresh without loading the Firebase SDK.
 * The SDK writes it from its user at every token change (./firebase.ts: public fields only),
 * and stays the authority: whenever it is loaded, what it says replaces the record. The rules
 * (which record is usable, when a token needs refreshing, what a refusal means) are pure; the
 * storage calls never throw.
 */
import { toAppUser, type AppUser } from './user';

/** The local-storage key of the record. */
export const SESSION_RECORD_KEY = 'ia:session';

/**
 * A token is refreshed this long before it expires (Firebase's own proactive refresh runs five
 * minutes before), so a request never leaves with a token that expires on the way.
 */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;

export interface SessionRecord {
  /** The version of this shape; a record of another version is not read. */
  v: 1;
  /** The Firebase web API key the session belongs to (another project's record is not used). */
  apiKey: string;
  uid: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  photoURL: string | null;
  phoneNumber: string | null;
  /** The account's creation time as Firebase gives it (an HTTP date), when known. */
  createdAt: string | null;
  refreshToken: string;
  idToken: string;
  /** When `idToken` expires, in milliseconds since the epoch. */
  expiresAt: number;
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const textOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The record in `text` when it is one of this version for `apiKey`, else null. */
export function parseSessionRecord(text: string | null, apiKey: string): SessionRecord | null {
  if (!text) return null;
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object' || raw.v !== 1 || raw.apiKey !== apiKey) return null;
  if (!isText(raw.uid) || !isText(raw.refreshToken) || !isText(raw.idToken)) return null;
  if (typeof raw.expiresAt !== 'number' || !Number.isFinite(raw.expiresAt)) return null;
  return {
    v: 1,
    apiKey,
    uid: raw.uid,
    email: textOrNull(raw.email),
    emailVerified: raw.emailVerified === true,
    displayName: textOrNull(raw.displayName),
    photoURL: textOrNull(raw.photoURL),
    phoneNumber: textOrNull(raw.phoneNumber),
    createdAt: textOrNull(raw.createdAt),
    refreshToken: raw.refreshToken,
    idToken: raw.idToken,
    expiresAt: raw.expiresAt,
  };
}

/** The member as the site shows them, from the record. */
export function recordUser(record: SessionRecord): AppUser {
  return toAppUser({
    uid: record.uid,
    email: record.email,
    phoneNumber: record.phoneNumber,
    emailVerified: record.emailVerified,
    displayName: record.displayName,
    photoURL: record.photoURL,
    metadata: record.createdAt ? { creationTime: record.createdAt } : {},
  });
}

/** Whether two records show the same member the same way (a token change alone is not a session change). */
export const sameMember = (a: SessionRecord, b: SessionRecord): boolean =>
  JSON.stringify(recordUser(a)) === JSON.stringify(recordUser(b));

/** Whether the record's ID token must be refreshed before it is sent at `now`. */
export const needsRefresh = (record: SessionRecord, now: number): boolean => record.expiresAt - now <= REFRESH_MARGIN_MS;

/** Firebase's answer to a refresh (securetoken's `token` endpoint). */
export interface RefreshAnswer {
  id_token: string;
  refresh_token: string;
  expires_in: string;
  user_id: string;
}

/** The record with the refreshed tokens, `expires_in` seconds after `now`; null when the answer is for someone else. */
export function withRefreshedToken(record: SessionRecord, answer: RefreshAnswer, now: number): SessionRecord | null {
  const seconds = Number(answer.expires_in);
  if (answer.user_id !== record.uid || !isText(answer.id_token) || !Number.isFinite(seconds)) return null;
  return { ...record, idToken: answer.id_token, refreshToken: isText(answer.refresh_token) ? answer.refresh_token : record.refreshToken, expiresAt: now + seconds * 1000 };
}

/**
 * What a refused refresh means: `ended` when Firebase says the session itself is over (the
 * refresh token expired or was revoked, the account was disabled or deleted, the request was
 * not a refresh), `failed` otherwise (a server error, a timeout: try again later, as offline).
 */
export function refreshRefusal(status: number, message: string | undefined): 'ended' | 'failed' {
  if (status === 400 || status === 401 || status === 403) {
    return /^(TOKEN_EXPIRED|INVALID_REFRESH_TOKEN|USER_DISABLED|USER_NOT_FOUND|INVALID_GRANT_TYPE|MISSING_REFRESH_TOKEN|INVALID_ID_TOKEN|PROJECT_NUMBER_MISMATCH)\b/.test(message ?? '')
      ? 'ended'
      : 'failed';
  }
  return 'failed';
}

/** The record kept in this browser for `apiKey`, or null. */
export function readSessionRecord(apiKey: string): SessionRecord | null {
  try {
    return parseSessionRecord(localStorage.getItem(SESSION_RECORD_KEY), apiKey);
  } catch {
    return null;
  }
}

/** Keeps `record` (null removes it). */
export function writeSessionRecord(record: SessionRecord | null): void {
  try {
    if (record) localStorage.setItem(SESSION_RECORD_KEY, JSON.stringify(record));
    else localStorage.removeItem(SESSION_RECORD_KEY);
  } catch {
    /* storage unavailable: the SDK keeps the session on its own */
  }
}
