/**
 * The offline side of a member's page, started by the islands of the pages that work offline
 * (./useOfflineSide.ts), so a visitor's page carries none of it: registers the service
 * worker (/sw.js) once the page has loaded, offers "A new version is ready" when a new version
 * has installed while the page is open (./update-prompt-api.ts: the new version takes over only
 * when the member asks, so an open page never changes under them), and sends what the outbox
 * holds now and when the connection returns (./outbox-api.ts, loaded only when its flag says
 * something waits).
 */
import { WORKER_URL, outboxMayHoldSomething } from './names';

let started = false;

const offer = (worker: ServiceWorker) => void import('./update-prompt-api').then(({ offerReload }) => offerReload(worker));

async function register(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  if (document.readyState !== 'complete') await new Promise((loaded) => window.addEventListener('load', loaded, { once: true }));
  try {
    const registration = (await navigator.serviceWorker.register(WORKER_URL)) as ServiceWorkerRegistration | undefined;
    // A browser that blocks workers (an automated one, say) answers nothing: the site works online as ever.
    if (!registration) return;
    if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      installing?.addEventListener('statechange', () => {
        // With no controller this is the first install: nothing on the page is old.
        if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing);
      });
    });
  } catch (error) {
    console.error('Offline: the service worker could not be registered', error);
  }
}

/** Starts the offline side for the member `signedInMember()` names (once per page). */
export function startOffline(signedInMember: () => string | null): void {
  if (started) return;
  started = true;
  void register();
  const send = () => {
    const memberId = signedInMember();
    if (memberId && outboxMayHoldSomething(memberId)) void import('./outbox-api').then(({ flush }) => flush(memberId));
  };
  send();
  window.addEventListener('online', send);
}
