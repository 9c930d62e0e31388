/**
 * How many rows one member may add (20261201100000_member_text_and_row_caps.sql): each table a
 * member adds to has a cap, held as the member writes through the Data API's rules: up to the cap
 * the rows are stored, the next one is refused with SQLSTATE IA429 and a message written for the
 * member (the apps show it as it is, src/core/db/result.ts), and another member is not affected.
 * The caps for any 24 hours forget rows received earlier (tests/db/doors-closed.db.test.ts: by arrival); a row the member already has (an upsert of the same
 * key) is never one more; the journal's and Rise Mode's days take no day still to come. Runs under
 * today's defaults (db) and broad grants (db-broad).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { failure, member, migratedDatabase, refusalOf, rows, type Who } from '../support/db';
import { DB_CODES } from '../../src/core/db/result';

let db: PGlite;
beforeAll(async () => {
  db = await migratedDatabase();
}, 60_000);

interface Cap {
  table: string;
  most: number;
  /** The member's insert, as the app sends it; `n` makes each row its own. */
  insert: (memberId: string, n: number) => [string, unknown[]];
  /** The rows the member already has, written as the owner (`n` rows, times given when a window counts). */
  fill: (memberId: string, count: number, hoursAgo?: number) => [string, unknown[]];
  /** Words of the message the member reads. */
  says: RegExp;
  /** A cap for any 24 hours (the time column). */
  window?: string;
}

const CAPS: Cap[] = [
  {
    table: 'rise_statements',
    most: 100,
    insert: (memberId, n) => [`insert into public.rise_statements (user_id, text) values ($1, $2)`, [memberId, `I am learning, day ${n}.`]],
    fill: (memberId, count) => [`insert into public.rise_statements (user_id, text) select $1, 'Mine ' || i from generate_series(1, $2) i`, [memberId, count]],
    says: /^You have 100 statements of your own, as many as Rise Mode keeps\. Remove one/,
  },
  {
    table: 'rehearsal_scenarios',
    most: 50,
    insert: (memberId, n) => [`insert into public.rehearsal_scenarios (user_id, title, scene, going_well, coping) values ($1, $2, 'A room.', 'It goes well.', 'I breathe.')`, [memberId, `Scene ${n}`]],
    fill: (memberId, count) => [
      `insert into public.rehearsal_scenarios (user_id, title, scene, going_well, coping) select $1, 'Scene ' || i, 'A room.', 'It goes well.', 'I breathe.' from generate_series(1, $2) i`,
      [memberId, count],
    ],
    says: /^You have added 50 scenes of your own, as many as Mindstage keeps\./,
  },
  {
    table: 'story_places',
    most: 100,
    insert: (memberId, n) => [`insert into public.story_places (user_id, story, sentence) values ($1, $2, 0)`, [memberId, `story-new-${n}`]],
    fill: (memberId, count) => [`insert into public.story_places (user_id, story, sentence) select $1, 'story-' || i, 0 from generate_series(1, $2) i`, [memberId, count]],
    says: /^Whispers Before Sleep keeps your place in up to 100 stories/,
  },
  // lesson_progress's cap (100) is out of a member's reach since issue 45: a member records only
  // the course's lessons they may open, each once (27 at most; tests/course/certificate.db.test.ts).
  {
    table: 'breathing_sessions',
    most: 100,
    window: 'finished_at',
    insert: (memberId) => [`insert into public.breathing_sessions (user_id, pattern, seconds) values ($1, 'box', 60)`, [memberId]],
    fill: (memberId, count, hoursAgo = 1) => [
      `insert into public.breathing_sessions (user_id, pattern, seconds, finished_at) select $1, 'box', 60, now() - make_interval(hours => $3) from generate_series(1, $2) i`,
      [memberId, count, hoursAgo],
    ],
    says: /^You have finished 100 breathing sessions in the last 24 hours/,
  },
  {
    table: 'rehearsals',
    most: 50,
    window: 'finished_at',
    insert: (memberId) => [`insert into public.rehearsals (user_id, scenario, suds_before, suds_after) values ($1, 'speaking-up-in-a-meeting', 6, 3)`, [memberId]],
    fill: (memberId, count, hoursAgo = 1) => [
      `insert into public.rehearsals (user_id, scenario, suds_before, suds_after, finished_at) select $1, 'speaking-up-in-a-meeting', 6, 3, now() - make_interval(hours => $3) from generate_series(1, $2) i`,
      [memberId, count, hoursAgo],
    ],
    says: /^You have finished 50 rehearsals in the last 24 hours/,
  },
  {
    table: 'resets',
    most: 50,
    window: 'finished_at',
    insert: (memberId) => [`insert into public.resets (user_id, feeling, reset, intensity_before, intensity_after) values ($1, 'anger', 'stop-pause', 7, 4)`, [memberId]],
    fill: (memberId, count, hoursAgo = 1) => [
      `insert into public.resets (user_id, feeling, reset, intensity_before, intensity_after, finished_at) select $1, 'anger', 'stop-pause', 7, 4, now() - make_interval(hours => $3) from generate_series(1, $2) i`,
      [memberId, count, hoursAgo],
    ],
    says: /^You have finished 50 resets in the last 24 hours/,
  },
];

