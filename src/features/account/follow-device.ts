/**
 * The device follows the session on every member page (the account corner of the navigation
 * calls it at each session change): when the session is not the device owner's, the one check
 * (src/core/offline/device-api.ts `followSession`) is loaded and run; otherwise nothing loads.
 *
 * And a 401 for the member's token, from one of our functions or the database: Firebase is then
 * asked whether the session has ended (src/core/session/session-end-api.ts). The answers are
 * watched here, on member pages only, at the page's `fetch` (every call to our functions and the
 * database's client go through it): the call sites, which visitors' pages load too, carry no
 * code of it.
 */
import type { Session } from '../../core/session/user';
import { DEVICE_OWNER_KEY } from '../../core/offline/names';

/** The one check and the question to Firebase come with the sign-in actions, which this corner already loads to sign out. */
const device = () => import('./sign-in-actions');

export function followDevice(session: Session): void {
  // A member page's session lives in local storage: where it cannot be read, nothing was kept either.
  if (session.status !== 'unknown' && localStorage.getItem(DEVICE_OWNER_KEY) !== ('user' in session ? session.user.id : null)) {
    void device().then((d) => d.followSession(session));
  }
}

/** Whether a request carried a bearer token (the member's, or the anon key: Firebase then finds no session to end). */
const bearer = (input: RequestInfo | URL, init?: RequestInit) => /^Bearer /.test(new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).get('Authorization') ?? '');

const { fetch: send } = globalThis;
if (typeof window !== 'undefined') {
  window.fetch = async (input, init) => {
    const res = await send(input, init);
    if (res.status === 401 && bearer(input, init)) void device().then((d) => d.confirmSession());
    return res;
  };
}
