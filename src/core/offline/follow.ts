/**
 * The device follows the session on every member page (the account corner of the navigation
 * calls it at each session change): when the session is not the device owner's, the one check
 * (./device-api.ts `followSession`) is loaded and run; otherwise nothing loads. A 401 for the
 * member's token (src/core/session/token-refused.ts) loads it too, to ask Firebase.
 */
import type { Session } from '../session/user';
import { TOKEN_REFUSED_EVENT } from '../session/token-refused';
import { DEVICE_OWNER_KEY } from './device';


export function followDevice(session: Session): void {
  if (session.status === 'unknown') return;
  try {
    if (localStorage.getItem(DEVICE_OWNER_KEY) === (session.status === 'signedIn' ? session.user.id : null)) return;
  } catch {
    return;
  }
  void import('./device-api').then(({ followSession }) => followSession(session));
}

// A 401 for the member's token: Firebase decides whether the session has ended (then the
// session changes to signed out, and the device follows it above).
if (typeof window !== 'undefined') addEventListener(TOKEN_REFUSED_EVENT, () => void import('./device-api').then(({ confirmSession }) => confirmSession()));