/** The error an insert as `who` fails with ({ code, message }), or null when it is stored. */
const refusal = (who: Who, [sql, params]: [string, unknown[]]) => refusalOf(db, who, sql, params);

const owned = async (table: string, column: string, memberId: string) =>
  (await rows<{ n: number }>(db, 'owner', `select count(*)::int as n from public.${table} where ${column} = $1`, [memberId]))[0]!.n;

describe('row caps', () => {
  it.each(CAPS.map((c) => [c.table, c] as const))('%s: up to the cap the rows are stored, the next is refused with a message for the member', async (table, cap) => {
    const memberId = `uid-cap-${table}`;
    const other = `uid-other-${table}`;
    const column = table === 'lesson_progress' ? 'member_id' : 'user_id';
    await db.query(...cap.fill(memberId, cap.most - 1));
    expect(await refusal(member(memberId), cap.insert(memberId, 1))).toBeNull();
    expect(await owned(table, column, memberId)).toBe(cap.most);
    const refused = await refusal(member(memberId), cap.insert(memberId, 2));
    expect(refused?.code).toBe(DB_CODES.limit);
    expect(refused?.message).toMatch(cap.says);
    expect(await owned(table, column, memberId)).toBe(cap.most);
    // Another member's rows are theirs to count.
    expect(await refusal(member(other), cap.insert(other, 1))).toBeNull();
  });

  it.each(CAPS.filter((c) => c.window).map((c) => [c.table, c] as const))('%s: rows received more than 24 hours ago do not count', async (table, cap) => {
    const memberId = `uid-window-${table}`;
    // The cap counts by arrival (received_at, the database's): these rows arrived when they were done.
    const arrivedWhenDone = () => db.query(`update public.${table} set received_at = finished_at where user_id = $1`, [memberId]);
    await db.query(...cap.fill(memberId, cap.most, 25));
    await arrivedWhenDone();
    await db.query(...cap.fill(memberId, cap.most - 1, 23));
    await arrivedWhenDone();
    expect(await refusal(member(memberId), cap.insert(memberId, 1))).toBeNull();
    expect((await refusal(member(memberId), cap.insert(memberId, 2)))?.code).toBe(DB_CODES.limit);
  });

  it('at the cap, saving the place in a story already kept is not one more row', async () => {
    const memberId = 'uid-upsert';
    await db.query(...CAPS.find((c) => c.table === 'story_places')!.fill(memberId, 100));
    expect(
      await failure(db, member(memberId), `insert into public.story_places (user_id, story, sentence) values ($1, 'story-7', 12) on conflict (user_id, story) do update set sentence = excluded.sentence`, [memberId]),
    ).toBeNull();
    expect(await rows(db, member(memberId), `select sentence from public.story_places where story = 'story-7'`)).toEqual([{ sentence: 12 }]);
    expect((await refusal(member(memberId), [`insert into public.story_places (user_id, story, sentence) values ($1, 'one-more', 0)`, [memberId]]))?.code).toBe(DB_CODES.limit);
  });

  it('a journal page or a Rise Mode day is for today, a day gone by, or tomorrow (the member may be ahead of UTC), never later', async () => {
    const memberId = 'uid-days';
    const day = async (offset: number) => (await rows<{ d: string }>(db, 'owner', `select ((now() at time zone 'utc')::date + $1::int)::text as d`, [offset]))[0]!.d;
    const page = async (offset: number) =>
      refusal(member(memberId), [`insert into public.bloom_pages (user_id, day, gratitude_1) values ($1, $2, 'Rain on the roof')`, [memberId, await day(offset)]]);
    const morning = async (offset: number) =>
      refusal(member(memberId), [`insert into public.rise_days (user_id, day, intention) values ($1, $2, 'Be patient')`, [memberId, await day(offset)]]);
    for (const offset of [0, -30, 1]) {
      expect(await page(offset), `page ${offset}`).toBeNull();
      expect(await morning(offset), `day ${offset}`).toBeNull();
    }
    const later = await page(2);
    expect(later?.code).toBe(DB_CODES.limit);
    expect(later?.message).toBe('A page can be written for today or a day gone by, not for a day still to come. Check the date on your device, then save again.');
    expect((await morning(2))?.code).toBe(DB_CODES.limit);
    // Moving a page to a day still to come is refused too.
    const moved = await refusal(member(memberId), [`update public.bloom_pages set day = $2 where user_id = $1 and day = $3`, [memberId, await day(400), await day(0)]]);
    expect(moved?.code).toBe(DB_CODES.limit);
  });
});
