/**
 * The device follows the session on every member page (the account corner of the navigation
 * calls it at each session change): when the session is not the device owner's, the one check
 * (./device-api.ts `followSession`) is loaded and run; otherwise nothing loads.
 */
import type { Session } from '../session/user';
import { DEVICE_OWNER_KEY } from './names';

export function followDevice(session: Session): void {
  if (session.status === 'unknown') return;
  try {
    if (localStorage.getItem(DEVICE_OWNER_KEY) === (session.status === 'signedIn' ? session.user.id : null)) return;
  } catch {
    return;
  }
  void import('./device-api').then(({ followSession }) => followSession(session));
}
