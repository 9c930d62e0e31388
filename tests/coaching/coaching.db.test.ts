/**
 * Rapid Fire Coaching Live in the database: sessions as instants (date and time derived, CET and
 * CEST on the right dates), seats that add up (the upsert drain, twenty members racing for three
 * seats, a seat given back, through the local PostgREST endpoint as each member), who reads and
 * writes what (the join links: the service role only), the record of what changed, the scheduler
 * run twice across a change of clocks, and the migration reading the free-text times once.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/core/db/database.types';
import { keepSchedule } from '../../src/features/coaching/server/coaching-schedule';
import {
  affected,
  CHECK_VIOLATION,
  failure,
  hidden,
  member,
  MIGRATIONS_DIR,
  migratedDatabase,
  owner,
  RLS_VIOLATION,
  rows,
  service,
  UNIQUE_VIOLATION,
  verifiedMembers,
  visitor,
} from '../support/db';
import { dataApiClient, dataApiFetch } from '../support/postgrest';

const MIGRATION = '20261130120000_coaching_runs_itself.sql';

let db: PGlite;
/** The members who sign up in these tests: their addresses are verified (a signup asks for it). */
const VERIFIED = [
  ...['uid-drain', 'uid-back-1', 'uid-back-2', 'uid-full-1', 'uid-full-2', 'uid-c', 'uid-k', 'uid-s1', 'uid-s2', 'uid-s3', 'uid-s4'],
  ...['uid-own', 'uid-other', 'uid-reg', 'uid-g', 'uid-h', 'uid-d'],
  ...Array.from({ length: 20 }, (_, i) => `uid-race-${i}`),
  ...Array.from({ length: 3 }, (_, i) => `uid-bulk-${i + 1}`),
];
beforeAll(async () => {
  db = await migratedDatabase();
  await verifiedMembers(db, VERIFIED);
}, 60_000);
afterAll(async () => {
  await db.close();
});

const signUp = `insert into public.coaching_session_signups (user_id, session_id, name, email) values ($1, $2, $3, $4)`;
const HOUR = 3_600_000;
let next = 0;
/** A unique start instant `days` from now (a whole hour apart from every other test's). */
const startIn = (days: number) => new Date(Math.floor(Date.now() / HOUR) * HOUR + days * 24 * HOUR + ++next * HOUR).toISOString();

/** A session as the owner adds it: `seats` seats, starting `days` from now for an hour. */
async function session(days: number, seats = 10, extra: { is_active?: boolean } = {}): Promise<string> {
  const starts = startIn(days);
  const ends = new Date(Date.parse(starts) + HOUR).toISOString();
  const [row] = await rows<{ id: string }>(
    db,
    owner,
    `insert into public.coaching_sessions (starts_at, ends_at, max_spots, is_active) values ($1, $2, $3, $4) returning id`,
    [starts, ends, seats, extra.is_active ?? true],
  );
  return row!.id;
}

const spots = async (id: string) =>
  (await rows<{ spots_available: number; max_spots: number }>(db, owner, `select spots_available, max_spots from public.coaching_sessions where id = $1`, [id]))[0]!;
const signupsOf = async (id: string) => (await rows<{ user_id: string }>(db, owner, `select user_id from public.coaching_session_signups where session_id = $1`, [id])).map((r) => r.user_id);

/** A member's client of the Data API (the local PostgREST endpoint over this database). */
const asMember = (memberId: string) => new PostgrestClient<Database>('http://data-api.test/rest/v1', { fetch: dataApiFetch(db, { who: member(memberId) }) });

