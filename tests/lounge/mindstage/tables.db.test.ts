/**
 * Mindstage's tables (rehearsal_scenarios, rehearsals): a member adds their own scene, logs
 * rehearsals of it and of built-in scenes with both ratings, and reads only theirs, exactly as
 * the app does; nobody forges, edits or deletes them; a visitor reaches nothing; the service
 * role reads the rows for the export and deletes them with the account; the database refuses
 * ratings outside 0 to 10, odd scenario keys and scenes out of bounds. Runs under today's
 * defaults (db) and broad grants (db-broad).
 */
import { describe, expect, it } from 'vitest';
import { CHECK_VIOLATION, failure, hidden, rows, visitor } from '../../support/db';
import { ada, bea, exportsAndDeletes, fileDatabase } from '../shared/tables';

const db = fileDatabase();

const SCENE = `insert into public.rehearsal_scenarios (user_id, title, scene, going_well, coping) values ($1, $2, $3, $4, $5)`;
const REHEARSAL = `insert into public.rehearsals (user_id, scenario, suds_before, suds_after) values ($1, $2, $3, $4)`;

describe('rehearsal_scenarios and rehearsals', () => {
  it('a member adds a scene and logs rehearsals of it and of built-in scenes, and reads only theirs', async () => {
    const [scene] = await rows<{ id: string }>(db(), ada, `${SCENE} returning id`, ['uid-ada', 'Asking for a raise', 'Her office.', 'I make my case.', 'I ask what would change it.']);
    expect(await failure(db(), ada, REHEARSAL, ['uid-ada', `own-${scene!.id}`, 7, 5])).toBeNull();
    expect(await failure(db(), ada, REHEARSAL, ['uid-ada', 'a-phone-call', 8, 4])).toBeNull();
    expect(await failure(db(), bea, REHEARSAL, ['uid-bea', 'a-phone-call', 3, 2])).toBeNull();
    expect(await rows(db(), ada, `select scenario, suds_before, suds_after from public.rehearsals order by suds_before`)).toEqual([
      { scenario: `own-${scene!.id}`, suds_before: 7, suds_after: 5 },
      { scenario: 'a-phone-call', suds_before: 8, suds_after: 4 },
    ]);
    expect(await rows(db(), bea, `select count(*)::int as n from public.rehearsal_scenarios`)).toEqual([{ n: 0 }]);
  });

  it('nobody forges, edits or deletes them', async () => {
    expect(await failure(db(), ada, REHEARSAL, ['uid-bea', 'a-phone-call', 1, 1])).toBe('42501');
    expect(await failure(db(), ada, SCENE, ['uid-bea', 't', 's', 'g', 'c'])).toBe('42501');
    expect(await hidden(db(), ada, `update public.rehearsals set suds_after = 0`)).toBe(true);
    expect(await hidden(db(), ada, `delete from public.rehearsals`)).toBe(true);
    expect(await hidden(db(), ada, `delete from public.rehearsal_scenarios`)).toBe(true);
  });

  it('the database refuses ratings outside 0 to 10, odd scenario keys and scenes out of bounds', async () => {
    expect(await failure(db(), ada, REHEARSAL, ['uid-ada', 'a-phone-call', -1, 3])).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, REHEARSAL, ['uid-ada', 'a-phone-call', 3, 11])).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, REHEARSAL, ['uid-ada', 'A Phone Call', 3, 3])).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, REHEARSAL, ['uid-ada', 'a'.repeat(81), 3, 3])).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, SCENE, ['uid-ada', 't'.repeat(121), 's', 'g', 'c'])).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, SCENE, ['uid-ada', 't', 's'.repeat(1001), 'g', 'c'])).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, SCENE, ['uid-ada', 't', 's', '', 'c'])).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, SCENE, ['uid-ada', 't', 's', 'g', 'c'.repeat(1001)])).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, REHEARSAL, ['uid-ada', 'a-phone-call', 0, 10])).toBeNull();
  });

  it('a visitor reaches nothing', async () => {
    expect(await hidden(db(), visitor, `select * from public.rehearsals`)).toBe(true);
    expect(await hidden(db(), visitor, `select * from public.rehearsal_scenarios`)).toBe(true);
    expect(await failure(db(), visitor, REHEARSAL, ['uid-ada', 'a-phone-call', 1, 1])).toBe('42501');
  });
});

describe('the service role (account export and deletion)', () => {
  it('reads a member’s rows of both tables and deletes them', async () => {
    await exportsAndDeletes(db(), ['rehearsals']);
    await exportsAndDeletes(db(), ['rehearsal_scenarios'], 'uid-ada');
  });
});
