/**
 * What the member's device keeps for offline use, by name: the service worker's address and
 * caches (integrations/service-worker/worker.js names them the same way), the outbox's
 * IndexedDB database, and the words the member reads about them. Pure: no browser API here.
 */

/** The service worker's address (written at build by integrations/service-worker.mjs). */
export const WORKER_URL = '/sw.js';

/** The cache of a version of the member pages' shell: `ia-shell-<version>`. */
export const SHELL_CACHE_PREFIX = 'ia-shell-';

/** The cache of one member's own answers (their rows, the gate's items): `ia-member-<uid>`. */
export const MEMBER_CACHE_PREFIX = 'ia-member-';

/** The outbox's IndexedDB database. */
export const OUTBOX_DB = 'ia-outbox';

/** What the member reads about the device. */
export const OFFLINE_COPY = {
  updateReady: 'A new version is ready.',
  reload: 'Reload',
  waiting: 'Saved on this device, will sync',
  unsentTitle: 'Some of what you wrote has not synced yet',
  unsentBody: (count: number) =>
    `${count === 1 ? 'One thing you saved' : `${count} things you saved`} while offline could not be sent yet. If you sign out now, ${count === 1 ? 'it is' : 'they are'} removed from this device and lost.`,
  keepAndStay: 'Stay signed in',
  dropAndSignOut: 'Sign out and remove them',
} as const;
