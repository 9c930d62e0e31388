/**
 * The member tables of Rise Mode, Mindstage and The Reset Room (rise_days, rise_statements,
 * rehearsal_scenarios, rehearsals, resets): a member reads and writes only their own rows,
 * exactly as the apps do (save the day in one upsert and check in; keep and remove their own
 * statements; add a scene; log a rehearsal or a reset); a visitor reaches nothing; the service
 * role reads them for the export and deletes them with the account; the database refuses
 * anything out of bounds. Runs under today's defaults (db) and broad grants (db-broad).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { CHECK_VIOLATION, failure, hidden, member, migratedDatabase, rows, service, visitor } from '../support/db';

let db: PGlite;
beforeAll(async () => {
  db = await migratedDatabase();
}, 60_000);

const ada = member('uid-ada');
const bea = member('uid-bea');

// Rise Mode's morning: one statement; a second save of the same day edits it and keeps the check-in.
const MORNING = `insert into public.rise_days (user_id, day, intention, statement_id, statement_text, brave_action)
  values ($1, $2, $3, $4, $5, $6)
  on conflict (user_id, day) do update set user_id = excluded.user_id, day = excluded.day, intention = excluded.intention,
    statement_id = excluded.statement_id, statement_text = excluded.statement_text, brave_action = excluded.brave_action`;
const CHECK_IN = `update public.rise_days set lived = $2, note = $3 where day = $1`;
const OWN_STATEMENT = `insert into public.rise_statements (user_id, text) values ($1, $2)`;
const SCENE = `insert into public.rehearsal_scenarios (user_id, title, scene, going_well, coping) values ($1, $2, $3, $4, $5)`;
const REHEARSAL = `insert into public.rehearsals (user_id, scenario, suds_before, suds_after) values ($1, $2, $3, $4)`;
const RESET = `insert into public.resets (user_id, feeling, reset, intensity_before, intensity_after) values ($1, $2, $3, $4, $5)`;

const morning = (over: Partial<Record<number, string>> = {}) => {
  const base = ['uid-ada', '2026-11-25', 'Be patient with myself', 'feel-nervous-still-do-thing', 'I can feel nervous and still do the thing.', 'Ask one question'];
  for (const [i, v] of Object.entries(over)) base[Number(i)] = v!;
  return base;
};

describe('rise_days', () => {
  it('a member saves the morning, checks in in the evening, saves the morning again without losing the check-in', async () => {
    expect(await failure(db, ada, MORNING, morning())).toBeNull();
    expect(await failure(db, ada, CHECK_IN, ['2026-11-25', 'partly', 'I asked, my voice shook.'])).toBeNull();
    expect(await failure(db, ada, MORNING, morning({ 2: 'Be patient, and kind' }))).toBeNull();
    expect(await failure(db, bea, MORNING, morning({ 0: 'uid-bea', 2: 'Bea private' }))).toBeNull();
    expect(await rows(db, ada, `select day::text, intention, lived, note from public.rise_days`)).toEqual([
      { day: '2026-11-25', intention: 'Be patient, and kind', lived: 'partly', note: 'I asked, my voice shook.' },
    ]);
  });

  it("a member cannot write or change another member's day, nor delete days", async () => {
    expect(await failure(db, ada, MORNING, morning({ 0: 'uid-bea' }))).toBe('42501');
    expect(await hidden(db, ada, `update public.rise_days set note = 'x', lived = 'yes' where user_id = 'uid-bea'`)).toBe(true);
    expect(await failure(db, ada, `update public.rise_days set user_id = 'uid-bea' where user_id = 'uid-ada'`)).toBe('42501');
    expect(await hidden(db, ada, `delete from public.rise_days`)).toBe(true);
    expect(await rows(db, service, `select intention, lived from public.rise_days where user_id = 'uid-bea'`)).toEqual([{ intention: 'Bea private', lived: null }]);
  });

  it('the database refuses an empty intention, texts too long, odd answers, a note without an answer, days out of range', async () => {
    expect(await failure(db, ada, MORNING, morning({ 1: '2026-11-20', 2: '   ' }))).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, MORNING, morning({ 1: '2026-11-20', 2: 'x'.repeat(301) }))).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, MORNING, morning({ 1: '2026-11-20', 4: 'x'.repeat(301) }))).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, MORNING, morning({ 1: '2026-11-20', 5: 'x'.repeat(301) }))).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, MORNING, morning({ 1: '2026-11-20', 3: 'Not An Id!' }))).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, MORNING, morning({ 1: '2023-12-31' }))).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, MORNING, morning({ 1: '2026-11-20', 2: 'x'.repeat(300), 4: 'y'.repeat(300), 5: 'z'.repeat(300) }))).toBeNull();
    expect(await failure(db, ada, CHECK_IN, ['2026-11-20', 'maybe', ''])).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, CHECK_IN, ['2026-11-20', 'yes', 'x'.repeat(1001)])).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, `update public.rise_days set note = 'a note alone' where day = '2026-11-20'`)).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, CHECK_IN, ['2026-11-20', 'yes', 'x'.repeat(1000)])).toBeNull();
  });

  it('a visitor reaches nothing', async () => {
    expect(await hidden(db, visitor, `select * from public.rise_days`)).toBe(true);
    expect(await failure(db, visitor, MORNING, morning())).toBe('42501');
  });
});

describe('rise_statements', () => {
  it('a member keeps and removes their own statements, and reads only theirs', async () => {
    expect(await failure(db, ada, OWN_STATEMENT, ['uid-ada', 'I am learning to take my time.'])).toBeNull();
    expect(await failure(db, ada, OWN_STATEMENT, ['uid-ada', 'I can ask for what I need.'])).toBeNull();
    expect(await failure(db, bea, OWN_STATEMENT, ['uid-bea', 'Bea’s own words'])).toBeNull();
    expect(await rows(db, ada, `select text from public.rise_statements order by created_at, text`)).toEqual([{ text: 'I am learning to take my time.' }, { text: 'I can ask for what I need.' }]);
    expect(await failure(db, ada, `delete from public.rise_statements where text = 'I can ask for what I need.'`)).toBeNull();
    expect(await hidden(db, ada, `delete from public.rise_statements where user_id = 'uid-bea'`)).toBe(true);
    expect(await hidden(db, ada, `update public.rise_statements set text = 'x'`)).toBe(true);
    expect(await rows(db, bea, `select text from public.rise_statements`)).toEqual([{ text: 'Bea’s own words' }]);
  });

  it('refuses forged owners, empty and over-long statements; a visitor reaches nothing', async () => {
    expect(await failure(db, ada, OWN_STATEMENT, ['uid-bea', 'forged'])).toBe('42501');
    expect(await failure(db, ada, OWN_STATEMENT, ['uid-ada', ' '])).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, OWN_STATEMENT, ['uid-ada', 'x'.repeat(301)])).toBe(CHECK_VIOLATION);
    expect(await hidden(db, visitor, `select * from public.rise_statements`)).toBe(true);
    expect(await failure(db, visitor, OWN_STATEMENT, ['uid-ada', 'v'])).toBe('42501');
  });
});

describe('rehearsal_scenarios and rehearsals', () => {
  it('a member adds a scene and logs rehearsals of it and of built-in scenes, and reads only theirs', async () => {
    const [scene] = await rows<{ id: string }>(db, ada, `${SCENE} returning id`, ['uid-ada', 'Asking for a raise', 'Her office.', 'I make my case.', 'I ask what would change it.']);
    expect(await failure(db, ada, REHEARSAL, ['uid-ada', `own-${scene!.id}`, 7, 5])).toBeNull();
    expect(await failure(db, ada, REHEARSAL, ['uid-ada', 'a-phone-call', 8, 4])).toBeNull();
    expect(await failure(db, bea, REHEARSAL, ['uid-bea', 'a-phone-call', 3, 2])).toBeNull();
    expect(await rows(db, ada, `select scenario, suds_before, suds_after from public.rehearsals order by suds_before`)).toEqual([
      { scenario: `own-${scene!.id}`, suds_before: 7, suds_after: 5 },
      { scenario: 'a-phone-call', suds_before: 8, suds_after: 4 },
    ]);
    expect(await rows(db, bea, `select count(*)::int as n from public.rehearsal_scenarios`)).toEqual([{ n: 0 }]);
  });

  it('nobody forges, edits or deletes them', async () => {
    expect(await failure(db, ada, REHEARSAL, ['uid-bea', 'a-phone-call', 1, 1])).toBe('42501');
    expect(await failure(db, ada, SCENE, ['uid-bea', 't', 's', 'g', 'c'])).toBe('42501');
    expect(await hidden(db, ada, `update public.rehearsals set suds_after = 0`)).toBe(true);
    expect(await hidden(db, ada, `delete from public.rehearsals`)).toBe(true);
    expect(await hidden(db, ada, `delete from public.rehearsal_scenarios`)).toBe(true);
  });

  it('the database refuses ratings outside 0 to 10, odd scenario keys and scenes out of bounds', async () => {
    expect(await failure(db, ada, REHEARSAL, ['uid-ada', 'a-phone-call', -1, 3])).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, REHEARSAL, ['uid-ada', 'a-phone-call', 3, 11])).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, REHEARSAL, ['uid-ada', 'A Phone Call', 3, 3])).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, REHEARSAL, ['uid-ada', 'a'.repeat(81), 3, 3])).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, SCENE, ['uid-ada', 't'.repeat(121), 's', 'g', 'c'])).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, SCENE, ['uid-ada', 't', 's'.repeat(1001), 'g', 'c'])).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, SCENE, ['uid-ada', 't', 's', '', 'c'])).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, SCENE, ['uid-ada', 't', 's', 'g', 'c'.repeat(1001)])).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, REHEARSAL, ['uid-ada', 'a-phone-call', 0, 10])).toBeNull();
  });

  it('a visitor reaches nothing', async () => {
    expect(await hidden(db, visitor, `select * from public.rehearsals`)).toBe(true);
    expect(await hidden(db, visitor, `select * from public.rehearsal_scenarios`)).toBe(true);
    expect(await failure(db, visitor, REHEARSAL, ['uid-ada', 'a-phone-call', 1, 1])).toBe('42501');
  });
});

describe('resets', () => {
  it('a member logs resets and reads only theirs', async () => {
    expect(await failure(db, ada, RESET, ['uid-ada', 'anxiety', 'grounding-five-senses', 7, 4])).toBeNull();
    expect(await failure(db, bea, RESET, ['uid-bea', 'anger', 'stop-pause', 9, 6])).toBeNull();
    expect(await rows(db, ada, `select feeling, reset, intensity_before, intensity_after from public.resets`)).toEqual([
      { feeling: 'anxiety', reset: 'grounding-five-senses', intensity_before: 7, intensity_after: 4 },
    ]);
  });

  it('refuses forged owners, edits, deletion, unknown feelings or resets and ratings outside 0 to 10', async () => {
    expect(await failure(db, ada, RESET, ['uid-bea', 'anger', 'stop-pause', 5, 5])).toBe('42501');
    expect(await hidden(db, ada, `update public.resets set intensity_after = 0`)).toBe(true);
    expect(await hidden(db, ada, `delete from public.resets`)).toBe(true);
    expect(await failure(db, ada, RESET, ['uid-ada', 'boredom', 'stop-pause', 5, 5])).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, RESET, ['uid-ada', 'anger', 'ice-bath', 5, 5])).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, RESET, ['uid-ada', 'anger', 'stop-pause', 11, 5])).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, RESET, ['uid-ada', 'anger', 'stop-pause', 5, -1])).toBe(CHECK_VIOLATION);
    expect(await hidden(db, visitor, `select * from public.resets`)).toBe(true);
    expect(await failure(db, visitor, RESET, ['uid-ada', 'anger', 'stop-pause', 5, 5])).toBe('42501');
  });
});

describe('the service role (account export and deletion)', () => {
  it('reads a member’s rows of every table and deletes them', async () => {
    for (const table of ['rise_days', 'rise_statements', 'rehearsals', 'resets']) {
      expect((await rows(db, service, `select * from public.${table} where user_id = 'uid-bea'`)).length, table).toBe(1);
      expect(await failure(db, service, `delete from public.${table} where user_id = 'uid-bea'`)).toBeNull();
      expect(await rows(db, service, `select count(*)::int as n from public.${table} where user_id = 'uid-bea'`)).toEqual([{ n: 0 }]);
    }
    expect((await rows(db, service, `select * from public.rehearsal_scenarios where user_id = 'uid-ada'`)).length).toBe(1);
    expect(await failure(db, service, `delete from public.rehearsal_scenarios where user_id = 'uid-ada'`)).toBeNull();
  });
});
