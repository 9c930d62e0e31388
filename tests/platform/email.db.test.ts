/**
 * The email tables on Postgres (supabase/migrations/20261126000000_email.sql), under today's
 * defaults (db) and broad grants (db-broad):
 *   email_outbox       the functions' alone: visitors and members reach nothing; one row a key
 *                      (kind, member, ref), however often and however concurrently it is written;
 *                      its fields are bounded; a claim is one compare-and-set update.
 *   email_preferences  a member reads and saves only their own choice, with the dashboard's upsert.
 *   the coaching triggers (20261202100000_coaching_emails.sql)  a member's own signup queues its
 *                      confirmation (which the member still cannot see); a refused signup queues
 *                      nothing; a cancellation or a move queues one notice per registrant then;
 *                      a new join link only for those whose reminder went or may have gone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { CHECK_VIOLATION, failure, GRANTS, hidden, member, migratedDatabase, owner, rows, service, UNIQUE_VIOLATION, verifiedMembers, visitor } from '../support/db';

let db: PGlite;
beforeAll(async () => {
  db = await migratedDatabase();
  // The members who sign up for a session: their addresses are verified (a signup asks for it).
  await verifiedMembers(db, ['uid-tz1', 'uid-tz2', 'uid-tz3', 'uid-tz4', 'uid-full1', 'uid-full2', 'uid-c1', 'uid-c2', 'uid-j1', 'uid-j2', 'uid-j3', 'uid-j4', 'uid-j5', 'uid-j6']);
}, 60_000);

/** What queueEmail sends: PostgREST's insert with on conflict do nothing on the key. */
const QUEUE = `insert into public.email_outbox (kind, user_id, ref, params) values ($1, $2, $3, $4::jsonb) on conflict (kind, user_id, ref) do nothing returning id`;
/** What a sender's claim sends: PostgREST's update, matching the row only as it was read. */
const CLAIM = `update public.email_outbox set status = 'sending', attempts = $2, claimed_at = now() where id = $1 and status = $3 and attempts = $4 returning id`;

describe('email_outbox', () => {
  it('keeps one row a key: a second queue of the same message records nothing', async () => {
    const first = await rows<{ id: string }>(db, service, QUEUE, ['purchase_confirmation', 'uid-a', 'cs_1', '{"priceId":"price_app_stillpoint"}']);
    expect(first).toHaveLength(1);
    expect(await rows(db, service, QUEUE, ['purchase_confirmation', 'uid-a', 'cs_1', '{}'])).toEqual([]);
    expect(await failure(db, service, `insert into public.email_outbox (kind, user_id, ref) values ('purchase_confirmation', 'uid-a', 'cs_1')`)).toBe(UNIQUE_VIOLATION);
    // Another kind, member or ref is another message.
    expect(await rows(db, service, QUEUE, ['access_ending', 'uid-a', 'cs_1', '{}'])).toHaveLength(1);
    expect(await rows(db, service, QUEUE, ['purchase_confirmation', 'uid-b', 'cs_1', '{}'])).toHaveLength(1);
    expect(await rows(db, service, `select status, attempts, params from public.email_outbox where id = $1`, [first[0]!.id])).toEqual([{ status: 'pending', attempts: 0, params: { priceId: 'price_app_stillpoint' } }]);
  });

  it('gives a row to one claim: a second claim of the row as it was read matches nothing', async () => {
    const [row] = await rows<{ id: string }>(db, service, QUEUE, ['purchase_confirmation', 'uid-a', 'cs_claim', '{}']);
    expect(await rows(db, service, CLAIM, [row!.id, 1, 'pending', 0])).toHaveLength(1);
    expect(await rows(db, service, CLAIM, [row!.id, 1, 'pending', 0])).toEqual([]);
  });

  it('is closed to visitors and members, even their own rows', async () => {
    await rows(db, service, QUEUE, ['purchase_confirmation', 'uid-own', 'cs_own', '{}']);
    for (const who of [visitor, member('uid-own')]) {
      expect(await hidden(db, who, `select * from public.email_outbox`)).toBe(true);
      expect(await hidden(db, who, `update public.email_outbox set status = 'sent', sent_at = now()`)).toBe(true);
      expect(await hidden(db, who, `delete from public.email_outbox`)).toBe(true);
      expect(await failure(db, who, `insert into public.email_outbox (kind, user_id, ref) values ('purchase_confirmation', 'uid-own', 'cs_forged')`)).toBe('42501');
    }
    expect(await rows(db, service, `select count(*)::int as n from public.email_outbox where user_id = 'uid-own'`)).toEqual([{ n: 1 }]);
  });

  it.each([
    ['an unknown kind', `insert into public.email_outbox (kind, user_id, ref) values ('newsletter', 'uid-a', 'x')`],
    ['an anonymised member', `insert into public.email_outbox (kind, user_id, ref) values ('access_ending', 'deleted:abc', 'x')`],
    ['an empty ref', `insert into public.email_outbox (kind, user_id, ref) values ('access_ending', 'uid-a', '')`],
    ['params that are not an object', `insert into public.email_outbox (kind, user_id, ref, params) values ('access_ending', 'uid-a', 'y', '[1]')`],
    ['oversized params', `insert into public.email_outbox (kind, user_id, ref, params) values ('access_ending', 'uid-a', 'z', jsonb_build_object('x', repeat('a', 5000)))`],
    ['sent without a time', `insert into public.email_outbox (kind, user_id, ref, status) values ('access_ending', 'uid-a', 'w', 'sent')`],
    ['a time without being sent', `insert into public.email_outbox (kind, user_id, ref, sent_at) values ('access_ending', 'uid-a', 'v', now())`],
    ['an unknown status', `insert into public.email_outbox (kind, user_id, ref, status) values ('access_ending', 'uid-a', 'u', 'lost')`],
  ])('refuses %s', async (_, sql) => {
    expect(await failure(db, service, sql)).toBe(CHECK_VIOLATION);
  });
});

