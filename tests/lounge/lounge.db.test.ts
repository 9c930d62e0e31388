/**
 * The Lounge's member tables (breathing_sessions, bloom_pages, story_places): a member reads
 * and writes only their own rows, exactly as the apps do (log a session; save, edit and delete
 * a journal page in one upsert; keep the place in a story in one upsert); a visitor reaches
 * nothing; the service role reads them for the export and deletes them with the account; the
 * database refuses anything out of bounds. Runs under today's defaults (db) and broad grants
 * (db-broad).
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

const LOG = `insert into public.breathing_sessions (user_id, pattern, seconds) values ($1, $2, $3)`;
// The Bloom Book's save: one statement, a second save of the same day edits that page.
const SAVE_PAGE = `insert into public.bloom_pages (user_id, day, gratitude_1, gratitude_2, gratitude_3, prompt_id, prompt_text, answer)
  values ($1, $2, $3, $4, $5, $6, $7, $8)
  on conflict (user_id, day) do update set user_id = excluded.user_id, day = excluded.day, gratitude_1 = excluded.gratitude_1,
    gratitude_2 = excluded.gratitude_2, gratitude_3 = excluded.gratitude_3, prompt_id = excluded.prompt_id,
    prompt_text = excluded.prompt_text, answer = excluded.answer`;
const KEEP_PLACE = `insert into public.story_places (user_id, story, sentence) values ($1, $2, $3)
  on conflict (user_id, story) do update set user_id = excluded.user_id, story = excluded.story, sentence = excluded.sentence`;

describe('breathing_sessions', () => {
  it('a member logs their own sessions and reads only theirs, newest first', async () => {
    expect(await failure(db, ada, LOG, ['uid-ada', 'box', 60])).toBeNull();
    expect(await failure(db, ada, LOG, ['uid-ada', 'four-seven-eight', 300])).toBeNull();
    expect(await failure(db, bea, LOG, ['uid-bea', 'resonance', 180])).toBeNull();
    const mine = await rows<{ pattern: string; seconds: number }>(db, ada, `select pattern, seconds from public.breathing_sessions order by seconds`);
    expect(mine).toEqual([
      { pattern: 'box', seconds: 60 },
      { pattern: 'four-seven-eight', seconds: 300 },
    ]);
  });

  it("a member cannot log a session as someone else, nor change or delete the history", async () => {
    expect(await failure(db, ada, LOG, ['uid-bea', 'box', 60])).toBe('42501');
    expect(await hidden(db, ada, `update public.breathing_sessions set seconds = 3600`)).toBe(true);
    expect(await hidden(db, ada, `delete from public.breathing_sessions`)).toBe(true);
    expect(await rows(db, service, `select count(*)::int as n from public.breathing_sessions where user_id = 'uid-ada'`)).toEqual([{ n: 2 }]);
  });

  it('the database refuses an unknown pattern and lengths out of bounds', async () => {
    expect(await failure(db, ada, LOG, ['uid-ada', 'hold-forever', 60])).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, LOG, ['uid-ada', 'box', 29])).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, LOG, ['uid-ada', 'box', 3601])).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, LOG, ['', 'box', 60])).not.toBeNull();
  });

  it('a visitor reaches nothing', async () => {
    expect(await hidden(db, visitor, `select * from public.breathing_sessions`)).toBe(true);
    expect(await failure(db, visitor, LOG, ['uid-ada', 'box', 60])).toBe('42501');
  });
});

describe('bloom_pages', () => {
  it('a member saves a page, saves the same day again (one page, edited), and reads only theirs', async () => {
    const day = ['uid-ada', '2026-11-25', 'Tea with my sister', 'The rain stopping', 'A kind email', 'evening-01', 'What went well today, and why?', 'I rested.'];
    expect(await failure(db, ada, SAVE_PAGE, day)).toBeNull();
    expect(await failure(db, ada, SAVE_PAGE, [...day.slice(0, 2), 'Tea with my sister', 'Sun after rain', 'A kind email', 'evening-01', 'What went well today, and why?', 'I rested well.'])).toBeNull();
    expect(await failure(db, bea, SAVE_PAGE, ['uid-bea', '2026-11-25', 'Bea private', '', '', '', '', ''])).toBeNull();
    const mine = await rows(db, ada, `select day::text, gratitude_2, answer from public.bloom_pages`);
    expect(mine).toEqual([{ day: '2026-11-25', gratitude_2: 'Sun after rain', answer: 'I rested well.' }]);
  });

  it("a member edits and deletes their own pages but never another member's", async () => {
    expect(await hidden(db, ada, `update public.bloom_pages set answer = 'x' where user_id = 'uid-bea'`)).toBe(true);
    expect(await hidden(db, ada, `delete from public.bloom_pages where user_id = 'uid-bea'`)).toBe(true);
    expect(await failure(db, ada, `update public.bloom_pages set user_id = 'uid-bea' where user_id = 'uid-ada'`)).toBe('42501');
    expect(await failure(db, ada, SAVE_PAGE, ['uid-bea', '2026-11-25', 'forged', '', '', '', '', ''])).toBe('42501');
    expect(await rows(db, service, `select gratitude_1 from public.bloom_pages where user_id = 'uid-bea'`)).toEqual([{ gratitude_1: 'Bea private' }]);
    expect(await failure(db, ada, `update public.bloom_pages set gratitude_3 = 'A long walk' where user_id = 'uid-ada'`)).toBeNull();
    const gone = await rows<{ n: number }>(db, ada, `with gone as (delete from public.bloom_pages where day = '2026-11-25' returning 1) select count(*)::int as n from gone`);
    expect(gone).toEqual([{ n: 1 }]);
    expect(await rows(db, bea, `select count(*)::int as n from public.bloom_pages`)).toEqual([{ n: 1 }]);
  });

  it('the database refuses empty pages, texts too long, odd prompt ids and days out of range', async () => {
    const page = (over: Partial<Record<number, string>>) => {
      const base = ['uid-ada', '2026-11-20', 'one', '', '', '', '', ''];
      for (const [i, v] of Object.entries(over)) base[Number(i)] = v!;
      return base;
    };
    expect(await failure(db, ada, SAVE_PAGE, page({ 2: '' }))).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, SAVE_PAGE, page({ 2: 'x'.repeat(1001) }))).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, SAVE_PAGE, page({ 7: 'x'.repeat(4001) }))).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, SAVE_PAGE, page({ 6: 'x'.repeat(301) }))).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, SAVE_PAGE, page({ 5: 'Evening 01; drop table' }))).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, SAVE_PAGE, page({ 1: '1999-12-31' }))).toBe(CHECK_VIOLATION);
    // A day still to come is refused before its range is checked (tests/db/member-row-caps.db.test.ts).
    expect(await failure(db, ada, SAVE_PAGE, page({ 1: '2101-01-01' }))).toBe('IA429');
    expect(await failure(db, ada, SAVE_PAGE, page({ 2: 'x'.repeat(1000), 7: 'y'.repeat(4000) }))).toBeNull();
  });

  it('a visitor reaches nothing', async () => {
    expect(await hidden(db, visitor, `select * from public.bloom_pages`)).toBe(true);
    expect(await failure(db, visitor, SAVE_PAGE, ['uid-ada', '2026-11-24', 'v', '', '', '', '', ''])).toBe('42501');
  });
});

describe('story_places', () => {
  it('a member keeps and moves their place in a story (one row per story)', async () => {
    expect(await failure(db, ada, KEEP_PLACE, ['uid-ada', 'the-lighthouse-keeper', 4])).toBeNull();
    expect(await failure(db, ada, KEEP_PLACE, ['uid-ada', 'the-lighthouse-keeper', 12])).toBeNull();
    expect(await failure(db, bea, KEEP_PLACE, ['uid-bea', 'the-lighthouse-keeper', 2])).toBeNull();
    expect(await rows(db, ada, `select story, sentence from public.story_places`)).toEqual([{ story: 'the-lighthouse-keeper', sentence: 12 }]);
  });

  it("a member cannot write another member's place, nor delete places", async () => {
    expect(await failure(db, ada, KEEP_PLACE, ['uid-bea', 'the-lighthouse-keeper', 40])).toBe('42501');
    expect(await hidden(db, ada, `delete from public.story_places`)).toBe(true);
    expect(await rows(db, bea, `select sentence from public.story_places`)).toEqual([{ sentence: 2 }]);
  });

  it('the database refuses odd story names and places out of range', async () => {
    expect(await failure(db, ada, KEEP_PLACE, ['uid-ada', '../etc/passwd', 1])).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, KEEP_PLACE, ['uid-ada', 'a'.repeat(81), 1])).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, KEEP_PLACE, ['uid-ada', 'the-lighthouse-keeper', -1])).toBe(CHECK_VIOLATION);
    expect(await failure(db, ada, KEEP_PLACE, ['uid-ada', 'the-lighthouse-keeper', 5001])).toBe(CHECK_VIOLATION);
  });

  it('a visitor reaches nothing', async () => {
    expect(await hidden(db, visitor, `select * from public.story_places`)).toBe(true);
    expect(await failure(db, visitor, KEEP_PLACE, ['uid-ada', 'x', 1])).toBe('42501');
  });
});

describe('the service role (account export and deletion)', () => {
  it('reads a member’s rows of every Lounge table and deletes them', async () => {
    for (const table of ['breathing_sessions', 'bloom_pages', 'story_places']) {
      expect((await rows(db, service, `select * from public.${table} where user_id = 'uid-bea'`)).length).toBe(1);
      expect(await failure(db, service, `delete from public.${table} where user_id = 'uid-bea'`)).toBeNull();
      expect(await rows(db, service, `select count(*)::int as n from public.${table} where user_id = 'uid-bea'`)).toEqual([{ n: 0 }]);
    }
  });
});
