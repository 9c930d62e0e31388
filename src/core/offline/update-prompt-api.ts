/**
 * The quiet prompt when a new version of the site has installed while a member's page is open:
 * "A new version is ready." with Reload, at the foot of the page (plain DOM: no island needed).
 * Reload lets the new service worker take over, then reloads; until then the page goes on with
 * the version it opened with. Loaded only when there is a new version (./worker-api.ts).
 */
export function offerReload(worker: ServiceWorker): void {
  if (document.querySelector('[data-update-ready]')) return;
  const box = document.createElement('div');
  box.setAttribute('role', 'status');
  box.setAttribute('data-update-ready', '');
  box.className = 'fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md items-center justify-between gap-4 rounded-2xl bg-plum-900 px-5 py-3 text-sm text-white shadow-lg';
  const text = document.createElement('p');
  text.textContent = 'A new version is ready.';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'btn btn-gold min-h-10 px-4 py-1.5 text-sm';
  button.textContent = 'Reload';
  button.addEventListener('click', () => {
    button.disabled = true;
    navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
    worker.postMessage('skip-waiting');
  });
  box.append(text, button);
  document.body.append(box);
}