/** The dashboard's save: supabase-js upsert on user_id (insert ... on conflict do update of every column sent). */
const SAVE = `insert into public.email_preferences (user_id, coaching_reminders) values ($1, $2)
  on conflict (user_id) do update set user_id = excluded.user_id, coaching_reminders = excluded.coaching_reminders`;

describe('email_preferences', () => {
  it('a member saves their choice (again and again) and reads it back; the time is the database’s', async () => {
    const ada = member('uid-ada');
    expect(await failure(db, ada, SAVE, ['uid-ada', false])).toBeNull();
    expect(await failure(db, ada, SAVE, ['uid-ada', true])).toBeNull();
    expect(await failure(db, ada, SAVE, ['uid-ada', false])).toBeNull();
    expect(await rows(db, ada, `select user_id, coaching_reminders from public.email_preferences`)).toEqual([{ user_id: 'uid-ada', coaching_reminders: false }]);
  });

  it('a member never reads nor changes another’s choice', async () => {
    expect(await failure(db, member('uid-bea'), SAVE, ['uid-bea', true])).toBeNull();
    const ada = member('uid-ada');
    expect(await failure(db, ada, SAVE, ['uid-bea', false])).toBe('42501');
    expect(await hidden(db, ada, `update public.email_preferences set coaching_reminders = false where user_id = 'uid-bea'`)).toBe(true);
    expect(await failure(db, ada, `update public.email_preferences set user_id = 'uid-bea' where user_id = 'uid-ada'`)).toBe('42501');
    expect(await rows(db, ada, `select user_id from public.email_preferences order by 1`)).toEqual([{ user_id: 'uid-ada' }]);
    expect(await rows(db, service, `select coaching_reminders from public.email_preferences where user_id = 'uid-bea'`)).toEqual([{ coaching_reminders: true }]);
  });

  it.runIf(GRANTS === 'current')('a member cannot delete their row (the switch is the way) nor set its time', async () => {
    expect(await failure(db, member('uid-ada'), `delete from public.email_preferences where user_id = 'uid-ada'`)).toBe('42501');
    expect(await failure(db, member('uid-ada'), `update public.email_preferences set updated_at = '2000-01-01' where user_id = 'uid-ada'`)).toBe('42501');
  });

  it('a visitor reaches nothing', async () => {
    expect(await hidden(db, visitor, `select * from public.email_preferences`)).toBe(true);
    expect(await failure(db, visitor, SAVE, ['uid-ada', true])).toBe('42501');
  });

  it('the one-click link saves it as the service role', async () => {
    expect(await failure(db, service, SAVE, ['uid-carl', false])).toBeNull();
    expect(await rows(db, service, `select coaching_reminders from public.email_preferences where user_id = 'uid-carl'`)).toEqual([{ coaching_reminders: false }]);
  });
});

