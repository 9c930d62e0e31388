/**
 * The session store: one atom and the actions on it. Islands read it with `useSession()` and
 * render a placeholder while it is `unknown`.
 *
 * Firebase is loaded only when the browser holds the signed-in hint (set on sign-in, cleared
 * on sign-out) or when a page asks for it (`watchSession({ loadAuth: true })`, the dashboard;
 * the sign-in actions), so a visitor who never signed in downloads no Firebase code.
 */
import { atom } from 'nanostores';
import { SIGNED_IN_ATTRIBUTE, SIGNED_IN_EVENT, SIGNED_IN_HINT_KEY } from '../lib/session-hint';
import type { AppUser, Session } from '../lib/user';

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

export type AuthService = typeof import('../services/firebase');
let service: Promise<AuthService> | undefined;

/** The Firebase service, imported on first use (and once). */
function loadAuth(): Promise<AuthService> {
  service ??= import('../services/firebase');
  return service;
}

/** The Firebase service, imported on first use (and once); for the member-only stores. */
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

/**
 * The account sync after every sign-in (src/stores/account-sync.ts), imported when a member
 * signs in, so a visitor's page never carries it.
 */
async function syncAfterSignIn(auth: AuthService, fullName: string | null): Promise<boolean> {
  const { syncAccountAfterSignIn } = await import('./account-sync');
  return syncAccountAfterSignIn(auth, fullName);
}

/** The key under which a failed account sync is kept for the browser session (see account-sync.ts). */
export const ACCOUNT_SYNC_KEY = 'ia:account-sync-failed';

function clearAccountSyncFailure(): void {
  try {
    sessionStorage.removeItem(ACCOUNT_SYNC_KEY);
  } catch {
    /* storage unavailable: nothing was kept */
  }
}

function signedIn(user: AppUser): AppUser {
  setSignedInHint(true);
  return user;
}

export async function signInWithEmail(email: string, password: string): Promise<AppUser> {
  const auth = await loadAuth();
  const user = await auth.signInWithEmail(email.trim(), password);
  await syncAfterSignIn(auth, null);
  return signedIn(user);
}

/** Creates the account; the trimmed full name, when not blank, becomes the display name. */
export async function signUpWithEmail(email: string, password: string, fullName: string): Promise<AppUser> {
  const auth = await loadAuth();
  const user = await auth.signUpWithEmail(email.trim(), password, fullName);
  await syncAfterSignIn(auth, fullName.trim() || null);
  return signedIn(user);
}

export async function signInWithGoogle(): Promise<AppUser> {
  const auth = await loadAuth();
  const user = await auth.signInWithGoogle();
  await syncAfterSignIn(auth, null);
  return signedIn(user);
}

export async function signOut(): Promise<void> {
  const auth = await loadAuth();
  await auth.signOut();
  setSignedInHint(false);
  clearAccountSyncFailure();
  $session.set({ status: 'signedOut' });
}

/** A sign-in counts as recent for deleting an account for this long (the server allows 5 minutes). */
export const RECENT_SIGN_IN_SECONDS = 240;

/** Whether the member signed in recently enough to delete their account without signing in again. */
export async function signedInRecently(): Promise<boolean> {
  const auth = await loadAuth();
  const age = await auth.secondsSinceSignIn();
  return age !== null && age < RECENT_SIGN_IN_SECONDS;
}

/** How the member signs in again before deleting: their password, or Google. */
export async function reauthenticationMethod(): Promise<'password' | 'google'> {
  return (await loadAuth()).signInMethod();
}

/** Signs the member in again (password, or Google when null). Throws Firebase's error. */
export async function reauthenticate(password: string | null): Promise<void> {
  await (await loadAuth()).reauthenticate(password);
}

/** After the account is deleted: signed out on this browser (the user no longer exists). */
export async function signOutDeleted(): Promise<void> {
  try {
    await signOut();
  } catch {
    setSignedInHint(false);
    $session.set({ status: 'signedOut' });
  }
}