describe('sessions as instants', () => {
  it('derives the spec’s date and time from the instants, with CET in March and CEST after the clocks change', async () => {
    const [march, april] = await rows<{ date: string; time: string }>(
      db,
      owner,
      `insert into public.coaching_sessions (starts_at, ends_at, max_spots) values
         ('2027-03-25T17:00:00Z', '2027-03-25T18:00:00Z', 20), ('2027-04-29T16:00:00Z', '2027-04-29T17:00:00Z', 20)
       returning to_char(date, 'YYYY-MM-DD') as date, time`,
    );
    expect(march).toEqual({ date: '2027-03-25', time: '6:00 PM – 7:00 PM CET' });
    expect(april).toEqual({ date: '2027-04-29', time: '6:00 PM – 7:00 PM CEST' });
  });

  it('writes the date on the session’s own clock, and keeps date and time the database’s', async () => {
    // 23:30 UTC on 31 December is already 1 January in Berlin, and still 31 December in New York.
    const [berlin] = await rows<{ id: string; date: string; time: string }>(
      db,
      owner,
      `insert into public.coaching_sessions (starts_at, ends_at, max_spots, date, time) values ('2027-12-31T23:30:00Z', '2028-01-01T00:30:00Z', 5, '1999-01-01', 'whenever')
       returning id, to_char(date, 'YYYY-MM-DD') as date, time`,
    );
    expect(berlin).toMatchObject({ date: '2028-01-01', time: '12:30 AM – 1:30 AM CET' });
    await db.query(`update public.coaching_sessions set time_zone = 'America/New_York', time = 'noon' where id = $1`, [berlin!.id]);
    expect(await rows(db, owner, `select to_char(date, 'YYYY-MM-DD') as date, time from public.coaching_sessions where id = $1`, [berlin!.id])).toEqual([
      { date: '2027-12-31', time: '6:30 PM – 7:30 PM EST' },
    ]);
  });

  it('refuses a zone that does not exist, an end before the start, and a second session at the same instant', async () => {
    const insert = `insert into public.coaching_sessions (starts_at, ends_at, max_spots, time_zone) values ($1, $2, 5, $3)`;
    expect(await failure(db, owner, insert, ['2031-01-30T17:00:00Z', '2031-01-30T18:00:00Z', 'Mars/Olympus'])).toBe('22023');
    expect(await failure(db, owner, insert, ['2031-01-30T17:00:00Z', '2031-01-30T16:00:00Z', 'Europe/Berlin'])).toBe(CHECK_VIOLATION);
    expect(await failure(db, owner, insert, ['2031-01-30T17:00:00Z', '2031-01-30T18:00:00Z', 'Europe/Berlin'])).toBeNull();
    expect(await failure(db, owner, insert, ['2031-01-30T17:00:00Z', '2031-01-30T18:30:00Z', 'Europe/Berlin'])).toBe(UNIQUE_VIOLATION);
  });

  it('are read by visitors and members when active; inactive ones stay hidden from them', async () => {
    const open = await session(3);
    const closed = await session(4, 10, { is_active: false });
    for (const who of [visitor, member('uid-reader')]) {
      const ids = (await rows<{ id: string }>(db, who, `select id from public.coaching_sessions where id in ($1, $2)`, [open, closed])).map((r) => r.id);
      expect(ids).toEqual([open]);
    }
  });

  it('are changed by no one but the owner and the service role (the functions)', async () => {
    const id = await session(5);
    for (const who of [visitor, member('uid-a')]) {
      const starts = startIn(6);
      expect(
        await failure(db, who, `insert into public.coaching_sessions (starts_at, ends_at, max_spots) values ($1, $2::timestamptz + interval '1 hour', 5)`, [starts, starts]),
      ).toBe(RLS_VIOLATION);
      expect(await hidden(db, who, `update public.coaching_sessions set max_spots = 1 where id = $1`, [id])).toBe(true);
      expect(await hidden(db, who, `delete from public.coaching_sessions where id = $1`, [id])).toBe(true);
    }
    expect(await spots(id)).toEqual({ spots_available: 10, max_spots: 10 });
    expect(await affected(db, service, `update public.coaching_sessions set max_spots = 12 where id = $1`, [id])).toBe(1);
    expect(await spots(id)).toEqual({ spots_available: 12, max_spots: 12 });
  });
});

