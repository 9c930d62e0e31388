/**
 * What the member's device keeps for offline use, by name: the service worker's address and
 * caches (integrations/service-worker/worker.js names them the same way), the outbox's
 * IndexedDB database and the flag that says it holds something, and the words a waiting write
 * shows.
 */

/** The service worker's address (written at build by integrations/service-worker.mjs). */
export const WORKER_URL = '/sw.js';

/** The cache of a version of the member pages' shell: `ia-shell-<version>`. */
export const SHELL_CACHE_PREFIX = 'ia-shell-';

/** The cache of one member's own answers (their rows, the gate's items): `ia-member-<uid>`. */
export const MEMBER_CACHE_PREFIX = 'ia-member-';

/** The outbox's IndexedDB database. */
export const OUTBOX_DB = 'ia-outbox';

/**
 * A local-storage flag set while the outbox holds something: a member page loads the outbox's
 * code (and IndexedDB's) only when there is something to send, or when it saves.
 */
export const OUTBOX_FLAG_KEY = 'ia:outbox';

/** Whether the outbox may hold something (the flag; true when storage cannot tell). */
export function outboxMayHoldSomething(): boolean {
  try {
    return localStorage.getItem(OUTBOX_FLAG_KEY) === '1';
  } catch {
    return true;
  }
}

/** What a member reads of a write kept on the device until it is sent. */
export const WAITING_TEXT = 'Saved on this device, will sync';
