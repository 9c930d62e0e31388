/**
 * The sign-in actions: sign in (email or Google), sign up, sign out, and signing in again
 * before deleting the account. Each sign-in ends with the account sync (./account-sync-actions.ts,
 * imported when a member signs in or out, so a visitor's page never carries it), then records
 * the signed-in hint in the session store. Imports run one way: this module uses the session
 * store and the account-sync store; the account-sync store uses the session store; the session
 * store imports neither.
 */
import type { AppUser, Session } from '../../core/session/user';
import { $session, authService, setSignedInHint, type AuthService } from '../../core/session/store';

/** The device follows the session (./follow-device.ts loads them from here, with Sign out's code). */
export const followSession = async (session: Session) => (await import('../../core/offline/device-api')).followSession(session);
export const confirmSession = async () => (await import('../../core/session/session-end-api')).confirmSession();

/**
 * The account sync after every sign-in (./account-sync-actions.ts), loaded on first use, with the
 * campaign of this page's address (a sign-up from a newsletter link counts under it in the
 * owner's funnel; src/core/hit-api.ts, also loaded here so no member page carries it).
 */
async function syncAfterSignIn(auth: AuthService, fullName: string | null): Promise<boolean> {
  const [{ syncAccountAfterSignIn }, { pageSource }] = await Promise.all([import('./account-sync-actions'), import('../../core/hit-api')]);
  return syncAccountAfterSignIn(auth, fullName, pageSource());
}

/** On sign-out: forgets a failed account sync kept for the browser session. */
async function forgetAccountSync(): Promise<void> {
  try {
    const { resetAccountSync } = await import('./account-sync-actions');
    resetAccountSync();
  } catch {
    /* the module did not load: the next sign-in's sync replaces what was kept */
  }
}

/**
 * After a sign-in: the device now belongs to `user` (src/core/offline/device.ts). Another
 * member's data still on it (a session that ended without this browser seeing it) goes first,
 * before the first member page opens.
 */
async function signedIn(user: AppUser): Promise<AppUser> {
  const { followSession } = await import('../../core/offline/device-api');
  await followSession({ status: 'signedIn', user });
  setSignedInHint(true);
  return user;
}

export async function signInWithEmail(email: string, password: string): Promise<AppUser> {
  const auth = await authService();
  const user = await auth.signInWithEmail(email.trim(), password);
  await syncAfterSignIn(auth, null);
  return signedIn(user);
}

/** Creates the account; the trimmed full name, when not blank, becomes the display name. */
export async function signUpWithEmail(email: string, password: string, fullName: string): Promise<AppUser> {
  const auth = await authService();
  const user = await auth.signUpWithEmail(email.trim(), password, fullName);
  await syncAfterSignIn(auth, fullName.trim() || null);
  return signedIn(user);
}

export async function signInWithGoogle(): Promise<AppUser> {
  const auth = await authService();
  const user = await auth.signInWithGoogle();
  await syncAfterSignIn(auth, null);
  return signedIn(user);
}

/**
 * Signs out, leaving nothing of the member on this browser (src/core/offline/device-api.ts:
 * what waits to sync is sent first, and the member is asked before anything unsent is dropped).
 * Answers false when the member chose to stay signed in; `ask: false` drops it unasked (a
 * deleted account's writes have nowhere to go).
 */
export async function signOut({ ask = true }: { ask?: boolean } = {}): Promise<boolean> {
  const session = $session.get();
  const device = await import('../../core/offline/device-api');
  if (!(await device.readyToLeave(session.status === 'signedIn' ? session.user.id : null, { ask }))) return false;
  const auth = await authService();
  await device.signOutClearing(session.status === 'signedIn' ? session.user.id : null, () => auth.signOut());
  setSignedInHint(false);
  await forgetAccountSync();
  $session.set({ status: 'signedOut' });
  return true;
}

/** A sign-in counts as recent for deleting an account for this long (the server allows 5 minutes). */
export const RECENT_SIGN_IN_SECONDS = 240;

/** Whether the member signed in recently enough to delete their account without signing in again. */
export async function signedInRecently(): Promise<boolean> {
  const auth = await authService();
  const age = await auth.secondsSinceSignIn();
  return age !== null && age < RECENT_SIGN_IN_SECONDS;
}

/** How the member signs in again before deleting: their password, or Google. */
export async function reauthenticationMethod(): Promise<'password' | 'google'> {
  return (await authService()).signInMethod();
}

/** Signs the member in again (password, or Google when null). Throws Firebase's error. */
export async function reauthenticate(password: string | null): Promise<void> {
  await (await authService()).reauthenticate(password);
}

/** After the account is deleted: signed out on this browser (the user no longer exists). */
export async function signOutDeleted(): Promise<void> {
  try {
    await signOut({ ask: false });
  } catch {
    setSignedInHint(false);
    $session.set({ status: 'signedOut' });
  }
}
