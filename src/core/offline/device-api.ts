/**
 * Leaving the device: at sign-out (and after the account is deleted) nothing of the member stays
 * in this browser: every cache (the member's answers, the pages' shell), every IndexedDB
 * database (the outbox among them), and the service worker itself (a visitor has none). What
 * the outbox still holds is sent first; if some of it cannot be sent, the member is asked (a
 * native dialog) before it is dropped, and may stay signed in instead.
 */
import { closeOutbox, flush, waiting } from './outbox-api';
import { OUTBOX_FLAG_KEY } from './names';

/** What the member reads when something could not be sent before signing out. */
const UNSENT = {
  title: 'Some of what you wrote has not synced yet',
  body: (count: number) =>
    `${count === 1 ? 'One thing you saved' : `${count} things you saved`} while offline could not be sent yet. If you sign out now, ${count === 1 ? 'it is' : 'they are'} removed from this device and lost.`,
  stay: 'Stay signed in',
  drop: 'Sign out and remove them',
} as const;

/** Asks whether to drop `count` unsent entries; resolves true to drop them and sign out. */
function askToDrop(count: number): Promise<boolean> {
  return new Promise((resolve) => {
    const dialog = document.createElement('dialog');
    dialog.className = 'card max-w-md p-6 backdrop:bg-plum-900/50';
    dialog.setAttribute('aria-labelledby', 'unsent-title');
    dialog.setAttribute('data-unsent', '');
    const title = document.createElement('h2');
    title.id = 'unsent-title';
    title.className = 'text-xl font-semibold';
    title.textContent = UNSENT.title;
    const body = document.createElement('p');
    body.className = 'mt-3 text-ink-soft';
    body.textContent = UNSENT.body(count);
    const actions = document.createElement('div');
    actions.className = 'mt-6 flex flex-wrap gap-3';
    const stay = document.createElement('button');
    stay.type = 'button';
    stay.className = 'btn btn-gold';
    stay.textContent = UNSENT.stay;
    const drop = document.createElement('button');
    drop.type = 'button';
    drop.className = 'btn btn-outline';
    drop.textContent = UNSENT.drop;
    actions.append(stay, drop);
    dialog.append(title, body, actions);
    const done = (answer: boolean) => {
      dialog.close();
      dialog.remove();
      resolve(answer);
    };
    stay.addEventListener('click', () => done(false));
    drop.addEventListener('click', () => done(true));
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      done(false);
    });
    document.body.append(dialog);
    dialog.showModal();
    stay.focus();
  });
}

/** Deletes one IndexedDB database; a deletion another open page holds up still goes ahead when it closes. */
const deleteDatabase = (name: string) =>
  new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });

/** Tells the worker to stop keeping the member's answers, and waits (a little) for its last writes. */
function silenceWorker(): Promise<void> {
  const worker = 'serviceWorker' in navigator ? navigator.serviceWorker.controller : null;
  if (!worker) return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, 2000);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    worker.postMessage('forget', [channel.port2]);
  });
}

/** Removes every cache, every IndexedDB database and the service worker of this site from the browser. */
export async function clearDevice(): Promise<void> {
  await Promise.all([closeOutbox(), silenceWorker()]);
  try {
    localStorage.removeItem(OUTBOX_FLAG_KEY);
  } catch {
    /* no storage */
  }
  const work: Promise<unknown>[] = [];
  if ('caches' in globalThis) work.push(caches.keys().then((names) => Promise.all(names.map((name) => caches.delete(name)))));
  if ('indexedDB' in globalThis && typeof indexedDB.databases === 'function') {
    work.push(indexedDB.databases().then((dbs) => Promise.all(dbs.flatMap((db) => (db.name ? [deleteDatabase(db.name)] : [])))));
  }
  if ('serviceWorker' in navigator) work.push(navigator.serviceWorker.getRegistrations().then((all) => Promise.all(all.map((r) => r.unregister()))));
  await Promise.allSettled(work);
}

/**
 * Before signing `uid` out: sends what waits, and asks (when `ask`) before what could not be sent
 * is dropped. Answers false when the member chose to stay signed in. The caller signs out, then
 * clears the device (`clearDevice`), so nothing the sign-out itself writes stays behind.
 */
export async function readyToLeave(uid: string | null, { ask }: { ask: boolean }): Promise<boolean> {
  if (!uid || (await waiting(uid)).length === 0) return true;
  const left = await flush(uid);
  return left === 0 || !ask || askToDrop(left);
}
