/**
 * Leaving the device (./device.ts has the rules): when a member's session ends on this browser,
 * however it ends, nothing of theirs stays but what they wrote and could not send: every cache
 * (their answers, the pages' shell), every IndexedDB database but their outbox when it holds
 * something, and the service worker itself (a visitor has none). At Sign out what the outbox
 * still holds is sent first; if some of it cannot be sent, the member is asked (a native
 * dialog) before it is dropped, and may stay signed in instead. After the account is deleted
 * it is dropped unasked.
 */
import { DEVICE_OWNER_KEY, outboxDb, outboxFlagKey } from './names';
import { databasesToDelete, deviceStep } from './device';
import type { Session } from '../session/user';

/** The outbox's code (IndexedDB's with it), loaded when a session ends, not with the account corner. */
const outbox = () => import('./outbox-api');

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

/** The member this device belongs to (null: no one). */
export function deviceOwner(): string | null {
  try {
    return localStorage.getItem(DEVICE_OWNER_KEY);
  } catch {
    return null;
  }
}

function recordOwner(memberId: string | null): void {
  try {
    if (memberId) localStorage.setItem(DEVICE_OWNER_KEY, memberId);
    else localStorage.removeItem(DEVICE_OWNER_KEY);
  } catch {
    /* no storage: nothing is kept on the device either */
  }
}

/**
 * Removes everything `leaving`'s session left on this browser: every cache, every IndexedDB
 * database (other members' outboxes kept for them excepted) and the service worker; their own
 * outbox too unless `keepUnsent` and it holds something (it then stays, for them only). The
 * device then belongs to no one.
 */
export async function clearDevice(leaving: string | null, { keepUnsent }: { keepUnsent: boolean }): Promise<void> {
  const names = 'indexedDB' in globalThis && typeof indexedDB.databases === 'function' ? await indexedDB.databases().then((all) => all.flatMap((db) => (db.name ? [db.name] : [])), () => []) : [];
  // Opened only when it exists: reading a member's outbox must not create one.
  const { closeOutbox, waiting } = await outbox();
  const keep = keepUnsent && leaving !== null && names.includes(outboxDb(leaving)) && (await waiting(leaving)).length > 0;
  await Promise.all([closeOutbox(), silenceWorker()]);
  try {
    if (leaving && !keep) localStorage.removeItem(outboxFlagKey(leaving));
  } catch {
    /* no storage */
  }
  const work: Promise<unknown>[] = databasesToDelete(names, leaving, keep).map(deleteDatabase);
  if ('caches' in globalThis) work.push(caches.keys().then((all) => Promise.all(all.map((name) => caches.delete(name)))));
  if ('serviceWorker' in navigator) work.push(navigator.serviceWorker.getRegistrations().then((all) => Promise.all(all.map((r) => r.unregister()))));
  await Promise.allSettled(work);
  recordOwner(null);
}

/** The device's steps, one after another (two islands, or a sign-in, may ask at once). */
let steps: Promise<void> = Promise.resolve();
/** Set while Sign out clears the device itself (it asks about unsent writes first). */
let signingOut = false;

/**
 * The one check: the device follows `session` (./device.ts `deviceStep`). When the owner's
 * session has ended or another member signed in, the owner's data goes (their unsent writes
 * kept for them) before the new member's is kept; the new member then owns the device. Sign
 * in awaits it before the first member page; every member page runs it at each session change.
 */
export function followSession(session: Session): Promise<void> {
  const step = async () => {
    if (signingOut) return;
    const next = deviceStep(deviceOwner(), session);
    if (next.kind === 'none') return;
    if (next.kind === 'leave') await clearDevice(deviceOwner(), { keepUnsent: true });
    recordOwner(next.to);
  };
  steps = steps.then(step, step);
  return steps;
}

/** Sign out clears the device itself, after asking: the session change it causes is not followed meanwhile. */
export async function signOutClearing(memberId: string | null, signOut: () => Promise<void>): Promise<void> {
  signingOut = true;
  try {
    await signOut();
    await steps;
    await clearDevice(memberId ?? deviceOwner(), { keepUnsent: false });
  } finally {
    signingOut = false;
  }
}

/**
 * Before signing `memberId` out: sends what waits, and asks (when `ask`) before what could not be sent
 * is dropped. Answers false when the member chose to stay signed in. The caller then signs out
 * through `signOutClearing`, which clears the device after, so nothing the sign-out itself
 * writes stays behind.
 */
export async function readyToLeave(memberId: string | null, { ask }: { ask: boolean }): Promise<boolean> {
  if (!memberId) return true;
  const { flush, waiting } = await outbox();
  if ((await waiting(memberId)).length === 0) return true;
  const left = await flush(memberId);
  return left === 0 || !ask || askToDrop(left);
}