describe('seats that add up', () => {
  it('repeated upserts of one signup (supabase-js ignoreDuplicates) take one seat: 4 of 5 left, one row', async () => {
    const id = await session(8, 5);
    const ada = asMember('uid-drain');
    for (let i = 0; i < 5; i++) {
      const { error } = await ada
        .from('coaching_session_signups')
        .upsert({ user_id: 'uid-drain', session_id: id, name: 'Ada', email: 'ada@example.com' }, { onConflict: 'user_id,session_id', ignoreDuplicates: true });
      expect(error).toBeNull();
    }
    expect(await spots(id)).toEqual({ spots_available: 4, max_spots: 5 });
    expect(await signupsOf(id)).toEqual(['uid-drain']);
  });

  it('twenty members racing for the last three seats through the endpoint get exactly three signups', async () => {
    const id = await session(9, 3);
    const memberIds = Array.from({ length: 20 }, (_, i) => `uid-race-${i}`);
    const results = await Promise.all(
      memberIds.map((memberId) => asMember(memberId).from('coaching_session_signups').insert({ user_id: memberId, session_id: id, name: 'Racer', email: `${memberId}@example.com` })),
    );
    expect(results.filter((r) => r.error === null)).toHaveLength(3);
    // The others are told the session is full (23514), and wrote nothing.
    expect(new Set(results.filter((r) => r.error).map((r) => r.error?.code))).toEqual(new Set([CHECK_VIOLATION]));
    expect((await signupsOf(id)).sort()).toEqual(memberIds.filter((_, i) => results[i]!.error === null).sort());
    expect(await spots(id)).toEqual({ spots_available: 0, max_spots: 3 });
  });

  it('giving a seat back through the endpoint restores exactly one', async () => {
    const id = await session(10, 4);
    for (const memberId of ['uid-back-1', 'uid-back-2']) expect(await failure(db, member(memberId), signUp, [memberId, id, 'Bo', 'bo@example.com'])).toBeNull();
    expect(await spots(id)).toEqual({ spots_available: 2, max_spots: 4 });
    const { data, error } = await asMember('uid-back-1').from('coaching_session_signups').delete().eq('session_id', id).select('id');
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(await spots(id)).toEqual({ spots_available: 3, max_spots: 4 });
    // A second give-back of the same seat finds nothing and returns nothing.
    expect((await asMember('uid-back-1').from('coaching_session_signups').delete().eq('session_id', id).select('id')).data).toEqual([]);
    expect(await spots(id)).toEqual({ spots_available: 3, max_spots: 4 });
  });

  it('a refused signup (full, closed, cancelled, twice) takes no seat', async () => {
    const full = await session(11, 1);
    const closed = await session(12, 5, { is_active: false });
    const cancelled = await session(13, 5);
    await db.query(`update public.coaching_sessions set is_active = false, cancelled_at = now() where id = $1`, [cancelled]);
    expect(await failure(db, member('uid-full-1'), signUp, ['uid-full-1', full, 'Di', 'di@example.com'])).toBeNull();
    expect(await failure(db, member('uid-full-2'), signUp, ['uid-full-2', full, 'Ed', 'ed@example.com'])).toBe(CHECK_VIOLATION);
    expect(await failure(db, member('uid-full-1'), signUp, ['uid-full-1', full, 'Di', 'di@example.com'])).toBe(UNIQUE_VIOLATION);
    expect(await failure(db, member('uid-c'), signUp, ['uid-c', closed, 'Cy', 'cy@example.com'])).toBe(CHECK_VIOLATION);
    expect(await failure(db, member('uid-c'), signUp, ['uid-c', cancelled, 'Cy', 'cy@example.com'])).toBe(CHECK_VIOLATION);
    expect(await spots(full)).toEqual({ spots_available: 0, max_spots: 1 });
    expect(await spots(closed)).toEqual({ spots_available: 5, max_spots: 5 });
    expect(await spots(cancelled)).toEqual({ spots_available: 5, max_spots: 5 });
  });

  it('one statement with more signups than seats writes none of them', async () => {
    const id = await session(25, 2);
    const bulk = `insert into public.coaching_session_signups (user_id, session_id, name, email)
                  select 'uid-bulk-' || g, $1, 'Guest', 'guest@example.com' from generate_series(1, $2::int) g`;
    expect(await failure(db, owner, bulk, [id, 3])).toBe(CHECK_VIOLATION);
    expect(await spots(id)).toEqual({ spots_available: 2, max_spots: 2 });
    expect(await failure(db, owner, bulk, [id, 2])).toBeNull();
    expect(await spots(id)).toEqual({ spots_available: 0, max_spots: 2 });
  });

  it('keeps spots_available equal to the seats minus the signups, whatever a statement writes', async () => {
    const id = await session(14, 6);
    expect(await failure(db, member('uid-k'), signUp, ['uid-k', id, 'Kit', 'kit@example.com'])).toBeNull();
    // A hand edit, a new session claiming fewer seats free: the database recounts.
    await db.query(`update public.coaching_sessions set spots_available = 0 where id = $1`, [id]);
    expect(await spots(id)).toEqual({ spots_available: 5, max_spots: 6 });
    const starts = startIn(15);
    const [fresh] = await rows<{ spots_available: number }>(
      db,
      owner,
      `insert into public.coaching_sessions (starts_at, ends_at, max_spots, spots_available) values ($1, $2::timestamptz + interval '1 hour', 8, 2) returning spots_available`,
      [starts, starts],
    );
    expect(fresh).toEqual({ spots_available: 8 });
  });

  it('changes the seats, never below the seats taken', async () => {
    const id = await session(17, 5);
    for (const memberId of ['uid-s1', 'uid-s2', 'uid-s3']) expect(await failure(db, member(memberId), signUp, [memberId, id, 'Sam', 'sam@example.com'])).toBeNull();
    expect(await failure(db, service, `update public.coaching_sessions set max_spots = 2 where id = $1`, [id])).toBe(CHECK_VIOLATION);
    expect(await spots(id)).toEqual({ spots_available: 2, max_spots: 5 });
    expect(await affected(db, service, `update public.coaching_sessions set max_spots = 3 where id = $1`, [id])).toBe(1);
    expect(await spots(id)).toEqual({ spots_available: 0, max_spots: 3 });
    expect(await failure(db, member('uid-s4'), signUp, ['uid-s4', id, 'Sol', 'sol@example.com'])).toBe(CHECK_VIOLATION);
  });
});

