/**
 * The device follows the session: the rules. The device belongs to one member at a time (the
 * owner, kept in local storage: ./names.ts `DEVICE_OWNER_KEY`). Whenever the session a page
 * knows is not the owner's (signed out in any way: Sign out, Firebase refusing the session,
 * a 401 that Firebase confirms, another tab; or another member signed in), the owner's data
 * goes before anything of the new session is kept or shown: every cache, every IndexedDB
 * database and the service worker (./device-api.ts). What the owner wrote and could not send
 * stays, in their own outbox (`ia-outbox-<uid>`), which only their session opens and sends.
 * Pure: the browser calls are ./device-api.ts.
 */
import type { Session } from '../session/user';
import { OUTBOX_DB_PREFIX, outboxDb } from './names';

/**
 * What the device must do for `session` when it belongs to `owner`: nothing (the same member,
 * or no one and still no one, or the session not known yet), `claim` (no one's data is on it:
 * record the new owner), or `leave` (the owner's session has ended, or another member signed
 * in: clear the owner's data first, then record the new owner, or none).
 */
export function deviceStep(owner: string | null, session: Session): { kind: 'none' } | { kind: 'claim' | 'leave'; to: string | null } {
  if (session.status === 'unknown') return { kind: 'none' };
  const to = session.status === 'signedIn' ? session.user.id : null;
  if (owner === to) return { kind: 'none' };
  return { kind: owner === null ? 'claim' : 'leave', to };
}

/**
 * The IndexedDB databases that go when `leaving` leaves the device: all of them but members'
 * outboxes that still hold something (`keep`: the leaving member's own, when it holds
 * something and they did not choose to drop it; another member's, kept when their session
 * ended, is never touched here).
 */
export function databasesToDelete(names: readonly string[], leaving: string | null, keepLeavingOutbox: boolean): string[] {
  const own = leaving === null ? null : outboxDb(leaving);
  return names.filter((name) => {
    if (name === own) return !keepLeavingOutbox;
    return !(name.startsWith(OUTBOX_DB_PREFIX) && name.length > OUTBOX_DB_PREFIX.length);
  });
}
