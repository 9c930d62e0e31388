/**
 * Members who opened a lesson (supabase/migrations/20261210100000_course_openings.sql): the content
 * gate's call public.course_count_opening(member, opened_at) counts a member once in the Berlin
 * month of the opening, and public.owner_numbers answers the month's count as
 * `course.members_opened`, through the small-count rule. March 2026 in Berlin is
 * [28 Feb 23:00 UTC, 31 Mar 22:00 UTC): CET at its start, CEST at its end (29 March).
 * Only the service role may count an opening or read what is stored; what is stored is a hash
 * of the member and the month, and the month: no member id.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { failure, member, migratedDatabase, owner, rows, service, visitor } from '../support/db';

let db: PGlite;

beforeAll(async () => {
  db = await migratedDatabase();
}, 60_000);

/** The gate's call, as the service role: true when this opening counted the member. */
const open = async (memberId: string, at: string) =>
  (await rows<{ counted: boolean }>(db, service, `select public.course_count_opening($1, $2::timestamptz) as counted`, [memberId, at]))[0]!.counted;
type Course = { members_opened: number | null; lessons_completed: number | null; members_finished: number | null; lessons: number };
const course = async (month: string) => (await rows<{ n: { course: Course } }>(db, service, `select public.owner_numbers($1::date) as n`, [month]))[0]!.n.course;
const opened = async (month: string) => (await course(month)).members_opened;

describe('members who opened a lesson', () => {
  it('counts each member once a Berlin month, repeated opens included, and shows 1 to 4 as fewer than 5', async () => {
    expect(await opened('2026-03-01')).toBe(0);

    // m1 opens three lessons in March: counted once.
    expect(await open('m1', '2026-03-03T09:00:00Z')).toBe(true);
    expect(await open('m1', '2026-03-03T09:00:01Z')).toBe(false);
    expect(await open('m1', '2026-03-20T18:00:00Z')).toBe(false);
    expect(await opened('2026-03-01')).toBeNull(); // 1: fewer than 5
    // m2 opens at 23:30 CEST on 31 March (March) and at 00:30 CEST on 1 April (April, 31 March in UTC).
    expect(await open('m2', '2026-03-31T21:30:00Z')).toBe(true);
    expect(await open('m2', '2026-03-31T22:30:00Z')).toBe(true);
    expect(await opened('2026-03-01')).toBeNull(); // 2
    // m3 at 00:30 CET on 1 March (28 February in UTC): March; m4 at 23:30 CET on 28 February: February.
    expect(await open('m3', '2026-02-28T23:30:00Z')).toBe(true);
    expect(await open('m4', '2026-02-28T22:30:00Z')).toBe(true);
    expect(await opened('2026-03-01')).toBeNull(); // 3
    expect(await open('m5', '2026-03-15T12:00:00Z')).toBe(true);
    expect(await opened('2026-03-01')).toBeNull(); // 4: still fewer than 5
    expect(await open('m6', '2026-03-16T12:00:00Z')).toBe(true);
    expect(await opened('2026-03-01')).toBe(5);
    // Opens again by members already counted change nothing.
    for (const m of ['m1', 'm2', 'm3', 'm5', 'm6']) expect(await open(m, '2026-03-25T08:00:00Z')).toBe(false);
    expect(await opened('2026-03-01')).toBe(5);
    expect(await open('m7', '2026-03-26T08:00:00Z')).toBe(true);
    expect(await opened('2026-03-10')).toBe(6); // any day of the month asks for it

    // The other months: m4 alone in February, m2 alone in April, nobody in May.
    expect(await opened('2026-02-01')).toBeNull();
    expect(await opened('2026-04-01')).toBeNull();
    expect(await opened('2026-05-01')).toBe(0);
    for (let i = 1; i <= 5; i++) await open(`n${i}`, '2026-04-30T21:59:59Z'); // 23:59:59 CEST, 30 April
    await open('n6', '2026-04-30T22:00:00Z'); // 1 May in Berlin
    expect(await opened('2026-04-01')).toBe(6);
    expect(await opened('2026-05-01')).toBeNull();
  });

  it('leaves lessons completed and members who finished as they were', async () => {
    expect(await course('2026-03-01')).toEqual({ members_opened: 6, lessons_completed: 0, members_finished: 0, lessons: 27 });
  });

  it('stores a hash of the member and the month, and the month: no member id', async () => {
    const stored = await rows<{ key: string; month: string }>(db, owner, `select key, to_char(month, 'YYYY-MM-DD') as month from private.course_openings order by month, key`);
    // February m4; March m1, m2, m3, m5, m6, m7; April m2, n1..n5; May n6.
    expect(stored).toHaveLength(1 + 6 + 6 + 1);
    const columns = await rows<{ column_name: string }>(db, owner, `select column_name from information_schema.columns where table_schema = 'private' and table_name = 'course_openings' order by ordinal_position`);
    expect(columns.map((c) => c.column_name)).toEqual(['key', 'month']);
    for (const row of stored) {
      expect(row.key).toMatch(/^[0-9a-f]{64}$/);
      expect(row.month).toMatch(/^2026-0[2-5]-01$/);
    }
    // The same member's months are not linked by their keys.
    expect(new Set(stored.map((r) => r.key)).size).toBe(stored.length);
  });

  it('lets only the service role count an opening or read the openings; nobody changes them', async () => {
    for (const who of [visitor, member('m1')]) {
      expect(await failure(db, who, `select public.course_count_opening('m1', now())`)).toBe('42501');
      expect(await failure(db, who, `select count(*) from private.course_openings`)).toBe('42501');
      expect(await failure(db, who, `insert into private.course_openings (key, month) values (repeat('a', 64), '2026-03-01')`)).toBe('42501');
    }
    expect(await failure(db, service, `select count(*) from private.course_openings`)).toBeNull();
    expect(await failure(db, service, `update private.course_openings set month = '2026-01-01'`)).toBe('42501');
    expect(await failure(db, service, `delete from private.course_openings`)).toBe('42501');
    // The table checks what it holds, whoever writes.
    expect(await failure(db, owner, `insert into private.course_openings (key, month) values ('m1', '2026-03-01')`)).toBe('23514');
    expect(await failure(db, owner, `insert into private.course_openings (key, month) values (repeat('b', 64), '2026-03-02')`)).toBe('23514');
  });
});
