/**
 * Rise Mode's tables (rise_days, rise_statements): a member saves the day's morning in one
 * upsert (a second save keeps the evening's check-in), checks in, keeps and removes their own
 * statements and reads only theirs, exactly as the app does; a visitor reaches nothing; the
 * service role reads the rows for the export and deletes them with the account; the database
 * refuses anything out of bounds. Runs under today's defaults (db) and broad grants (db-broad).
 */
import { describe, expect, it } from 'vitest';
import { CHECK_VIOLATION, failure, hidden, rows, service, visitor } from '../../support/db';
import { ada, bea, exportsAndDeletes, fileDatabase } from '../shared/tables';

const db = fileDatabase();

// Rise Mode's morning: one statement; a second save of the same day edits it and keeps the check-in.
const MORNING = `insert into public.rise_days (user_id, day, intention, statement_id, statement_text, brave_action)
  values ($1, $2, $3, $4, $5, $6)
  on conflict (user_id, day) do update set user_id = excluded.user_id, day = excluded.day, intention = excluded.intention,
    statement_id = excluded.statement_id, statement_text = excluded.statement_text, brave_action = excluded.brave_action`;
const CHECK_IN = `update public.rise_days set lived = $2, note = $3 where day = $1`;
const OWN_STATEMENT = `insert into public.rise_statements (user_id, text) values ($1, $2)`;

const morning = (over: Partial<Record<number, string>> = {}) => {
  const base = ['uid-ada', '2026-11-25', 'Be patient with myself', 'feel-nervous-still-do-thing', 'I can feel nervous and still do the thing.', 'Ask one question'];
  for (const [i, v] of Object.entries(over)) base[Number(i)] = v!;
  return base;
};

describe('rise_days', () => {
  it('a member saves the morning, checks in in the evening, saves the morning again without losing the check-in', async () => {
    expect(await failure(db(), ada, MORNING, morning())).toBeNull();
    expect(await failure(db(), ada, CHECK_IN, ['2026-11-25', 'partly', 'I asked, my voice shook.'])).toBeNull();
    expect(await failure(db(), ada, MORNING, morning({ 2: 'Be patient, and kind' }))).toBeNull();
    expect(await failure(db(), bea, MORNING, morning({ 0: 'uid-bea', 2: 'Bea private' }))).toBeNull();
    expect(await rows(db(), ada, `select day::text, intention, lived, note from public.rise_days`)).toEqual([
      { day: '2026-11-25', intention: 'Be patient, and kind', lived: 'partly', note: 'I asked, my voice shook.' },
    ]);
  });

  it("a member cannot write or change another member's day, nor delete days", async () => {
    expect(await failure(db(), ada, MORNING, morning({ 0: 'uid-bea' }))).toBe('42501');
    expect(await hidden(db(), ada, `update public.rise_days set note = 'x', lived = 'yes' where user_id = 'uid-bea'`)).toBe(true);
    expect(await failure(db(), ada, `update public.rise_days set user_id = 'uid-bea' where user_id = 'uid-ada'`)).toBe('42501');
    expect(await hidden(db(), ada, `delete from public.rise_days`)).toBe(true);
    expect(await rows(db(), service, `select intention, lived from public.rise_days where user_id = 'uid-bea'`)).toEqual([{ intention: 'Bea private', lived: null }]);
  });

  it('the database refuses an empty intention, texts too long, odd answers, a note without an answer, days out of range', async () => {
    expect(await failure(db(), ada, MORNING, morning({ 1: '2026-11-20', 2: '   ' }))).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, MORNING, morning({ 1: '2026-11-20', 2: 'x'.repeat(301) }))).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, MORNING, morning({ 1: '2026-11-20', 4: 'x'.repeat(301) }))).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, MORNING, morning({ 1: '2026-11-20', 5: 'x'.repeat(301) }))).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, MORNING, morning({ 1: '2026-11-20', 3: 'Not An Id!' }))).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, MORNING, morning({ 1: '2023-12-31' }))).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, MORNING, morning({ 1: '2026-11-20', 2: 'x'.repeat(300), 4: 'y'.repeat(300), 5: 'z'.repeat(300) }))).toBeNull();
    expect(await failure(db(), ada, CHECK_IN, ['2026-11-20', 'maybe', ''])).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, CHECK_IN, ['2026-11-20', 'yes', 'x'.repeat(1001)])).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, `update public.rise_days set note = 'a note alone' where day = '2026-11-20'`)).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, CHECK_IN, ['2026-11-20', 'yes', 'x'.repeat(1000)])).toBeNull();
  });

  it('a visitor reaches nothing', async () => {
    expect(await hidden(db(), visitor, `select * from public.rise_days`)).toBe(true);
    expect(await failure(db(), visitor, MORNING, morning())).toBe('42501');
  });
});

describe('rise_statements', () => {
  it('a member keeps and removes their own statements, and reads only theirs', async () => {
    expect(await failure(db(), ada, OWN_STATEMENT, ['uid-ada', 'I am learning to take my time.'])).toBeNull();
    expect(await failure(db(), ada, OWN_STATEMENT, ['uid-ada', 'I can ask for what I need.'])).toBeNull();
    expect(await failure(db(), bea, OWN_STATEMENT, ['uid-bea', 'Bea’s own words'])).toBeNull();
    expect(await rows(db(), ada, `select text from public.rise_statements order by created_at, text`)).toEqual([{ text: 'I am learning to take my time.' }, { text: 'I can ask for what I need.' }]);
    expect(await failure(db(), ada, `delete from public.rise_statements where text = 'I can ask for what I need.'`)).toBeNull();
    expect(await hidden(db(), ada, `delete from public.rise_statements where user_id = 'uid-bea'`)).toBe(true);
    expect(await hidden(db(), ada, `update public.rise_statements set text = 'x'`)).toBe(true);
    expect(await rows(db(), bea, `select text from public.rise_statements`)).toEqual([{ text: 'Bea’s own words' }]);
  });

  it('refuses forged owners, empty and over-long statements; a visitor reaches nothing', async () => {
    expect(await failure(db(), ada, OWN_STATEMENT, ['uid-bea', 'forged'])).toBe('42501');
    expect(await failure(db(), ada, OWN_STATEMENT, ['uid-ada', ' '])).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, OWN_STATEMENT, ['uid-ada', 'x'.repeat(301)])).toBe(CHECK_VIOLATION);
    expect(await hidden(db(), visitor, `select * from public.rise_statements`)).toBe(true);
    expect(await failure(db(), visitor, OWN_STATEMENT, ['uid-ada', 'v'])).toBe('42501');
  });
});

describe('the service role (account export and deletion)', () => {
  it('reads a member’s rows of both tables and deletes them', async () => {
    await exportsAndDeletes(db(), ['rise_days', 'rise_statements']);
  });
});
