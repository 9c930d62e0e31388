/**
 * The session store: one atom and the actions on it. Islands read it with
 * `useStore($session)` and render a placeholder while it is `unknown`.
 *
 * Firebase is loaded only when the browser holds the signed-in hint (set on sign-in, cleared
 * on sign-out) or when a page asks for it (`watchSession({ loadAuth: true })`, the login,
 * signup and dashboard pages), so a visitor who never signed in downloads no Firebase code.
 */
import { atom } from 'nanostores';
import type { Session } from '../lib/user';

export const $session = atom<Session>({ status: 'unknown' });

const HINT_KEY = 'ia:signed-in';

export function hasSignedInHint(): boolean {
  try {
    return localStorage.getItem(HINT_KEY) === '1';
  } catch {
    return false;
  }
}

export function setSignedInHint(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(HINT_KEY, '1');
    else localStorage.removeItem(HINT_KEY);
  } catch {
    /* storage unavailable: the hint is an optimisation only */
  }
}

let watching: Promise<void> | undefined;

/**
 * Starts following the auth state (once per page). Without the hint and without `loadAuth`,
 * the visitor is signed out and Firebase stays unloaded.
 */
export function watchSession(options: { loadAuth?: boolean } = {}): Promise<void> {
  if (watching) return watching;
  if (!options.loadAuth && !hasSignedInHint()) {
    $session.set({ status: 'signedOut' });
    return Promise.resolve();
  }
  watching = import('../services/firebase')
    .then(({ onSessionChange }) => {
      onSessionChange((session) => {
        setSignedInHint(session.status === 'signedIn');
        $session.set(session);
      });
    })
    .catch((error: unknown) => {
      console.error('Session: could not load sign-in', error);
      $session.set({ status: 'signedOut' });
    });
  return watching;
}
