/**
 * The Bloom Book's table (bloom_pages): a member saves a day's page in one upsert (a second save
 * of the day edits that page), edits and deletes their own pages and reads only theirs, exactly
 * as the app does; a visitor reaches nothing; the service role reads the rows for the export and
 * deletes them with the account; the database refuses empty pages, texts too long and days out
 * of range. Runs under today's defaults (db) and broad grants (db-broad).
 */
import { describe, expect, it } from 'vitest';
import { CHECK_VIOLATION, failure, hidden, rows, service, visitor } from '../../support/db';
import { ada, bea, exportsAndDeletes, fileDatabase } from '../shared/tables';

const db = fileDatabase();

// The Bloom Book's save: one statement, a second save of the same day edits that page.
const SAVE_PAGE = `insert into public.bloom_pages (user_id, day, gratitude_1, gratitude_2, gratitude_3, prompt_id, prompt_text, answer)
  values ($1, $2, $3, $4, $5, $6, $7, $8)
  on conflict (user_id, day) do update set user_id = excluded.user_id, day = excluded.day, gratitude_1 = excluded.gratitude_1,
    gratitude_2 = excluded.gratitude_2, gratitude_3 = excluded.gratitude_3, prompt_id = excluded.prompt_id,
    prompt_text = excluded.prompt_text, answer = excluded.answer`;

describe('bloom_pages', () => {
  it('a member saves a page, saves the same day again (one page, edited), and reads only theirs', async () => {
    const day = ['uid-ada', '2026-11-25', 'Tea with my sister', 'The rain stopping', 'A kind email', 'evening-01', 'What went well today, and why?', 'I rested.'];
    expect(await failure(db(), ada, SAVE_PAGE, day)).toBeNull();
    expect(await failure(db(), ada, SAVE_PAGE, [...day.slice(0, 2), 'Tea with my sister', 'Sun after rain', 'A kind email', 'evening-01', 'What went well today, and why?', 'I rested well.'])).toBeNull();
    expect(await failure(db(), bea, SAVE_PAGE, ['uid-bea', '2026-11-25', 'Bea private', '', '', '', '', ''])).toBeNull();
    const mine = await rows(db(), ada, `select day::text, gratitude_2, answer from public.bloom_pages`);
    expect(mine).toEqual([{ day: '2026-11-25', gratitude_2: 'Sun after rain', answer: 'I rested well.' }]);
  });

  it("a member edits and deletes their own pages but never another member's", async () => {
    expect(await hidden(db(), ada, `update public.bloom_pages set answer = 'x' where user_id = 'uid-bea'`)).toBe(true);
    expect(await hidden(db(), ada, `delete from public.bloom_pages where user_id = 'uid-bea'`)).toBe(true);
    expect(await failure(db(), ada, `update public.bloom_pages set user_id = 'uid-bea' where user_id = 'uid-ada'`)).toBe('42501');
    expect(await failure(db(), ada, SAVE_PAGE, ['uid-bea', '2026-11-25', 'forged', '', '', '', '', ''])).toBe('42501');
    expect(await rows(db(), service, `select gratitude_1 from public.bloom_pages where user_id = 'uid-bea'`)).toEqual([{ gratitude_1: 'Bea private' }]);
    expect(await failure(db(), ada, `update public.bloom_pages set gratitude_3 = 'A long walk' where user_id = 'uid-ada'`)).toBeNull();
    const gone = await rows<{ n: number }>(db(), ada, `with gone as (delete from public.bloom_pages where day = '2026-11-25' returning 1) select count(*)::int as n from gone`);
    expect(gone).toEqual([{ n: 1 }]);
    expect(await rows(db(), bea, `select count(*)::int as n from public.bloom_pages`)).toEqual([{ n: 1 }]);
  });

  it('the database refuses empty pages, texts too long, odd prompt ids and days out of range', async () => {
    const page = (over: Partial<Record<number, string>>) => {
      const base = ['uid-ada', '2026-11-20', 'one', '', '', '', '', ''];
      for (const [i, v] of Object.entries(over)) base[Number(i)] = v!;
      return base;
    };
    expect(await failure(db(), ada, SAVE_PAGE, page({ 2: '' }))).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, SAVE_PAGE, page({ 2: 'x'.repeat(1001) }))).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, SAVE_PAGE, page({ 7: 'x'.repeat(4001) }))).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, SAVE_PAGE, page({ 6: 'x'.repeat(301) }))).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, SAVE_PAGE, page({ 5: 'Evening 01; drop table' }))).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, SAVE_PAGE, page({ 1: '1999-12-31' }))).toBe(CHECK_VIOLATION);
    // A day still to come is refused before its range is checked (tests/db/member-row-caps.db.test.ts).
    expect(await failure(db(), ada, SAVE_PAGE, page({ 1: '2101-01-01' }))).toBe('IA429');
    expect(await failure(db(), ada, SAVE_PAGE, page({ 2: 'x'.repeat(1000), 7: 'y'.repeat(4000) }))).toBeNull();
  });

  it('a visitor reaches nothing', async () => {
    expect(await hidden(db(), visitor, `select * from public.bloom_pages`)).toBe(true);
    expect(await failure(db(), visitor, SAVE_PAGE, ['uid-ada', '2026-11-24', 'v', '', '', '', '', ''])).toBe('42501');
  });
});

