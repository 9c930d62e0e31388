/**
 * The service worker from the page's side, for signed-in members only (the page's session hint
 * starts it: src/features/account/SessionHint.astro): registers /sw.js, and when a new version
 * has installed while this page is open, offers a quiet "A new version is ready" with Reload;
 * the new version takes over only when the member asks, so an open page never changes under
 * them. It also sends what the outbox holds once the connection is back (./outbox-api.ts).
 */
import { OFFLINE_COPY, WORKER_URL } from './names';

let started = false;

/** A small status line at the foot of the page with a Reload button (plain DOM: no island needed). */
function offerReload(worker: ServiceWorker): void {
  if (document.querySelector('[data-update-ready]')) return;
  const box = document.createElement('div');
  box.setAttribute('role', 'status');
  box.setAttribute('data-update-ready', '');
  box.className = 'fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md items-center justify-between gap-4 rounded-2xl bg-plum-900 px-5 py-3 text-sm text-white shadow-lg';
  const text = document.createElement('p');
  text.textContent = OFFLINE_COPY.updateReady;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'btn btn-gold min-h-10 px-4 py-1.5 text-sm';
  button.textContent = OFFLINE_COPY.reload;
  button.addEventListener('click', () => {
    button.disabled = true;
    navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
    worker.postMessage('skip-waiting');
  });
  box.append(text, button);
  document.body.append(box);
}

/** Registers the worker (once per page) and watches for a new version. */
export async function startWorker(): Promise<void> {
  if (started || !('serviceWorker' in navigator)) return;
  started = true;
  try {
    const registration = (await navigator.serviceWorker.register(WORKER_URL)) as ServiceWorkerRegistration | undefined;
    // A browser that blocks workers (an automated one, say) answers nothing: the site works online as ever.
    if (!registration) return;
    if (registration.waiting && navigator.serviceWorker.controller) offerReload(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      installing?.addEventListener('statechange', () => {
        // With no controller this is the first install: nothing on the page is old.
        if (installing.state === 'installed' && navigator.serviceWorker.controller) offerReload(installing);
      });
    });
  } catch (error) {
    console.error('Offline: the service worker could not be registered', error);
  }
}

let sending = false;

/**
 * Sends what the outbox holds for the signed-in member now, and each time the connection
 * returns, from any member page (the outbox tries again by itself while something waits).
 */
export async function startOutbox(): Promise<void> {
  if (sending) return;
  sending = true;
  const [{ $session }, { flush }] = await Promise.all([import('../session/store'), import('./outbox-api')]);
  const send = () => {
    const session = $session.get();
    if (session.status === 'signedIn') void flush(session.user.id);
  };
  $session.subscribe(send);
  window.addEventListener('online', send);
}
