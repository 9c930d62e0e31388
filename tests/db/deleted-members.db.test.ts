/**
 * Deleted accounts stay deleted, on Postgres' own rules (20261201130000_deleted_members.sql):
 * with the tombstone of a uid (the SHA-256 the functions write, _shared/deleted-members.ts), every
 * table a member may insert into refuses that member, their token still valid or not; Stripe's
 * late events bring no customer row back and keep a purchase without the uid; only the service
 * role reads or writes tombstones. A table a member may insert into without the refusal fails the
 * first test.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { failure, GRANTS, hidden, member, migratedDatabase, owner, rows, service, visitor } from '../support/db';
import { memberHash } from '../../netlify/functions/_shared/deleted-members';
import { anonymisedMemberId } from '../../src/features/account/server/member-data';

let db: PGlite;
const GONE = 'uid-gone';
const STAYS = 'uid-stays';
let sessionId: string;
let fullSessionId: string;

beforeAll(async () => {
  db = await migratedDatabase();
  const sessions = await db.query<{ id: string }>(
    `insert into public.coaching_sessions (starts_at, ends_at, max_spots) values (now() + interval '7 days', now() + interval '7 days 1 hour', 10) returning id`,
  );
  sessionId = sessions.rows[0]!.id;
  // A full session, whose line a member joins (a free seat would register them instead).
  const full = await db.query<{ id: string }>(
    `insert into public.coaching_sessions (starts_at, ends_at, max_spots) values (now() + interval '8 days', now() + interval '8 days 1 hour', 1) returning id`,
  );
  fullSessionId = full.rows[0]!.id;
  await db.query(`insert into public.coaching_session_signups (user_id, session_id, name, email) values ('guest', $1, 'Guest', 'guest@example.com')`, [fullSessionId]);
  expect(await failure(db, service, `insert into public.deleted_members (uid_sha256) values ($1)`, [memberHash(GONE)])).toBeNull();
}, 60_000);

/** What a member writes first in each table (the member's id in $1), as the site writes it. */
const FIRST_ROWS: Record<string, [string, unknown[]]> = {
  profiles: [`insert into public.profiles (id, email) values ($1, $1 || '@example.com')`, []],
  coaching_session_signups: [`insert into public.coaching_session_signups (user_id, session_id, name, email) values ($1, $2, 'Ada', 'ada@example.com')`, ['session']],
  coaching_waitlist: [`insert into public.coaching_waitlist (user_id, session_id, name, email) values ($1, $2, 'Ada', 'ada@example.com')`, ['full']],
  // The free preview: since issue 45 a member without the course records no other lesson.
  lesson_progress: [`insert into public.lesson_progress (member_id, lesson_slug) values ($1, 'the-weather-inside')`, []],
  email_preferences: [`insert into public.email_preferences (user_id, coaching_reminders) values ($1, false)`, []],
  breathing_sessions: [`insert into public.breathing_sessions (user_id, pattern, seconds) values ($1, 'box', 60)`, []],
  bloom_pages: [`insert into public.bloom_pages (user_id, day, gratitude_1) values ($1, current_date, 'Rain')`, []],
  story_places: [`insert into public.story_places (user_id, story, sentence) values ($1, 'snow-on-the-way-home', 2)`, []],
  rise_days: [`insert into public.rise_days (user_id, day, intention) values ($1, current_date, 'Be patient')`, []],
  rise_statements: [`insert into public.rise_statements (user_id, text) values ($1, 'I can rest.')`, []],
  rehearsal_scenarios: [`insert into public.rehearsal_scenarios (user_id, title, scene, going_well, coping) values ($1, 'T', 'S', 'G', 'C')`, []],
  rehearsals: [`insert into public.rehearsals (user_id, scenario, suds_before, suds_after) values ($1, 'a-phone-call', 5, 3)`, []],
  resets: [`insert into public.resets (user_id, feeling, reset, intensity_before, intensity_after) values ($1, 'anger', 'stop-pause', 7, 4)`, []],
};
const params = (memberId: string, extra: unknown[]) => [memberId, ...extra.map((p) => (p === 'session' ? sessionId : p === 'full' ? fullSessionId : p))];