// The app's save (src/core/offline/outbox-api.ts): the page, when it was edited on the device,
// and the row's updated_at when the member opened the page (null: a page they had not seen).
const SAVE_KEEPING_NEWER = `select public.save_bloom_page($1::jsonb, $2::timestamptz, $3::timestamptz) as r`;
interface Saved {
  written: boolean;
  overwrote: boolean;
  updated_at: string | null;
}
const page = (day: string, gratitude: string, memberId = 'uid-ada') => JSON.stringify({ user_id: memberId, day, gratitude_1: gratitude, prompt_id: 'evening-01', prompt_text: 'What went well today, and why?', answer: '' });
async function save(who: typeof ada, json: string, editedAt: string, basedOn: string | null): Promise<Saved> {
  const [row] = await rows<{ r: Saved }>(db(), who, SAVE_KEEPING_NEWER, [json, editedAt, basedOn]);
  return row!.r;
}
const storedAt = async (day: string) =>
  (await rows<{ at: string; g: string }>(db(), ada, `select updated_at::text as at, gratitude_1 as g from public.bloom_pages where day = $1`, [day]))[0];

describe('save_bloom_page: the same day edited on two devices keeps the newer version, in one statement', () => {
  const DAY = '2026-11-10';
  const LONG_AGO = '2026-01-01T00:00:00Z';
  const LATER = '2999-01-01T00:00:00Z';

  it('a new page is written; saved again from the version opened, it is edited, not replaced by a second row', async () => {
    const first = await save(ada, page(DAY, 'First light'), LONG_AGO, null);
    expect(first).toMatchObject({ written: true, overwrote: false });
    const opened = await storedAt(DAY);
    expect(Date.parse(first.updated_at!)).toBe(Date.parse(opened!.at));
    // Edited from that version (the device's clock may be behind: what counts is the version),
    // as a browser's Date holds it: to the millisecond.
    const again = await save(ada, page(DAY, 'First light, and tea'), LONG_AGO, new Date(first.updated_at!).toISOString());
    expect(again).toMatchObject({ written: true, overwrote: false });
    expect(await rows(db(), ada, `select gratitude_1 from public.bloom_pages where day = $1`, [DAY])).toEqual([{ gratitude_1: 'First light, and tea' }]);
  });

  it('a page stored elsewhere after the edit was made stays, and the edit is not applied', async () => {
    // Opened before the other device saved (based on nothing), edited long ago, sent now.
    expect(await save(ada, page(DAY, 'Written offline on the phone'), LONG_AGO, null)).toEqual({ written: false, overwrote: false, updated_at: null });
    expect((await storedAt(DAY))!.g).toBe('First light, and tea');
  });

  it('an edit made after the other device saved replaces it, and says it did', async () => {
    const result = await save(ada, page(DAY, 'Newer, from this device'), LATER, '2026-02-02T00:00:00Z');
    expect(result).toMatchObject({ written: true, overwrote: true });
    expect((await storedAt(DAY))!.g).toBe('Newer, from this device');
  });

  it("runs as the member: another member's day is refused, a visitor may not call it, checks still hold", async () => {
    expect(await failure(db(), ada, SAVE_KEEPING_NEWER, [page('2026-11-11', 'forged', 'uid-bea'), LATER, null])).toBe('42501');
    expect(await failure(db(), visitor, SAVE_KEEPING_NEWER, [page('2026-11-11', 'v'), LATER, null])).toBe('42501');
    expect(await failure(db(), ada, SAVE_KEEPING_NEWER, [page('2026-11-11', ''), LATER, null])).toBe(CHECK_VIOLATION);
    expect(await failure(db(), ada, SAVE_KEEPING_NEWER, [page('2026-11-11', 'x'.repeat(1001)), LATER, null])).toBe(CHECK_VIOLATION);
    expect(await rows(db(), bea, `select count(*)::int as n from public.bloom_pages where day = '2026-11-11'`)).toEqual([{ n: 0 }]);
  });
});

describe('the service role (account export and deletion)', () => {
  it('reads a member’s rows of bloom_pages and deletes them', async () => {
    await exportsAndDeletes(db(), ['bloom_pages']);
  });
});
