/**
 * The outbox on the device (IndexedDB, through `idb`): what a member saved while the database
 * could not be reached, kept until it is sent, then sent in the order it was saved, each entry
 * once (./outbox.ts: every write is an upsert or a keyed update or delete, so an entry sent
 * twice, say when the answer was lost, still leaves one row). `sendOrKeep` is how an app saves:
 * sent now when it can be, kept otherwise (and after anything still waiting, to keep the order).
 * `flush` sends what waits for the signed-in member; the member pages run it at start and each
 * time the connection returns (./worker-api.ts). Each member's entries are in a database of
 * their own (`ia-outbox-<uid>`), opened and sent only while that member is signed in on the
 * page (./device.ts: it stays on the device when their session ends with something unsent).
 * Nothing here logs what the member wrote.
 */
import { openDB, type IDBPDatabase } from 'idb';
import { dbRequest, DB_CODES, type Db } from '../db/client';
import { $session } from '../session/store';
import { outboxDb, outboxFlagKey } from './names';
import { entriesOf, opToSend, type OutboxEntry, type OutboxOp, type SendOutcome } from './outbox';

const STORE = 'writes';
/** Each member's outbox opened on this page, by uid (only the signed-in member's is ever opened). */
const opened = new Map<string, Promise<IDBPDatabase>>();

function outbox(memberId: string): Promise<IDBPDatabase> {
  let db = opened.get(memberId);
  if (!db) {
    db = openDB(outboxDb(memberId), 1, {
      upgrade(created) {
        created.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
      },
      // Another tab deletes the database (the session ended there): let it.
      blocking(_current, _next, event) {
        (event.target as IDBDatabase).close();
        opened.delete(memberId);
      },
    }).catch((error: unknown) => {
      opened.delete(memberId);
      throw error;
    });
    opened.set(memberId, db);
  }
  return db;
}

/** Closes this page's connections (before the databases are deleted when a session ends). */
export async function closeOutbox(): Promise<void> {
  const all = [...opened.values()];
  opened.clear();
  for (const db of await Promise.all(all.map((d) => d.catch(() => undefined)))) db?.close();
}

/** Keeps the flag that says `memberId`'s outbox holds something (./names.ts) in step with it. */
function flag(memberId: string, holds: boolean): void {
  try {
    if (holds) localStorage.setItem(outboxFlagKey(memberId), '1');
    else localStorage.removeItem(outboxFlagKey(memberId));
  } catch {
    /* no storage: pages load the outbox's code to find out */
  }
}

const listeners = new Set<() => void>();
/** Calls `listener` after every change of the outbox on this page; answers the unsubscribe. */
export function onOutboxChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => listeners.forEach((l) => l());

/** Every entry kept for `memberId`, in order (none when IndexedDB is unavailable); read from their own outbox only. */
export async function waiting(memberId: string): Promise<OutboxEntry[]> {
  try {
    return entriesOf((await (await outbox(memberId)).getAll(STORE)) as OutboxEntry[], memberId);
  } catch {
    return [];
  }
}

/** Keeps `entry`; an entry still waiting with the same key is replaced (the newer save wins). */
async function keep(entry: OutboxEntry): Promise<void> {
  const db = await outbox(entry.uid);
  const tx = db.transaction(STORE, 'readwrite');
  for (const old of (await tx.store.getAll()) as OutboxEntry[]) {
    if (old.uid === entry.uid && old.key === entry.key && old.seq !== undefined) await tx.store.delete(old.seq);
  }
  await tx.store.add(entry);
  await tx.done;
  flag(entry.uid, true);
  changed();
}

/** Notes on a kept entry that the database refused it (the apps tell the member: `refusedText`). */
async function markRefused(entry: OutboxEntry, refused: NonNullable<OutboxEntry['refused']>): Promise<void> {
  if (entry.seq === undefined || (entry.refused?.code === refused.code && entry.refused?.message === refused.message)) return;
  const db = await outbox(entry.uid);
  const tx = db.transaction(STORE, 'readwrite');
  // Unless it was replaced meanwhile by a newer save of the same key (which has its own chance).
  if (await tx.store.get(entry.seq)) await tx.store.put({ ...entry, refused });
  await tx.done;
  changed();
}

/** The client as the outbox uses it: a table named at run time. */
type LooseTable = ReturnType<Db['from']>;
const table = (db: Db, name: string): LooseTable => db.from(name as never);

/**
 * The database's functions that save a row keeping the newer version (`keepNewer`), by table:
 * the decision and the write are one statement there (supabase/migrations/20261204100000_bloom_page_keeps_newer.sql).
 */
const KEEP_NEWER: Record<string, 'save_bloom_page'> = { bloom_pages: 'save_bloom_page' };

/** What a keep-newer save answers (the database function's jsonb). */
interface KeptNewer {
  written: boolean;
  overwrote: boolean;
  updated_at: string | null;
}

/** Sends one write. */
export async function send(op: OutboxOp): Promise<SendOutcome> {
  if (op.kind === 'upsert' && op.keepNewer) {
    const fn = KEEP_NEWER[op.table];
    if (!fn) return { kind: 'refused', code: null, message: `no keep-newer save for ${op.table}` };
    const { editedAt, basedOn } = op.keepNewer;
    const { data, error } = await dbRequest<KeptNewer>((db) => db.rpc(fn, { page: op.values, edited_at: editedAt, based_on: basedOn }) as never);
    if (error) return outcomeOf(error);
    if (!data?.written) return { kind: 'theirs' };
    return data.updated_at ? { kind: 'sent', overwrote: data.overwrote, updatedAt: data.updated_at } : { kind: 'sent', overwrote: data.overwrote };
  }
  const { error } = await dbRequest((db) => {
    const t = table(db, op.table);
    if (op.kind === 'upsert') return t.upsert(op.values as never, { onConflict: op.onConflict, ignoreDuplicates: op.ignoreDuplicates ?? false }) as never;
    if (op.kind === 'update') return t.update(op.values as never).match(op.match) as never;
    return t.delete().match(op.match) as never;
  });
  if (error) return outcomeOf(error);
  return { kind: 'sent', overwrote: false };
}

