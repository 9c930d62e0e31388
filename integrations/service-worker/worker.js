// The site's service worker (served as /sw.js; registered only for signed-in members).
// The build (../service-worker.mjs) prepends SHELL (the member pages), ASSETS (their scripts,
// styles and fonts) and VERSION. What it does:
// - keeps the member pages' shell and its assets in the cache of this version (`ia-shell-<VERSION>`):
//   a member page is asked of the network first and read from that cache when there is no answer;
//   an asset (hashed, never changes) is read from the cache first;
// - keeps the member's own answers (their rows from the database's REST endpoint, the content
//   gate's items) in a cache named for the member (`ia-member-<uid>`, the uid is the subject of
//   the request's bearer token), asked of the network first: the cache only answers offline.
//   Never an answer marked `no-store`; a gate's item only when marked `private`, stamped with
//   when that answer arrived, and read offline for 30 days after it at most (./rules.js); a
//   401, 403 or 404 removes the kept copy at once;
// - touches nothing else: a visitor's page, a price, a request without a member's token go to
//   the network as if there were no worker;
// - waits when a new version is installed: the page asks the member, then sends "skip-waiting";
// - stops keeping anything when the member's session ends on the device ("forget", sent by
//   src/core/offline/device-api.ts before it deletes every cache and unregisters this worker).
/* global SHELL, ASSETS, VERSION, mayKeep, dropsKeptCopy, isGated, checkedAt, stillReadable, CHECKED_HEADER */

const SHELL_CACHE = `ia-shell-${VERSION}`;
const MEMBER_CACHE_PREFIX = 'ia-member-';
const shell = new Set(SHELL);
const assets = new Set(ASSETS);

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(SHELL_CACHE).then((cache) => cache.addAll([...SHELL, ...ASSETS])),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith('ia-shell-') && name !== SHELL_CACHE) await caches.delete(name);
      await pruneGated();
      await self.clients.claim();
    })(),
  );
});

/** Writes to a member's cache still under way, and whether the member has signed out. */
const writing = new Set();
let forgotten = false;

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
  // Signing out: no more writes to a member's cache; answers once the last one has landed, so
  // the page's deletion of every cache comes after it.
  if (event.data === 'forget') {
    forgotten = true;
    event.waitUntil(Promise.allSettled([...writing]).then(() => event.ports[0]?.postMessage('forgotten')));
  }
});

/** A page's path as the shell lists it: `/lounge/stillpoint/` for `/lounge/stillpoint` or `.../index.html`. */
const pagePath = (pathname) => {
  const path = pathname.replace(/index\.html$/, '');
  return path.endsWith('/') ? path : `${path}/`;
};

/** The member a request is made for: the `sub` of its bearer token (a Firebase uid), or null (anonymous, the anon key). */
function memberOf(request) {
  const bearer = /^Bearer\s+([^.\s]+)\.([^.\s]+)\./.exec(request.headers.get('Authorization') ?? '');
  if (!bearer) return null;
  try {
    const claims = JSON.parse(atob(bearer[2].replace(/-/g, '+').replace(/_/g, '/')));
    return typeof claims.sub === 'string' && /^[\w-]{1,128}$/.test(claims.sub) ? claims.sub : null;
  } catch {
    return null;
  }
}

/** A kept copy of `response` for offline reading; a gated item's carries when it arrived. */
function keptCopy(response, gated) {
  if (!gated) return response.clone();
  const headers = new Headers(response.headers);
  headers.set(CHECKED_HEADER, String(checkedAt(response.headers.get('Date'), Date.now())));
  return response.clone().blob().then((body) => new Response(body, { status: response.status, statusText: response.statusText, headers }));
}

/** Runs a write to a member's cache, counted until it lands (signing out waits for it). */
function write(work) {
  const done = work.catch(() => undefined).finally(() => writing.delete(done));
  writing.add(done);
}

/**
 * The network's answer for a member's own request, kept in `cacheName` when it may be
 * (./rules.js); a refusal (401, 403, 404) removes what was kept. Without an answer, the kept
 * copy, unless it is a gated item not checked online for 30 days (then it is removed).
 */
async function memberNetworkFirst(request, cacheName) {
  const key = request.url;
  const gated = isGated(new URL(key).pathname);
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    // caches.match, not caches.open: reading never creates a cache (none stays after sign-out).
    const kept = await caches.match(key, { cacheName, ignoreVary: true });
    if (kept && (!gated || stillReadable(kept.headers.get(CHECKED_HEADER), Date.now()))) return kept;
    if (kept) write(caches.open(cacheName).then((cache) => cache.delete(key, { ignoreVary: true })));
    throw error;
  }
  if (!forgotten && mayKeep(response, gated)) {
    const copy = keptCopy(response, gated);
    write(Promise.resolve(copy).then(async (kept) => (await caches.open(cacheName)).put(key, kept)));
  } else if (dropsKeptCopy(response.status) || /no-store/i.test(response.headers.get('Cache-Control') ?? '')) {
    // A refusal, or an answer no cache may keep: the copy kept before goes at once.
    write(caches.has(cacheName).then(async (has) => has && (await caches.open(cacheName)).delete(key, { ignoreVary: true })));
  }
  return response;
}

/** A member page: the network's answer, or the shell's copy when there is none. */
async function pageNetworkFirst(request, key) {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await caches.match(key, { cacheName: SHELL_CACHE, ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
}

/** Removes every gated item no longer readable (30 days without an online check) from the members' caches. */
async function pruneGated() {
  const now = Date.now();
  for (const name of await caches.keys()) {
    if (!name.startsWith(MEMBER_CACHE_PREFIX)) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (!isGated(new URL(request.url).pathname)) continue;
      const kept = await cache.match(request, { ignoreVary: true });
      if (!kept || !stillReadable(kept.headers.get(CHECKED_HEADER), now)) await cache.delete(request, { ignoreVary: true });
    }
  }
}

/** When the members' caches were last pruned (at most once an hour, on a member page's navigation). */
let pruned = 0;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

async function cacheFirst(request) {
  const kept = await caches.match(request.url, { cacheName: SHELL_CACHE });
  return kept ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  // Signed out: the network only, until the page (and this unregistered worker) is gone.
  if (request.method !== 'GET' || forgotten) return;
  const url = new URL(request.url);
  if (url.origin === self.location.origin) {
    if (request.mode === 'navigate') {
      const path = pagePath(url.pathname);
      if (!shell.has(path)) return;
      event.respondWith(pageNetworkFirst(request, new URL(path, url).href));
      if (Math.abs(Date.now() - pruned) > PRUNE_EVERY_MS) {
        pruned = Date.now();
        event.waitUntil(pruneGated().catch(() => undefined));
      }
      return;
    }
    if (assets.has(url.pathname)) {
      event.respondWith(cacheFirst(request));
      return;
    }
  }
  // The member's own answers: the gate's items (same origin) and their rows (the database's REST endpoint).
  const own = (url.origin === self.location.origin && url.pathname.startsWith('/api/content/')) || url.pathname.includes('/rest/v1/');
  if (!own) return;
  const member = memberOf(request);
  if (member) event.respondWith(memberNetworkFirst(request, MEMBER_CACHE_PREFIX + member));
});
