// @ts-check
// The service worker's rules about what it keeps of a member's answers, apart from the Cache
// API so they are tested alone (tests/site/service-worker-rules.test.ts). The build
// (../service-worker.mjs) puts this file before the worker's code with its `export` words
// removed: in the worker these are plain functions.

/** How long a gated item (paid content) may be read offline after the gate last answered it. */
export const OFFLINE_READ_MS = 30 * 24 * 60 * 60 * 1000;

/** The header a kept copy carries: when the gate's last successful answer for it arrived (ms since the epoch). */
export const CHECKED_HEADER = 'X-IA-Checked';

/** Whether `pathname` is the content gate's (`/api/content/<product>/<item>`): paid content. */
export const isGated = (/** @type {string} */ pathname) => pathname.startsWith('/api/content/');

/**
 * Whether an answer may be kept for offline reading. Never one that says `no-store` (no cache
 * may keep it). An item of the gate only when the gate marks it `private` (the member's own
 * browser may keep it, a shared cache never): the gate's headers and the worker say the same.
 * @param {{ ok: boolean; headers: { get(name: string): string | null } }} response
 * @param {boolean} gated
 */
export function mayKeep(response, gated) {
  if (!response.ok) return false;
  const directives = (response.headers.get('Cache-Control') ?? '').toLowerCase().split(',').map((d) => d.trim());
  if (directives.includes('no-store')) return false;
  return !gated || directives.includes('private');
}

/** Whether an answer tells the worker to drop the copy it keeps: the member is not (or no longer) let in, or it is gone. */
export const dropsKeptCopy = (/** @type {number} */ status) => status === 401 || status === 403 || status === 404;

/**
 * When an answer that just arrived was given: the earlier of the device's time now and the
 * server's `Date`, so a device clock ahead of the server does not lengthen a copy's life.
 * @param {string | null} dateHeader
 * @param {number} now
 */
export function checkedAt(dateHeader, now) {
  const server = dateHeader ? Date.parse(dateHeader) : NaN;
  return Number.isFinite(server) ? Math.min(server, now) : now;
}

/**
 * Whether a kept gated item may still be read at `now`: less than 30 days after its last online
 * check. A copy with no (readable) time, or a device clock now earlier than the check (moved
 * back), proves nothing and is not read.
 * @param {string | null} checkedHeader
 * @param {number} now
 */
export function stillReadable(checkedHeader, now) {
  const checked = Number(checkedHeader);
  if (!checkedHeader || !Number.isFinite(checked)) return false;
  return now >= checked && now - checked < OFFLINE_READ_MS;
}