describe('signups: who reads and writes them', () => {
  it('a member signs up, reads their own signup only; a visitor neither signs up nor reads', async () => {
    const id = await session(18);
    expect(await failure(db, member('uid-own'), signUp, ['uid-own', id, 'Ada', 'ada@example.com'])).toBeNull();
    expect(await failure(db, member('uid-other'), signUp, ['uid-other', id, 'Bea', 'bea@example.com'])).toBeNull();
    expect(await rows(db, member('uid-own'), `select user_id from public.coaching_session_signups where session_id = $1`, [id])).toEqual([{ user_id: 'uid-own' }]);
    expect(await failure(db, member('uid-x'), signUp, ['uid-own2', id, 'Ada', 'ada@example.com'])).toBe(RLS_VIOLATION);
    expect(await failure(db, visitor, signUp, ['uid-v', id, 'Vi', 'vi@example.com'])).toBe(RLS_VIOLATION);
    expect(await hidden(db, visitor, `select user_id from public.coaching_session_signups where session_id = $1`, [id])).toBe(true);
  });

  it('the coach, a member with the coach claim, reads no other member’s signup through the Data API', async () => {
    const id = await session(19);
    expect(await failure(db, member('uid-reg'), signUp, ['uid-reg', id, 'Reg', 'reg@example.com'])).toBeNull();
    const coach = new PostgrestClient<Database>('http://data-api.test/rest/v1', { fetch: dataApiFetch(db, { who: member('uid-coach'), claims: { coach: true } }) });
    const { data, error } = await coach.from('coaching_session_signups').select('user_id, email').eq('session_id', id);
    expect(error).toBeNull();
    expect(data).toEqual([]);
    for (const table of ['coaching_join_links', 'coaching_standing_link', 'coaching_session_changes'] as const) {
      const read = await coach.from(table).select('*');
      expect(read.data ?? [], table).toEqual([]);
    }
  });

  it('a member gives back their own seat until the session starts, never another’s', async () => {
    const soon = await session(20);
    expect(await failure(db, member('uid-g'), signUp, ['uid-g', soon, 'Gil', 'gil@example.com'])).toBeNull();
    expect(await failure(db, member('uid-h'), signUp, ['uid-h', soon, 'Hal', 'hal@example.com'])).toBeNull();
    expect(await hidden(db, member('uid-g'), `delete from public.coaching_session_signups where user_id = 'uid-h'`)).toBe(true);
    // Started an hour ago (moved by the owner): the seat is history now.
    await db.query(`update public.coaching_sessions set starts_at = now() - interval '1 hour', ends_at = now() + interval '1 hour' where id = $1`, [soon]);
    expect(await hidden(db, member('uid-g'), `delete from public.coaching_session_signups where session_id = $1`, [soon])).toBe(true);
    expect((await signupsOf(soon)).sort()).toEqual(['uid-g', 'uid-h']);
  });

  it('a member still sees a session they signed up for after it closes; others do not', async () => {
    const id = await session(21);
    expect(await failure(db, member('uid-d'), signUp, ['uid-d', id, 'Dee', 'dee@example.com'])).toBeNull();
    await db.query(`update public.coaching_sessions set is_active = false, cancelled_at = now() where id = $1`, [id]);
    expect(await rows(db, member('uid-d'), `select id, cancelled_at is not null as cancelled from public.coaching_sessions where id = $1`, [id])).toEqual([
      { id, cancelled: true },
    ]);
    expect(await rows(db, member('uid-e'), `select id from public.coaching_sessions where id = $1`, [id])).toEqual([]);
    expect(await rows(db, visitor, `select id from public.coaching_sessions where id = $1`, [id])).toEqual([]);
  });
});

