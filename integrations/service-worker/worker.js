// The site's service worker (served as /sw.js; registered only for signed-in members).
// The build (../service-worker.mjs) prepends SHELL (the member pages), ASSETS (their scripts,
// styles and fonts) and VERSION. What it does:
// - keeps the member pages' shell and its assets in the cache of this version (`ia-shell-<VERSION>`):
//   a member page is asked of the network first and read from that cache when there is no answer;
//   an asset (hashed, never changes) is read from the cache first;
// - keeps the member's own answers (their rows from the database's REST endpoint, the content
//   gate's items) in a cache named for the member (`ia-member-<uid>`, the uid is the subject of
//   the request's bearer token), asked of the network first: the cache only answers offline;
// - touches nothing else: a visitor's page, a price, a request without a member's token go to
//   the network as if there were no worker;
// - waits when a new version is installed: the page asks the member, then sends "skip-waiting".
/* global SHELL, ASSETS, VERSION */

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

/** The network's answer, kept in `cacheName` when it is a success; the kept one when there is no answer. */
async function networkFirst(request, cacheName, key = request.url) {
  try {
    const response = await fetch(request);
    if (response.ok && cacheName !== SHELL_CACHE && !forgotten) {
      const copy = response.clone();
      const write = caches
        .open(cacheName)
        .then((cache) => cache.put(key, copy))
        .catch(() => undefined)
        .finally(() => writing.delete(write));
      writing.add(write);
    }
    return response;
  } catch (error) {
    // caches.match, not caches.open: reading never creates a cache (none stays after sign-out).
    const kept = await caches.match(key, { cacheName, ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
}

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
      if (shell.has(path)) event.respondWith(networkFirst(request, SHELL_CACHE, new URL(path, url).href));
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
  if (member) event.respondWith(networkFirst(request, MEMBER_CACHE_PREFIX + member));
});
