/**
 * Whispers Before Sleep's table (story_places): a member keeps their place in a story in one
 * upsert (one row a story) and reads only theirs, exactly as the app does; nobody writes another
 * member's place or deletes places; a visitor reaches nothing; the service role reads the rows
 * for the export and deletes them with the account; the database refuses odd story names and
 * places out of range. Runs under today's defaults (db) and broad grants (db-broad).
 */
import { describe, expect, it } from 'vitest';
import { CHECK_VIOLATION, failure, hidden, rows, visitor } from '../../support/db';
import { ada, bea, exportsAndDeletes, fileDatabase } from '../shared/tables';

const db = fileDatabase();

const KEEP_PLACE = `insert into public.story_places (user_id, story, sentence) values ($1, $2, $3)
  on conflict (user_id, story) do update set user_id = excluded.user_id, story = excluded.story, sentence = excluded.sentence`;

describe('story_places', () => {
  it('a member keeps and moves their place in a story (one row per story)', async () => {
    expect(await failure(db(), ada, KEEP_PLACE, ['uid-ada', 'the-lighthouse-keeper', 4])).toBeNull();
    expect(await failure(db(), ada, KEEP_PLACE, ['uid-ada', 'the-lighthouse-keeper', 12])).toBeNull();
    expect(await failure(db(), bea, KEEP_PLACE, ['uid-bea', 'the-lighthouse-keeper', 2])).toBeNull();
    expect(await rows(db(), ada, `select story, sentence from public.story_places`)).toEqual([{ story: 'the-lighthouse-keeper', sentence: 12 }]);
  });

  it("a member cannot write another member's place, nor delete places", async () => {
    expect(await failure(db(), ada, KEEP_PLACE, ['uid-bea', 'the-lighthouse-keeper', 40])).toBe('42501');
    expect(await hidden(db(), ada, `delete from public.story_places`)).toBe(true);
    expect(await rows(db(), bea, `select sentence from public.story_places`)).toEqual([{ sentence: 2 }]);
  });

  it('the database refuses odd story names and places out of range', async () => {
    expect(await failure(db(), ada, KEEP_PLACE, ['uid-ada', '../etc/passwd', 1])).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, KEEP_PLACE, ['uid-ada', 'a'.repeat(81), 1])).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, KEEP_PLACE, ['uid-ada', 'the-lighthouse-keeper', -1])).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, KEEP_PLACE, ['uid-ada', 'the-lighthouse-keeper', 5001])).toBe(CHECK_VIOLATION);
  });

  it('a visitor reaches nothing', async () => {
    expect(await hidden(db(), visitor, `select * from public.story_places`)).toBe(true);
    expect(await failure(db(), visitor, KEEP_PLACE, ['uid-ada', 'x', 1])).toBe('42501');
  });
});

describe('the service role (account export and deletion)', () => {
  it('reads a member’s rows of story_places and deletes them', async () => {
    await exportsAndDeletes(db(), ['story_places']);
  });
});