describe('the join links and the record of changes', () => {
  it('are read and written by the service role only', async () => {
    const id = await session(22);
    expect(await failure(db, service, `insert into public.coaching_join_links (session_id, url) values ($1, 'https://meet.example.com/a')`, [id])).toBeNull();
    expect(await failure(db, service, `insert into public.coaching_standing_link (url) values ('https://meet.example.com/standing')`)).toBeNull();
    for (const who of [visitor, member('uid-link')]) {
      for (const table of ['coaching_join_links', 'coaching_standing_link', 'coaching_session_changes']) {
        expect(await hidden(db, who, `select * from public.${table}`), `${JSON.stringify(who)} ${table}`).toBe(true);
      }
      expect(await failure(db, who, `insert into public.coaching_join_links (session_id, url) values ($1, 'https://evil.example.com')`, [id])).toBe(RLS_VIOLATION);
    }
    expect(await rows(db, service, `select url from public.coaching_join_links where session_id = $1`, [id])).toEqual([{ url: 'https://meet.example.com/a' }]);
    await db.query(`delete from public.coaching_standing_link`);
  });

  it('keep only https links', async () => {
    const id = await session(23);
    for (const url of ['http://meet.example.com/a', 'javascript:alert(1)', 'https://', 'https://localhost/x', 'https://meet.example.com/a b']) {
      expect(await failure(db, service, `insert into public.coaching_join_links (session_id, url) values ($1, $2)`, [id, url]), url).toBe(CHECK_VIOLATION);
    }
  });

  it('record a cancellation, a move and a new join link for the registrants’ emails; seat changes are not news', async () => {
    const id = await session(24);
    await db.query(`update public.coaching_sessions set max_spots = 11 where id = $1`, [id]);
    await db.query(`insert into public.coaching_join_links (session_id, url) values ($1, 'https://meet.example.com/b')`, [id]);
    await db.query(`update public.coaching_sessions set starts_at = starts_at + interval '1 day', ends_at = ends_at + interval '1 day' where id = $1`, [id]);
    await db.query(`update public.coaching_sessions set is_active = false, cancelled_at = now() where id = $1`, [id]);
    const changes = await rows<{ kind: string; moved: boolean }>(
      db,
      owner,
      `select kind, (after->>'starts_at')::timestamptz = (before->>'starts_at')::timestamptz + interval '1 day' as moved
       from public.coaching_session_changes where session_id = $1 order by changed_at, kind`,
      [id],
    );
    expect(changes.map((c) => c.kind).sort()).toEqual(['cancelled', 'join_link', 'moved']);
    expect(changes.find((c) => c.kind === 'moved')?.moved).toBe(true);
  });
});

describe('the scheduler, run twice, across a change of clocks', () => {
  let fresh: PGlite;
  beforeAll(async () => {
    fresh = await migratedDatabase();
    await verifiedMembers(fresh, ['uid-sched']);
  }, 60_000);
  afterAll(async () => {
    await fresh.close();
  });
  const sessions = () =>
    rows<{ starts_at: string; date: string; time: string; max_spots: number; spots_available: number }>(
      fresh,
      owner,
      `select to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as starts_at, to_char(date, 'YYYY-MM-DD') as date, time, max_spots, spots_available
       from public.coaching_sessions order by starts_at`,
    );

  it('makes each of the next three last Thursdays once, 18:00 in Berlin: 17:00 UTC on 2027-03-25, 16:00 UTC on 2027-04-29', async () => {
    const api = dataApiClient(fresh);
    const first = await keepSchedule(api, new Date('2027-03-01T09:00:00Z'));
    const second = await keepSchedule(api, new Date('2027-03-01T09:00:00Z'));
    expect(first.created).toHaveLength(3);
    expect(second).toEqual({ created: [], kept: first.created });
    expect(await sessions()).toEqual([
      { starts_at: '2027-03-25T17:00Z', date: '2027-03-25', time: '6:00 PM – 7:00 PM CET', max_spots: 20, spots_available: 20 },
      { starts_at: '2027-04-29T16:00Z', date: '2027-04-29', time: '6:00 PM – 7:00 PM CEST', max_spots: 20, spots_available: 20 },
      { starts_at: '2027-05-27T16:00Z', date: '2027-05-27', time: '6:00 PM – 7:00 PM CEST', max_spots: 20, spots_available: 20 },
    ]);
  });

  it('the next day adds only what is missing, and never changes a session that has signups', async () => {
    const [april] = await rows<{ id: string }>(fresh, owner, `select id from public.coaching_sessions where starts_at = '2027-04-29T16:00:00Z'`);
    await fresh.query(`update public.coaching_sessions set max_spots = 25 where id = $1`, [april!.id]);
    await fresh.query(signUp, ['uid-sched', april!.id, 'Sia', 'sia@example.com']);
    // After the March session: April, May and June.
    const run = await keepSchedule(dataApiClient(fresh), new Date('2027-03-26T08:00:00Z'));
    expect(run.created.map((s) => s.slice(0, 10))).toEqual(['2027-06-24']);
    expect(run.kept.map((s) => s.slice(0, 10))).toEqual(['2027-04-29', '2027-05-27']);
    expect((await sessions()).map((s) => [s.date, s.max_spots, s.spots_available])).toEqual([
      ['2027-03-25', 20, 20],
      ['2027-04-29', 25, 24],
      ['2027-05-27', 20, 20],
      ['2027-06-24', 20, 20],
    ]);
  });
});