const outcomeOf = (error: { code: string | null; message: string }): SendOutcome =>
  error.code === DB_CODES.network ? { kind: 'offline' } : { kind: 'refused', code: error.code, message: error.message };

/** What became of the entries a flush sent, for the apps to tell the member (conflicts). */
export interface Sent {
  entry: OutboxEntry;
  outcome: SendOutcome;
}
const sentListeners = new Set<(sent: Sent) => void>();
/** Calls `listener` for every entry the outbox has sent (or dropped for a newer version). */
export function onSent(listener: (sent: Sent) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

/** Whether the page knows a session other than `memberId`'s (signed out, or another member). */
function notSignedIn(memberId: string): boolean {
  const session = $session.get();
  return session.status !== 'unknown' && (session.status !== 'signedIn' || session.user.id !== memberId);
}

let flushing: Promise<number> | undefined;
let again: ReturnType<typeof setTimeout> | undefined;
let delay = 0;
/** The first retry after a flush that left something waiting, and the longest wait between two. */
const RETRY_FIRST_MS = 3_000;
const RETRY_MAX_MS = 60_000;

/**
 * Sends what waits for `memberId`, oldest first. It stops at the first entry that gets no answer
 * (the rest keeps its order for the next time). An entry the database refuses is kept (nothing
 * is lost; it is sent again next time) and marked refused, which its app tells the member
 * (./outbox.ts, `refusedText`). Every later entry of the same app is kept too, as it may build
 * on it (an evening check-in on its morning's row); the other apps' entries go on, so one
 * app's refused write no longer holds up the rest. Answers how many entries still wait. One
 * flush at a time. While something waits it is tried again, sooner at first and then less
 * often (the browser's own online and offline signals are not reliable enough to wait for).
 */
export function flush(memberId: string): Promise<number> {
  clearTimeout(again);
  flushing ??= (async () => {
    try {
      const entries = await waiting(memberId);
      // Only the member's own session sends their entries (another tab may have changed it).
      if (notSignedIn(memberId)) return entries.length;
      /** Apps with a refused entry this time: their later entries wait behind it. */
      const held = new Set<string>();
      let kept = 0;
      for (const [i, entry] of entries.entries()) {
        if (held.has(entry.app)) {
          kept += 1;
          continue;
        }
        if (notSignedIn(memberId)) return kept + entries.length - i;
        const outcome = await send(opToSend(entry));
        if (outcome.kind === 'offline') return kept + entries.length - i;
        if (outcome.kind === 'refused') {
          held.add(entry.app);
          kept += 1;
          await markRefused(entry, { code: outcome.code, message: outcome.message });
          continue;
        }
        const db = await outbox(memberId);
        if (entry.seq !== undefined) await db.delete(STORE, entry.seq);
        changed();
        sentListeners.forEach((l) => l({ entry, outcome }));
      }
      return kept;
    } catch {
      return (await waiting(memberId)).length;
    } finally {
      flushing = undefined;
    }
  })().then((left) => {
    if (left === 0) flag(memberId, false);
    delay = left > 0 ? Math.min(RETRY_MAX_MS, delay ? delay * 2 : RETRY_FIRST_MS) : 0;
    if (left > 0 && typeof window !== 'undefined' && !notSignedIn(memberId)) again = setTimeout(() => void flush(memberId), delay);
    return left;
  });
  return flushing;
}

/**
 * How an app saves: sent now when nothing is waiting before it; kept on the device when the
 * database cannot be reached (or something older still waits). Answers `sent`, `kept`, the
 * other device's newer page kept (`theirs`), or the database's refusal (the app words it).
 */
export async function sendOrKeep(entry: Omit<OutboxEntry, 'savedAt'>): Promise<SendOutcome | { kind: 'kept' }> {
  const full: OutboxEntry = { ...entry, savedAt: new Date().toISOString() };
  if ((await waiting(entry.uid)).length === 0) {
    const outcome = await send(entry.op);
    if (outcome.kind !== 'offline') return outcome;
  }
  try {
    await keep(full);
  } catch {
    // No IndexedDB (a private window that refuses it): the save failed as it did before.
    return { kind: 'offline' };
  }
  void flush(entry.uid);
  return { kind: 'kept' };
}

/**
 * `sendOrKeep` in the database client's terms, for an app's api module: no error when sent or
 * kept (`kept` says which), else the database's error (a network error when there is no
 * IndexedDB to keep it in).
 */
export async function writeOrKeep(entry: Omit<OutboxEntry, 'savedAt'>): Promise<{ error: { code: string | null; message: string } | null; kept: boolean }> {
  const outcome = await sendOrKeep(entry);
  switch (outcome.kind) {
    case 'sent':
      return { error: null, kept: false };
    case 'kept':
      return { error: null, kept: true };
    case 'refused':
      return { error: { code: outcome.code, message: outcome.message }, kept: false };
    case 'theirs':
      return { error: { code: null, message: 'a newer version is stored' }, kept: false };
    default:
      return { error: { code: DB_CODES.network, message: 'offline, and nowhere to keep it' }, kept: false };
  }
}
