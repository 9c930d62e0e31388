/**
 * The Reset Room's table (resets): a member logs a finished reset with the feeling's strength
 * before and after and reads only theirs, exactly as the app does; nobody forges, edits or
 * deletes them; a visitor reaches nothing; the service role reads the rows for the export and
 * deletes them with the account; the database refuses unknown feelings or resets and ratings
 * outside 0 to 10. Runs under today's defaults (db) and broad grants (db-broad).
 */
import { describe, expect, it } from 'vitest';
import { CHECK_VIOLATION, failure, hidden, rows, visitor } from '../../support/db';
import { ada, bea, exportsAndDeletes, fileDatabase } from '../shared/tables';

const db = fileDatabase();

const RESET = `insert into public.resets (user_id, feeling, reset, intensity_before, intensity_after) values ($1, $2, $3, $4, $5)`;

describe('resets', () => {
  it('a member logs resets and reads only theirs', async () => {
    expect(await failure(db(), ada, RESET, ['uid-ada', 'anxiety', 'grounding-five-senses', 7, 4])).toBeNull();
    expect(await failure(db(), bea, RESET, ['uid-bea', 'anger', 'stop-pause', 9, 6])).toBeNull();
    expect(await rows(db(), ada, `select feeling, reset, intensity_before, intensity_after from public.resets`)).toEqual([
      { feeling: 'anxiety', reset: 'grounding-five-senses', intensity_before: 7, intensity_after: 4 },
    ]);
  });

  it('refuses forged owners, edits, deletion, unknown feelings or resets and ratings outside 0 to 10', async () => {
    expect(await failure(db(), ada, RESET, ['uid-bea', 'anger', 'stop-pause', 5, 5])).toBe('42501');
    expect(await hidden(db(), ada, `update public.resets set intensity_after = 0`)).toBe(true);
    expect(await hidden(db(), ada, `delete from public.resets`)).toBe(true);
    expect(await failure(db(), ada, RESET, ['uid-ada', 'boredom', 'stop-pause', 5, 5])).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, RESET, ['uid-ada', 'anger', 'ice-bath', 5, 5])).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, RESET, ['uid-ada', 'anger', 'stop-pause', 11, 5])).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, RESET, ['uid-ada', 'anger', 'stop-pause', 5, -1])).toBe(CHECK_VIOLATION);
    expect(await hidden(db(), visitor, `select * from public.resets`)).toBe(true);
    expect(await failure(db(), visitor, RESET, ['uid-ada', 'anger', 'stop-pause', 5, 5])).toBe('42501');
  });
});

describe('the service role (account export and deletion)', () => {
  it('reads a member’s rows of resets and deletes them', async () => {
    await exportsAndDeletes(db(), ['resets']);
  });
});
