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
  return (id: string, uid: string): [string, unknown[]] => [sql, [id, uid, ...Object.values(values)]];
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
