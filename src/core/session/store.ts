/**
 * The session store: the session atom, the signed-in hint, and the lazily loaded Firebase
 * service. Islands read it with `useSession()` and render a placeholder while it is `unknown`.
 * The actions that change the session (sign in, sign up, sign out, sign in again) are in
 * src/features/account/sign-in-actions.ts, which uses this store and the account sync; this
 * store imports neither, so imports run one way: sign-in -> account-sync -> session.
 *
 * Nothing is read unless the browser holds the signed-in hint (set on sign-in, cleared on
 * sign-out) or a page asks (`watchSession({ loadAuth: true })`, the dashboard), so a visitor
 * who never signed in downloads no sign-in code. A member's page restores the session from the
 * session record Firebase wrote (./session-record.ts) and refreshes the ID token with Firebase's
 * token endpoint (./token-api.ts) without loading Firebase; Firebase is loaded to sign in, up,
 * out or again, and to restore a session that has no record yet, and once loaded it is followed.
 */
import { atom } from 'nanostores';
import { PUBLIC_FIREBASE_API_KEY } from 'astro:env/client';
import { SIGNED_IN_ATTRIBUTE, SIGNED_IN_EVENT, SIGNED_IN_HINT_KEY } from './hint';
import type { Session } from './user';
import { setAccessTokenProvider } from './access-token';
import {
  needsRefresh,
  readSessionRecord,
  recordUser,
  sameMember,
  SESSION_RECORD_KEY,
  withRefreshedToken,
  writeSessionRecord,
  type SessionRecord,
} from './session-record';

export const $session = atom<Session>({ status: 'unknown' });

export function hasSignedInHint(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Records whether someone is signed in on this browser: the local-storage hint, the attribute
 * on <html> the page's CSS reads, and (when it appears) an event that wakes member islands.
 */
export function setSignedInHint(signedIn: boolean): void {
  const had = hasSignedInHint();
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_HINT_KEY);
  } catch {
    /* storage unavailable: the hint is an optimisation only */
  }
  if (typeof document === 'undefined') return;
  document.documentElement.toggleAttribute(SIGNED_IN_ATTRIBUTE, signedIn);
  if (signedIn && !had) window.dispatchEvent(new Event(SIGNED_IN_EVENT));
}

export type AuthService = typeof import('./firebase');
let service: Promise<AuthService> | undefined;

/** The Firebase service, imported on first use (and once). A page restored from the record follows it from then on. */
function loadAuth(): Promise<AuthService> {
  service ??= import('./firebase').then((auth) => {
    if (restored) followFirebase(auth);
    return auth;
  });
  return service;
}

/** The Firebase service, imported on first use (and once); for the sign-in actions and the member-only stores. */
export const authService = loadAuth;

/** Starts downloading sign-in ahead of a click (the Google popup must open promptly). */
export function preloadAuth(): void {
  loadAuth().catch(() => {
    service = undefined;
  });
}

let watching: Promise<void> | undefined;
let following = false;

/** From now on the session is what Firebase says (it also rewrites the session record). */
function followFirebase(auth: AuthService): void {
  if (following) return;
  following = true;
  stopRestored();
  auth.onSessionChange((session) => {
    setSignedInHint(session.status === 'signedIn');
    $session.set(session);
  });
}

/**
 * Starts following the auth state (once per page). Without the hint and without `loadAuth`,
 * the visitor is signed out and Firebase stays unloaded (a later call, once the hint is set,
 * starts following). With the hint and a session record, the member is signed in from the
 * record and Firebase stays unloaded too; without a record, Firebase restores the session.
 */
export function watchSession(options: { loadAuth?: boolean } = {}): Promise<void> {
  if (watching) return watching;
  if (!options.loadAuth && !hasSignedInHint()) {
    $session.set({ status: 'signedOut' });
    return Promise.resolve();
  }
  const record = PUBLIC_FIREBASE_API_KEY ? readSessionRecord(PUBLIC_FIREBASE_API_KEY) : null;
  if (record) {
    restoreFromRecord(record);
    watching = Promise.resolve();
    return watching;
  }
  watching = loadAuth()
    .then(followFirebase)
    .catch((error: unknown) => {
      console.error('Session: could not load sign-in', error);
      setSignedInHint(false);
      $session.set({ status: 'signedOut' });
    });
  return watching;
}

/** The record this page was restored from (kept current: refreshed tokens, other tabs), while Firebase is not followed. */
let restored: SessionRecord | null = null;
let refreshing: Promise<string | null> | undefined;

function restoreFromRecord(record: SessionRecord): void {
  restored = record;
  setSignedInHint(true);
  $session.set({ status: 'signedIn', user: recordUser(record) });
  setAccessTokenProvider(recordToken);
  window.addEventListener('storage', onRecordChange);
}

function stopRestored(): void {
  if (!restored) return;
  restored = null;
  window.removeEventListener('storage', onRecordChange);
}

/** Another tab signed in, out, or refreshed the token. */
function onRecordChange(event: StorageEvent): void {
  if (event.key !== SESSION_RECORD_KEY && event.key !== null) return;
  const previous = restored;
  const next = PUBLIC_FIREBASE_API_KEY ? readSessionRecord(PUBLIC_FIREBASE_API_KEY) : null;
  if (!previous) return;
  if (!next) {
    restored = null;
    window.removeEventListener('storage', onRecordChange);
    setAccessTokenProvider(null);
    setSignedInHint(false);
    $session.set({ status: 'signedOut' });
    return;
  }
  restored = next;
  if (!sameMember(previous, next)) $session.set({ status: 'signedIn', user: recordUser(next) });
}

/** The ID token from the record, refreshed first when it is about to expire. */
async function recordToken(): Promise<string | null> {
  const record = restored;
  if (!record) return null;
  if (!needsRefresh(record, Date.now())) return record.idToken;
  refreshing ??= refreshRecord(record).finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

/**
 * Fresh tokens for the record, kept for the next page. When Firebase says the session is over,
 * Firebase itself is loaded and followed: it signs the member out (or, if it holds a session
 * of its own, carries on with that one). With no answer at all (offline) the record's token
 * is used as it is; a refusal that may pass later is thrown, as for any request.
 */
async function refreshRecord(record: SessionRecord): Promise<string | null> {
  const { refreshIdToken, TokenRefreshError } = await import('./token-api');
  try {
    const fresh = withRefreshedToken(record, await refreshIdToken(record.refreshToken), Date.now());
    if (!fresh) throw new TokenRefreshError('ended', 'the refreshed token is for another account');
    if (restored?.uid === record.uid) {
      restored = fresh;
      writeSessionRecord(fresh);
    }
    return fresh.idToken;
  } catch (error) {
    // No answer at all (offline): the request goes with the token it has, so the service
    // worker can answer it from the member's own cache (or it fails as it would have).
    if (!(error instanceof TokenRefreshError)) return record.idToken;
    if (error.kind !== 'ended') throw error;
    writeSessionRecord(null);
    void loadAuth().catch(() => {
      setSignedInHint(false);
      $session.set({ status: 'signedOut' });
    });
    return null;
  }
}
