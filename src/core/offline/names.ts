/**
 * What the member's device keeps for offline use, by name: the service worker's address and
 * caches (integrations/service-worker/worker.js names them the same way), a member's outbox
 * (IndexedDB) and the flag that says it holds something, the member the device belongs to, and the
 * words a waiting write shows.
 */

/** The service worker's address (written at build by integrations/service-worker.mjs). */
export const WORKER_URL = '/sw.js';

/** The cache of a version of the member pages' shell: `ia-shell-<version>`. */
export const SHELL_CACHE_PREFIX = 'ia-shell-';

/** The cache of one member's own answers (their rows, the gate's items): `ia-member-<uid>`. */
export const MEMBER_CACHE_PREFIX = 'ia-member-';

/**
 * A member's outbox: an IndexedDB database of their own, `ia-outbox-<uid>`, opened only for
 * that member's session. It is what stays on the device of a member whose session ended
 * while something they wrote waited (./device.ts).
 */
export const OUTBOX_DB_PREFIX = 'ia-outbox-';
export const outboxDb = (memberId: string): string => OUTBOX_DB_PREFIX + memberId;

/**
 * A local-storage flag set while a member's outbox holds something (`ia:outbox:<uid>`): a member
 * page loads the outbox's code (and IndexedDB's) only when there is something to send, or when
 * it saves.
 */
export const outboxFlagKey = (memberId: string): string => `ia:outbox:${memberId}`;

/** Whether `memberId`'s outbox may hold something (the flag; true when storage cannot tell). */
export function outboxMayHoldSomething(memberId: string): boolean {
  try {
    return localStorage.getItem(outboxFlagKey(memberId)) === '1';
  } catch {
    return true;
  }
}


/** The member whose data this device holds (their answers kept by the worker, their outbox), in local storage (./device.ts). */
export const DEVICE_OWNER_KEY = 'ia:device';

/** What a member reads of a write kept on the device until it is sent. */
export const WAITING_TEXT = 'Saved on this device, will sync';
