/**
 * The outbox's rules: what a write kept on the device is (one database write described as data,
 * so any member page can send it), which entries a new one replaces, and what the member is
 * told when the same day's page was edited on two devices (which version stays is the
 * database's decision: ./outbox-api.ts, `KEEP_NEWER`). Every write is one a resend cannot
 * double: an upsert on the row's natural key or on a client-made id (a second send finds the row
 * and changes nothing, or writes the same values), an update or a delete matched by key.
 * Pure: the sending is ./outbox-api.ts.
 */

import { dbFailureKind } from '../db/result';

/** Column values of one row, as the database's REST endpoint takes them. */
export type Values = Record<string, string | number | boolean | null>;

export type OutboxOp =
  | {
      kind: 'upsert';
      table: string;
      values: Values;
      /** The key a resend meets: the natural key (`user_id,day`) or the client-made `id`. */
      onConflict: string;
      /** An insert of a client-made id: a resend leaves the row as it is. */
      ignoreDuplicates?: boolean;
      /**
       * The row is written only if it is not newer than this edit: `editedAt` is when the member
       * made it, `basedOn` the row's `updated_at` when they opened it (null: a page not seen).
       * The database decides, in the statement that writes (./outbox-api.ts, `KEEP_NEWER`).
       */
      keepNewer?: { editedAt: string; basedOn: string | null };
      /**
       * The column that dates the row (`finished_at`): sent from the outbox, the row carries the
       * time the entry was saved, when the member did it; sent at once, the database dates it.
       */
      datedBy?: string;
    }
  | { kind: 'update'; table: string; values: Values; match: Values }
  | { kind: 'delete'; table: string; match: Values };

export interface OutboxEntry {
  /** The order of saving (IndexedDB's key). */
  seq?: number;
  /** The member who wrote it: only their session sends it. */
  uid: string;
  /** The app (or the course) it belongs to, which lists it as waiting. */
  app: string;
  /** What it writes (`bloom_pages:2026-11-26`): a newer entry with the same key replaces it. */
  key: string;
  op: OutboxOp;
  /** When it was saved on the device (ISO). */
  savedAt: string;
  /**
   * The database refused its last send (kept, and tried again: a session renewed or a fault
   * mended may let it through): its code and message, for the member's note (`refusedText`).
   */
  refused?: { code: string | null; message: string };
}

/** How a send ended: sent; no answer (offline: keep it); the other device's newer page kept; refused. */
export type SendOutcome =
  /** `updatedAt`: the row's time as stored, for a write that keeps the newer version. */
  | { kind: 'sent'; overwrote: boolean; updatedAt?: string }
  | { kind: 'offline' }
  | { kind: 'theirs' }
  | { kind: 'refused'; code: string | null; message: string };

/** The write an entry kept on the device sends: dated when it was saved (see `datedBy`). */
export function opToSend(entry: OutboxEntry): OutboxOp {
  const { op } = entry;
  if (op.kind !== 'upsert' || !op.datedBy) return op;
  return { ...op, values: { ...op.values, [op.datedBy]: entry.savedAt } };
}

/** The entries to send for `memberId`, in the order they were saved. */
export const entriesOf = (entries: readonly OutboxEntry[], memberId: string): OutboxEntry[] =>
  entries.filter((e) => e.uid === memberId).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));

/** What the member is told after a conflict, in the app's words. */
export const CONFLICT_COPY = {
  theirs: (what: string) => `${what} was also changed on another device, more recently. That newer version is kept; what you wrote here offline was not applied.`,
  ours: (what: string) => `${what} was also changed on another device. Your newer version from this device is kept.`,
} as const;

/**
 * What the member reads when the database refused writes kept on this device (null: none was
 * refused): that they are still on the device, why they were not stored when it can be said,
 * and what happens next. The reasons are the one mapping of database failures (../db/result.ts).
 */
export function refusedText(entries: readonly Pick<OutboxEntry, 'refused'>[]): string | null {
  const refused = entries.flatMap((e) => (e.refused ? [e.refused] : []));
  const first = refused[0];
  if (!first) return null;
  const what = refused.length === 1 ? 'One save on this device was' : `${refused.length} saves on this device were`;
  switch (dbFailureKind(first)) {
    case 'signedOut':
      return `${what} not accepted because your session has ended. Sign in again and it will sync; it stays on this device until then.`;
    case 'limit':
      // The database's own words, written for the member (a cap on what one member keeps).
      return `${what} not accepted: ${first.message} It stays on this device.`;
    case 'tooLong':
      return `${what} not accepted because it is longer than the app can keep. It stays on this device.`;
    default:
      return `${what} not accepted by the database yet. It stays on this device, and we will keep trying.`;
  }
}
