/**
 * lesson_progress: a member reads and records only their own completed lessons, once each (a
 * double-clicked "Mark as complete" makes one row); the slug is bounded; a visitor reaches
 * nothing; the functions read (export) and delete (account deletion). Runs under today's
 * defaults (db) and broad grants (db-broad). Both members here bought the course: since issue 45
 * a row is accepted only for a lesson the member may open (tests/course/certificate.db.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { CHECK_VIOLATION, failure, hidden, member, migratedDatabase, rows, service, visitor } from '../support/db';

let db: PGlite;
/** What the site sends: the PostgREST client's upsert with ignoreDuplicates, PostgREST's on conflict do nothing. */
const MARK = `insert into public.lesson_progress (member_id, lesson_slug) values ($1, $2) on conflict (member_id, lesson_slug) do nothing`;

beforeAll(async () => {
  db = await migratedDatabase();
  await db.query(
    `insert into public.purchases (user_id, price_id, product_type, checkout_session_id, amount, currency, status)
     select u, 'price_master_alchemist_course', 'course', 'cs_test_' || u, 99900, 'usd', 'paid' from unnest(array['uid-a', 'uid-b']) u`,
  );
}, 60_000);

describe('lesson_progress: a member', () => {
  it('marks a lesson complete once, however often the button is pressed, and reads it back', async () => {
    const ada = member('uid-a');
    expect(await failure(db, ada, MARK, ['uid-a', 'the-weather-inside'])).toBeNull();
    expect(await failure(db, ada, MARK, ['uid-a', 'the-weather-inside'])).toBeNull();
    const mine = await rows<{ lesson_slug: string; completed_at: Date }>(db, ada, `select lesson_slug, completed_at from public.lesson_progress`);
    expect(mine.map((r) => r.lesson_slug)).toEqual(['the-weather-inside']);
    expect(mine[0]!.completed_at).toBeInstanceOf(Date);
  });

  it('never sees nor writes another member\'s progress', async () => {
    expect(await failure(db, member('uid-b'), MARK, ['uid-b', 'beyond-fine'])).toBeNull();
    expect(await rows(db, member('uid-a'), `select lesson_slug from public.lesson_progress order by lesson_slug`)).toEqual([{ lesson_slug: 'the-weather-inside' }]);
    expect(await failure(db, member('uid-a'), MARK, ['uid-b', 'the-slow-breath'])).toBe('42501');
    expect(await hidden(db, member('uid-a'), `delete from public.lesson_progress where member_id = 'uid-b'`)).toBe(true);
    expect(await hidden(db, member('uid-a'), `update public.lesson_progress set lesson_slug = 'x' where member_id = 'uid-b'`)).toBe(true);
    expect(await rows(db, service, `select member_id, lesson_slug from public.lesson_progress where member_id = 'uid-b'`)).toEqual([
      { member_id: 'uid-b', lesson_slug: 'beyond-fine' },
    ]);
  });

  // A lesson marked complete offline is sent later with the time it was pressed (the device's
  // outbox): an earlier time is kept, a later one than its arrival becomes its arrival.
  it('sends the time a lesson was completed offline, never later than its arrival', async () => {
    const ada = member('uid-a');
    const DATED = `insert into public.lesson_progress (member_id, lesson_slug, completed_at) values ($1, $2, $3) on conflict (member_id, lesson_slug) do nothing`;
    expect(await failure(db, ada, DATED, ['uid-a', 'the-masks-we-wear', '2026-11-20T07:12:00Z'])).toBeNull();
    expect(await failure(db, ada, DATED, ['uid-a', 'finding-the-gold', '2999-01-01T00:00:00Z'])).toBeNull();
    const dated = await rows<{ lesson_slug: string; at: string; arrived: boolean }>(
      db,
      service,
      `select lesson_slug, completed_at::text as at, completed_at > now() - interval '1 minute' and completed_at <= now() as arrived
         from public.lesson_progress where member_id = 'uid-a' and lesson_slug in ('the-masks-we-wear', 'finding-the-gold') order by lesson_slug`,
    );
    expect(dated).toEqual([
      { lesson_slug: 'finding-the-gold', at: expect.any(String), arrived: true },
      { lesson_slug: 'the-masks-we-wear', at: '2026-11-20 07:12:00+00', arrived: false },
    ]);
  });

  it('cannot delete a row of their own', async () => {
    const ada = member('uid-a');
    const before = await rows(db, service, `select count(*)::int as n from public.lesson_progress where member_id = 'uid-a'`);
    expect(await hidden(db, ada, `delete from public.lesson_progress where member_id = 'uid-a'`)).toBe(true);
    expect(await rows(db, service, `select count(*)::int as n from public.lesson_progress where member_id = 'uid-a'`)).toEqual(before);
  });

  it.each([
    ['an upper-case slug', 'The-Weather'],
    ['a slug with a path', '../admin'],
    ['a slug with spaces', 'the weather'],
    ['an empty slug', ''],
    ['a slug over 80 characters', 'a'.repeat(81)],
  ])('is refused %s', async (_name, slug) => {
    // No lesson has such a slug, so the policy refuses it first (issue 45); the check still holds for any writer.
    expect(await failure(db, member('uid-a'), MARK, ['uid-a', slug])).toBe('42501');
    expect(await failure(db, 'owner', MARK, ['uid-a', slug])).toBe(CHECK_VIOLATION);
  });
});

describe('lesson_progress: a visitor', () => {
  it('reads and writes nothing', async () => {
    expect(await hidden(db, visitor, `select * from public.lesson_progress`)).toBe(true);
    expect(await failure(db, visitor, MARK, ['uid-v', 'the-weather-inside'])).toBe('42501');
  });
});

describe('lesson_progress: the functions (service role)', () => {
  it('read a member\'s rows for the export and delete them with the account', async () => {
    expect(await rows(db, service, `select lesson_slug from public.lesson_progress where member_id = 'uid-b'`)).toEqual([{ lesson_slug: 'beyond-fine' }]);
    expect(await failure(db, service, `delete from public.lesson_progress where member_id = 'uid-b'`)).toBeNull();
    expect(await rows(db, service, `select count(*)::int as n from public.lesson_progress where member_id = 'uid-b'`)).toEqual([{ n: 0 }]);
  });
});