describe('a deleted member', () => {
  it.runIf(GRANTS === 'current')('is refused by every table a member may insert into (their grants say which)', async () => {
    const insertable = await db.query<{ table_name: string }>(
      `select distinct table_name from information_schema.column_privileges
        where table_schema = 'public' and grantee = 'authenticated' and privilege_type = 'INSERT' order by 1`,
    );
    expect(insertable.rows.map((r) => r.table_name)).toEqual(Object.keys(FIRST_ROWS).sort());
  });

  it.each(Object.entries(FIRST_ROWS))('%s: refused for the deleted member, whose token is still valid; stored for another', async (table, [sql, extra]) => {
    expect(await failure(db, member(GONE), sql, params(GONE, extra))).toBe('42501');
    // A coaching signup asks for a verified address (the service role writes it; the profile is the first row above).
    if (table === 'coaching_session_signups' || table === 'coaching_waitlist') await db.query(`update public.profiles set email_verified = true where id = $1`, [STAYS]);
    expect(await failure(db, member(STAYS), sql, params(STAYS, extra))).toBeNull();
  });

  it('is refused by the same tables when the service role writes (auth-sync re-creating the profile)', async () => {
    expect(await failure(db, service, `insert into public.profiles (id, email) values ($1, 'gone@example.com') on conflict (id) do nothing`, [GONE])).toBe('42501');
    expect(await rows(db, owner, `select id from public.profiles where id = $1`, [GONE])).toEqual([]);
  });

  it('gets no Stripe customer row back from a late event (the write is skipped, without an error)', async () => {
    expect(await failure(db, service, `insert into public.stripe_customers (user_id, customer_id) values ($1, 'cus_gone') on conflict (user_id) do update set customer_id = excluded.customer_id`, [GONE])).toBeNull();
    expect(await rows(db, owner, `select * from public.stripe_customers where user_id = $1 or customer_id = 'cus_gone'`, [GONE])).toEqual([]);
  });

  it('has a purchase first recorded after the deletion kept without their uid', async () => {
    const insert = `insert into public.purchases (user_id, price_id, product_type, checkout_session_id, amount, currency, status)
      values ($1, 'price_app_stillpoint', 'app', 'cs_after_deletion', 2900, 'usd', 'paid')
      on conflict (checkout_session_id) do update set user_id = excluded.user_id, status = excluded.status`;
    expect(await failure(db, service, insert, [GONE])).toBeNull();
    expect(await failure(db, service, insert, [GONE])).toBeNull();
    expect(await rows(db, owner, `select user_id from public.purchases where checkout_session_id = 'cs_after_deletion'`)).toEqual([{ user_id: anonymisedMemberId(GONE) }]);
  });
});

describe('the tombstones', () => {
  it('are the SHA-256 of the uid, as the database computes it, and nothing else', async () => {
    expect(await rows(db, owner, `select private.member_hash($1) as hash`, [GONE])).toEqual([{ hash: memberHash(GONE) }]);
    expect(await failure(db, service, `insert into public.deleted_members (uid_sha256) values ($1)`, [GONE])).toBe('23514');
  });

  it('are read and written by the service role only', async () => {
    expect(await rows(db, service, `select uid_sha256 from public.deleted_members where uid_sha256 = $1`, [memberHash(GONE)])).toHaveLength(1);
    for (const who of [visitor, member(GONE), member(STAYS)]) {
      expect(await hidden(db, who, `select * from public.deleted_members`)).toBe(true);
      expect(await failure(db, who, `insert into public.deleted_members (uid_sha256) values ($1)`, [memberHash('someone')])).toBe('42501');
    }
  });
});
