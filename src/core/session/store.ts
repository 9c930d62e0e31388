/**
 * The session store: the session atom, the signed-in hint, and the lazily loaded Firebase
 * service. Islands read it with `useSession()` and render a placeholder while it is `unknown`.
 * The actions that change the session (sign in, sign up, sign out, sign in again) are in
 * src/features/account/sign-in-actions.ts, which uses this store and the account sync; this
 * store imports neither, so imports run one way: sign-in -> account-sync -> session.
 *
 * Firebase is loaded only when the browser holds the signed-in hint (set on sign-in, cleared
 * on sign-out) or when a page asks for it (`watchSession({ loadAuth: true })`, the dashboard;
 * the sign-in actions), so a visitor who never signed in downloads no Firebase code.
 */
import { atom } from 'nanostores';
import { SIGNED_IN_ATTRIBUTE, SIGNED_IN_EVENT, SIGNED_IN_HINT_KEY } from './hint';
import type { Session } from './user';

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

/** The Firebase service, imported on first use (and once). */
function loadAuth(): Promise<AuthService> {
  service ??= import('./firebase');
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

/**
 * Starts following the auth state (once per page). Without the hint and without `loadAuth`,
 * the visitor is signed out and Firebase stays unloaded (a later call, once the hint is set,
 * starts following).
 */
export function watchSession(options: { loadAuth?: boolean } = {}): Promise<void> {
  if (watching) return watching;
  if (!options.loadAuth && !hasSignedInHint()) {
    $session.set({ status: 'signedOut' });
    return Promise.resolve();
  }
  watching = loadAuth()
    .then(({ onSessionChange }) => {
      onSessionChange((session) => {
        setSignedInHint(session.status === 'signedIn');
        $session.set(session);
      });
    })
    .catch((error: unknown) => {
      console.error('Session: could not load sign-in', error);
      setSignedInHint(false);
      $session.set({ status: 'signedOut' });
    });
  return watching;
}
