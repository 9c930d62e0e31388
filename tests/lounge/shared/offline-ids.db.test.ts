/**
 * Writes sent again from the offline outbox stay one row: a logged row carries the id the app
 * made, sent as an insert that does nothing when the id is there (as the outbox sends it:
 * `on conflict (id) do nothing`), so three sends leave one row; another member's id is neither
 * overwritten nor revealed (their row stays theirs, and the second member's insert changes
 * nothing). Runs under today's defaults (db) and broad grants (db-broad).
 */
import { describe, expect, it } from 'vitest';
import { affected, rows, service } from '../../support/db';
import { ada, bea, fileDatabase } from './tables';

const db = fileDatabase();

/** Each logged table with the values of one row (besides its id and owner). */
const LOGGED: Record<string, Record<string, string | number>> = {
  breathing_sessions: { pattern: 'box', seconds: 60 },
  rise_statements: { text: 'I can do hard things gently.' },
  rehearsal_scenarios: { title: 'The talk', scene: 'A meeting room.', going_well: 'I speak slowly.', coping: 'I breathe.' },
  rehearsals: { scenario: 'the-interview', suds_before: 7, suds_after: 4 },
  resets: { feeling: 'anger', reset: 'stop-pause', intensity_before: 8, intensity_after: 5 },
};

function insertOnce(table: string, values: Record<string, string | number>) {
  const columns = ['id', 'user_id', ...Object.keys(values)];
  const sql = `insert into public.${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) on conflict (id) do nothing`;
  return (id: string, memberId: string): [string, unknown[]] => [sql, [id, memberId, ...Object.values(values)]];
}

describe('a row sent three times from the outbox', () => {
  for (const [table, values] of Object.entries(LOGGED)) {
    it(`${table}: is one row, and another member's id stays theirs`, async () => {
      const send = insertOnce(table, values);
      const id = crypto.randomUUID();
      expect(await affected(db(), ada, ...send(id, 'uid-ada'))).toBe(1);
      expect(await affected(db(), ada, ...send(id, 'uid-ada'))).toBe(0);
      expect(await affected(db(), ada, ...send(id, 'uid-ada'))).toBe(0);
      expect(await rows(db(), service, `select user_id from public.${table} where id = $1`, [id])).toEqual([{ user_id: 'uid-ada' }]);
      // Bea sending Ada's id changes nothing, and she still cannot read Ada's row.
      expect(await affected(db(), bea, ...send(id, 'uid-bea'))).toBe(0);
      expect(await rows(db(), bea, `select id from public.${table} where id = $1`, [id])).toEqual([]);
      expect(await rows(db(), service, `select user_id from public.${table} where id = $1`, [id])).toEqual([{ user_id: 'uid-ada' }]);
    });
  }
});

/** Each practice table and the column that dates its rows. */
const DATED: [table: string, column: string, values: Record<string, string | number>][] = [
  ['breathing_sessions', 'finished_at', LOGGED.breathing_sessions!],
  ['rehearsals', 'finished_at', LOGGED.rehearsals!],
  ['resets', 'finished_at', LOGGED.resets!],
];

describe('a practice sent from the outbox carries when it was done', () => {
  for (const [table, column, values] of DATED) {
    it(`${table}: keeps the device's earlier ${column}, brings a later one back to its arrival, dates a row sent without one`, async () => {
      const columns = ['id', 'user_id', ...Object.keys(values), column];
      const insert = `insert into public.${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) on conflict (id) do nothing`;
      const [earlier, later, undated] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
      expect(await affected(db(), ada, insert, [earlier, 'uid-ada', ...Object.values(values), '2026-11-20T07:12:00Z'])).toBe(1);
      expect(await affected(db(), ada, insert, [later, 'uid-ada', ...Object.values(values), '2999-01-01T00:00:00Z'])).toBe(1);
      expect(await affected(db(), ada, ...insertOnce(table, values)(undated, 'uid-ada'))).toBe(1);
      const dated = await rows<{ id: string; at: string; future: boolean; recent: boolean }>(
        db(),
        service,
        `select id, ${column}::text as at, ${column} > now() as future, ${column} > now() - interval '1 minute' as recent from public.${table} where id = any($1)`,
        [[earlier, later, undated]],
      );
      const of = (id: string) => dated.find((r) => r.id === id)!;
      expect(of(earlier).at).toBe('2026-11-20 07:12:00+00');
      expect(of(later)).toMatchObject({ future: false, recent: true });
      expect(of(undated)).toMatchObject({ future: false, recent: true });
    });
  }
});

