/**
 * The outbox's sending (src/core/offline/outbox-api.ts), with IndexedDB and the database's
 * REST endpoint stood in by small fakes (the browser's IndexedDB is not in Node; the rules of
 * what is sent, in which order and what stays are the module's own): entries go in the order
 * they were saved; an entry without an answer stops the flush and everything stays; an entry
 * the database refuses stays, with its app's later entries behind it, while the other apps'
 * entries are sent.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from '../../src/core/offline/outbox';

/** IndexedDB as the outbox uses it: one store of entries keyed by an increasing `seq`. */
const rows = new Map<number, OutboxEntry>();
let seq = 0;
vi.mock('idb', () => ({
  openDB: async () => ({
    getAll: async () => [...rows.values()],
    delete: async (_store: string, key: number) => void rows.delete(key),
    transaction: () => ({
      store: {
        getAll: async () => [...rows.values()],
        get: async (key: number) => rows.get(key),
        put: async (entry: OutboxEntry) => void rows.set(entry.seq!, entry),
        delete: async (key: number) => void rows.delete(key),
        add: async (entry: OutboxEntry) => void rows.set(++seq, { ...entry, seq }),
      },
      done: Promise.resolve(),
    }),
    close: () => undefined,
  }),
}));

/** The database's answer for each table or `rpc/<function>` (no entry: written), its data, and the writes it was sent. */
let answers: Record<string, { code: string | null; message: string }> = {};
let data: Record<string, unknown> = {};
const sent: { table: string; values?: Record<string, unknown> }[] = [];
vi.mock('../../src/core/db/client', async () => {
  const { DB_CODES } = await import('../../src/core/db/result');
  const write = (table: string, values?: Record<string, unknown>) => ({ table, values, match: () => ({ table, values }) });
  const db = {
    from: (table: string) => ({
      upsert: (values: Record<string, unknown>) => write(table, values),
      update: (values: Record<string, unknown>) => write(table, values),
      delete: () => write(table),
    }),
    rpc: (fn: string, args: Record<string, unknown>) => ({ table: `rpc/${fn}`, values: args }),
  };
  return {
    DB_CODES,
    dbRequest: async (build: (client: typeof db) => { table: string; values?: Record<string, unknown> }) => {
      const request = build(db);
      sent.push({ table: request.table, values: request.values });
      const error = answers[request.table] ?? null;
      return { data: error ? null : (data[request.table] ?? null), error };
    },
  };
});

const { flush, onSent, waiting } = await import('../../src/core/offline/outbox-api');
const { refusedText } = await import('../../src/core/offline/outbox');
const { DB_CODES } = await import('../../src/core/db/result');

const keep = (app: string, table: string, key: string, datedBy?: string) => {
  seq += 1;
  rows.set(seq, {
    seq,
    uid: 'ada',
    app,
    key,
    op: { kind: 'upsert', table, values: { id: key, user_id: 'ada' }, onConflict: 'id', ignoreDuplicates: true, ...(datedBy ? { datedBy } : {}) },
    savedAt: `2026-11-2${seq}T07:00:00.000Z`,
  });
};

beforeEach(() => {
  rows.clear();
  seq = 0;
  sent.length = 0;
  answers = {};
  data = {};
});

describe('flush', () => {
  it('sends every entry in the order it was saved, each dated when it was saved where its table asks', async () => {
    keep('stillpoint', 'breathing_sessions', 's1', 'finished_at');
    keep('the-reset-room', 'resets', 'r1', 'finished_at');
    keep('rise-mode', 'rise_statements', 'st1');
    expect(await flush('ada')).toBe(0);
    expect(sent.map((s) => s.table)).toEqual(['breathing_sessions', 'resets', 'rise_statements']);
    expect(sent[0]!.values).toMatchObject({ finished_at: '2026-11-21T07:00:00.000Z' });
    expect(sent[2]!.values).not.toHaveProperty('finished_at');
    expect(await waiting('ada')).toEqual([]);
  });

  it('stops at the first entry without an answer, and keeps it and everything after it', async () => {
    keep('stillpoint', 'breathing_sessions', 's1');
    keep('the-reset-room', 'resets', 'r1');
    keep('rise-mode', 'rise_statements', 'st1');
    answers = { resets: { code: DB_CODES.network, message: 'Failed to fetch' } };
    expect(await flush('ada')).toBe(2);
    expect(sent.map((s) => s.table)).toEqual(['breathing_sessions', 'resets']);
    expect((await waiting('ada')).map((e) => e.key)).toEqual(['r1', 'st1']);
  });

  it('keeps a refused entry and its app’s later entries, and sends the other apps’ entries behind it', async () => {
    keep('rise-mode', 'rise_days', 'morning');
    keep('stillpoint', 'breathing_sessions', 's1');
    keep('rise-mode', 'rise_statements', 'evening');
    keep('the-reset-room', 'resets', 'r1');
    answers = { rise_days: { code: '23514', message: 'new row violates check constraint' } };
    expect(await flush('ada')).toBe(2);
    // Rise Mode's later entry was not sent: it may build on the refused one.
    expect(sent.map((s) => s.table)).toEqual(['rise_days', 'breathing_sessions', 'resets']);
    expect((await waiting('ada')).map((e) => e.key)).toEqual(['morning', 'evening']);
    // The refused entry says why (the app shows it); the one held behind it was not refused.
    const [morning, evening] = await waiting('ada');
    expect(morning!.refused).toEqual({ code: '23514', message: 'new row violates check constraint' });
    expect(evening!.refused).toBeUndefined();
    expect(refusedText(await waiting('ada'))).toBe('One save on this device was not accepted because it is longer than the app can keep. It stays on this device.');
    // Once the database takes it, Rise Mode's entries go, in their order.
    answers = {};
    sent.length = 0;
    expect(await flush('ada')).toBe(0);
    expect(sent.map((s) => s.table)).toEqual(['rise_days', 'rise_statements']);
  });

  it('sends a page that keeps the newer version as one call, whose answer decides: the other device’s page kept', async () => {
    seq += 1;
    const page = { user_id: 'ada', day: '2026-11-26', gratitude_1: 'Written offline on the phone' };
    rows.set(seq, {
      seq,
      uid: 'ada',
      app: 'the-bloom-book',
      key: 'bloom_pages:2026-11-26',
      op: { kind: 'upsert', table: 'bloom_pages', values: page, onConflict: 'user_id,day', keepNewer: { editedAt: '2026-11-26T08:00:00.000Z', basedOn: null } },
      savedAt: '2026-11-26T08:00:00.000Z',
    });
    data = { 'rpc/save_bloom_page': { written: false, overwrote: false, updated_at: null } };
    const heard: string[] = [];
    const stop = onSent(({ outcome }) => heard.push(outcome.kind));
    expect(await flush('ada')).toBe(0);
    stop();
    // No read before the write: the database decides in the statement that writes.
    expect(sent).toEqual([{ table: 'rpc/save_bloom_page', values: { page, edited_at: '2026-11-26T08:00:00.000Z', based_on: null } }]);
    expect(heard).toEqual(['theirs']);
  });
});
