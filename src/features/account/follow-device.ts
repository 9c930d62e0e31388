/**
 * The device follows the session on every member page (the account corner of the navigation
 * calls it at each session change): when the session is not the device owner's, the one check
 * (src/core/offline/device-api.ts `followSession`) is loaded and run; otherwise nothing loads. A
 * 401 for the member's token (src/core/offline/names.ts `TOKEN_REFUSED_EVENT`) loads it too, to
 * ask Firebase.
 */
import type { Session } from '../../core/session/user';
import { DEVICE_OWNER_KEY, TOKEN_REFUSED_EVENT } from '../../core/offline/names';

/** The one check and the question to Firebase come with the sign-in actions, which this corner already loads to sign out. */
const device = () => import('./sign-in-actions');

export function followDevice(session: Session): void {
  // A member page's session lives in local storage: where it cannot be read, nothing was kept either.
  if (session.status !== 'unknown' && localStorage.getItem(DEVICE_OWNER_KEY) !== ('user' in session ? session.user.id : null)) {
    void device().then((d) => d.followSession(session));
  }
}

// A 401 for the member's token: Firebase decides whether the session has ended (then the
// session changes to signed out, and the device follows it above).
globalThis.addEventListener?.(TOKEN_REFUSED_EVENT, () => void device().then((d) => d.confirmSession()));