describe('the coaching triggers', () => {
  let at = Date.parse('2030-01-10T17:00:00Z');
  /** A session as the scheduler adds it, a day after the last one. */
  const session = async (seats = 20) => {
    at += 24 * 3600_000;
    const [row] = await rows<{ id: string }>(db, service, `insert into public.coaching_sessions (starts_at, ends_at, max_spots) values ($1, $2, $3) returning id`, [
      new Date(at).toISOString(),
      new Date(at + 3600_000).toISOString(),
      seats,
    ]);
    return row!.id;
  };
  /** The dashboard's insert, as the member. */
  const SIGNUP = `insert into public.coaching_session_signups (user_id, session_id, name, email, time_zone) values ($1, $2, 'Ada', 'ada@example.com', $3)`;
  const outbox = (ref: string) => rows<{ kind: string; user_id: string; status: string }>(db, service, `select kind, user_id, status from public.email_outbox where ref = $1 order by user_id`, [ref]);

  it('a member’s own signup queues its confirmation, keyed by the signup; the member still sees no outbox', async () => {
    const id = await session();
    expect(await failure(db, member('uid-tz1'), SIGNUP, ['uid-tz1', id, 'America/New_York'])).toBeNull();
    const [signup] = await rows<{ id: string; time_zone: string }>(db, service, `select id, time_zone from public.coaching_session_signups where user_id = 'uid-tz1'`);
    expect(signup!.time_zone).toBe('America/New_York');
    expect(await outbox(signup!.id)).toEqual([{ kind: 'coaching_confirmation', user_id: 'uid-tz1', status: 'pending' }]);
    expect(await hidden(db, member('uid-tz1'), `select * from public.email_outbox`)).toBe(true);
    // A zone the server may not know is kept; what is not a zone's shape is refused.
    expect(await failure(db, member('uid-tz2'), SIGNUP, ['uid-tz2', id, 'Mars/Olympus_Mons'])).toBeNull();
    expect(await failure(db, member('uid-tz3'), SIGNUP, ['uid-tz3', id, '<b>x</b>'])).toBe(CHECK_VIOLATION);
    expect(await failure(db, member('uid-tz4'), SIGNUP, ['uid-tz4', id, null])).toBeNull();
  });

  it('a refused signup (the last seat taken) queues nothing', async () => {
    const id = await session(1);
    expect(await failure(db, member('uid-full1'), SIGNUP, ['uid-full1', id, 'UTC'])).toBeNull();
    expect(await failure(db, member('uid-full2'), SIGNUP, ['uid-full2', id, 'UTC'])).toBe(CHECK_VIOLATION);
    expect(await rows(db, service, `select count(*)::int as n from public.email_outbox where user_id = 'uid-full2'`)).toEqual([{ n: 0 }]);
  });

  it('a cancellation and each move queue one notice per registrant then, keyed by the change', async () => {
    const id = await session();
    for (const memberId of ['uid-c1', 'uid-c2']) await failure(db, member(memberId), SIGNUP, [memberId, id, 'UTC']);
    const later = new Date(at + 2 * 3600_000).toISOString();
    await rows(db, owner, `update public.coaching_sessions set starts_at = $2, ends_at = $2::timestamptz + interval '1 hour' where id = $1`, [id, later]);
    await rows(db, service, `update public.coaching_sessions set is_active = false, cancelled_at = now() where id = $1`, [id]);
    // A second cancel changes nothing (cancelled_at was set already).
    await rows(db, service, `update public.coaching_sessions set cancelled_at = now() where id = $1`, [id]);
    const changes = await rows<{ id: string; kind: string }>(db, service, `select id, kind from public.coaching_session_changes where session_id = $1 order by changed_at, kind desc`, [id]);
    expect(changes.map((c) => c.kind).sort()).toEqual(['cancelled', 'moved']);
    for (const change of changes) {
      expect(await outbox(change.id)).toEqual([
        { kind: 'coaching_change', user_id: 'uid-c1', status: 'pending' },
        { kind: 'coaching_change', user_id: 'uid-c2', status: 'pending' },
      ]);
    }
  });

  it('a new join link is news only to those whose reminder went or may have gone', async () => {
    const id = await session();
    const states: Record<string, string | null> = { 'uid-j1': 'sent', 'uid-j2': 'sending', 'uid-j3': 'failed', 'uid-j4': 'pending', 'uid-j5': 'skipped', 'uid-j6': null };
    for (const [memberId, status] of Object.entries(states)) {
      await failure(db, member(memberId), SIGNUP, [memberId, id, 'UTC']);
      if (status) {
        await rows(db, service, `insert into public.email_outbox (kind, user_id, ref, status, attempts, sent_at) values ('coaching_reminder', $1, $2, $3, 1, case when $3 = 'sent' then now() end)`, [memberId, id, status]);
      }
    }
    await rows(db, service, `insert into public.coaching_join_links (session_id, url) values ($1, 'https://meet.example.com/a')`, [id]);
    const [change] = await rows<{ id: string }>(db, service, `select id from public.coaching_session_changes where session_id = $1 and kind = 'join_link'`, [id]);
    expect((await outbox(change!.id)).map((r) => r.user_id)).toEqual(['uid-j1', 'uid-j2', 'uid-j3']);
  });
});