describe('the migration reads the free-text times once', () => {
  it('fills the instants of the rows already there, and gives back the seats repeated upserts drained', async () => {
    const before = await migratedDatabase({ before: MIGRATION });
    try {
      await before.query(`insert into public.coaching_sessions (id, date, time, spots_available, max_spots) values
        ('00000000-0000-4000-8000-0000000000a1', '2027-01-28', '6:00 PM – 7:00 PM CET', 20, 20),
        ('00000000-0000-4000-8000-0000000000a2', '2027-04-29', '6:00 PM – 7:00 PM CET', 5, 5),
        ('00000000-0000-4000-8000-0000000000a3', '2027-06-24', '12:00 PM – 1:00 PM CET', 20, 20),
        ('00000000-0000-4000-8000-0000000000a4', '2027-02-25', '6-7:30pm Europe/London', 20, 20),
        ('00000000-0000-4000-8000-0000000000a5', '2027-07-29', 'after lunch', 20, 20)`);
      // The drain as it happened before: one signup, then the same upsert four more times.
      for (let i = 0; i < 5; i++) {
        await before.transaction(async (tx) => {
          await tx.query(`set local role authenticated`);
          await tx.query(`select set_config('request.jwt.claims', '{"sub":"uid-old","role":"authenticated"}', true)`);
          await tx.query(`${signUp} on conflict (user_id, session_id) do nothing`, ['uid-old', '00000000-0000-4000-8000-0000000000a2', 'Old', 'old@example.com']);
        });
      }
      expect((await before.query(`select spots_available from public.coaching_sessions where date = '2027-04-29'`)).rows).toEqual([{ spots_available: 0 }]);

      await before.exec(readFileSync(path.join(MIGRATIONS_DIR, MIGRATION), 'utf8'));
      const after = await before.query<Record<string, unknown>>(
        `select to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as starts, to_char(ends_at at time zone 'UTC', 'HH24:MI') as ends, time_zone, time, spots_available
         from public.coaching_sessions order by id`,
      );
      expect(after.rows).toEqual([
        { starts: '2027-01-28T17:00Z', ends: '18:00', time_zone: 'Europe/Berlin', time: '6:00 PM – 7:00 PM CET', spots_available: 20 },
        { starts: '2027-04-29T16:00Z', ends: '17:00', time_zone: 'Europe/Berlin', time: '6:00 PM – 7:00 PM CEST', spots_available: 4 },
        { starts: '2027-06-24T10:00Z', ends: '11:00', time_zone: 'Europe/Berlin', time: '12:00 PM – 1:00 PM CEST', spots_available: 20 },
        { starts: '2027-02-25T18:00Z', ends: '19:30', time_zone: 'Europe/London', time: '6:00 PM – 7:30 PM GMT', spots_available: 20 },
        // Unreadable: the schedule's 18:00 to 19:00 in Berlin.
        { starts: '2027-07-29T16:00Z', ends: '17:00', time_zone: 'Europe/Berlin', time: '6:00 PM – 7:00 PM CEST', spots_available: 20 },
      ]);
    } finally {
      await before.close();
    }
  });
});
