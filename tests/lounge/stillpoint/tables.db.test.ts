/**
 * Stillpoint's table (breathing_sessions): a member logs their own finished sessions and reads
 * only theirs, exactly as the app does; nobody changes or deletes the history; a visitor reaches
 * nothing; the service role reads the rows for the export and deletes them with the account; the
 * database refuses an unknown pattern and lengths out of bounds. Runs under today's defaults
 * (db) and broad grants (db-broad).
 */
import { describe, expect, it } from 'vitest';
import { CHECK_VIOLATION, failure, hidden, rows, service, visitor } from '../../support/db';
import { ada, bea, exportsAndDeletes, fileDatabase } from '../shared/tables';

const db = fileDatabase();

const LOG = `insert into public.breathing_sessions (user_id, pattern, seconds) values ($1, $2, $3)`;

describe('breathing_sessions', () => {
  it('a member logs their own sessions and reads only theirs, newest first', async () => {
    expect(await failure(db(), ada, LOG, ['uid-ada', 'box', 60])).toBeNull();
    expect(await failure(db(), ada, LOG, ['uid-ada', 'four-seven-eight', 300])).toBeNull();
    expect(await failure(db(), bea, LOG, ['uid-bea', 'resonance', 180])).toBeNull();
    const mine = await rows<{ pattern: string; seconds: number }>(db(), ada, `select pattern, seconds from public.breathing_sessions order by seconds`);
    expect(mine).toEqual([
      { pattern: 'box', seconds: 60 },
      { pattern: 'four-seven-eight', seconds: 300 },
    ]);
  });

  it("a member cannot log a session as someone else, nor change or delete the history", async () => {
    expect(await failure(db(), ada, LOG, ['uid-bea', 'box', 60])).toBe('42501');
    expect(await hidden(db(), ada, `update public.breathing_sessions set seconds = 3600`)).toBe(true);
    expect(await hidden(db(), ada, `delete from public.breathing_sessions`)).toBe(true);
    expect(await rows(db(), service, `select count(*)::int as n from public.breathing_sessions where user_id = 'uid-ada'`)).toEqual([{ n: 2 }]);
  });

  it('the database refuses an unknown pattern and lengths out of bounds', async () => {
    expect(await failure(db(), ada, LOG, ['uid-ada', 'hold-forever', 60])).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, LOG, ['uid-ada', 'box', 29])).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, LOG, ['uid-ada', 'box', 3601])).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, LOG, ['', 'box', 60])).not.toBeNull();
  });

  it('a visitor reaches nothing', async () => {
    expect(await hidden(db(), visitor, `select * from public.breathing_sessions`)).toBe(true);
    expect(await failure(db(), visitor, LOG, ['uid-ada', 'box', 60])).toBe('42501');
  });
});

describe('the service role (account export and deletion)', () => {
  it('reads a member’s rows of breathing_sessions and deletes them', async () => {
    await exportsAndDeletes(db(), ['breathing_sessions']);
  });
});
