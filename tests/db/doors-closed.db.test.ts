/**
 * The doors that coaching, email and offline opened, closed (issue 42), on PGlite running the
 * migrations, under today's defaults (db) and broad grants (db-broad), members writing through
 * the Data API's rules:
 *   caps by arrival        a practice's date is the member's word, its arrival the database's:
 *                          120 breathing sessions dated 2001 leave none, 120 dated 20 days back
 *                          leave 100; a date more than 30 days back is refused with words.
 *   signups close          a signup for a session that began ten minutes ago is refused with
 *                          words; so is one from an unverified address, a list of addresses, a
 *                          name over 100 characters; twenty verified members racing for three
 *                          seats still get exactly three.
 *   the outbox             a given-back signup's confirmation is dropped, never sent; at most 5
 *                          confirmations a member a day; 150 junk rows do not keep a due reminder
 *                          out of the next run; a failed message first tried more than 24 hours
 *                          ago is given up, not sent again.
 *   the schedule           a session moved an hour is not made again at the old time; a
 *                          cancelled slot is not made again; two runs at once make each once.
 *   outside ids            disputes with dp_ and du_ ids are recorded alike.
 *   per-member limits      count_member_request counts each of twenty racing requests once.
 * Self-contained (helpers here), so it runs as well on the code before these rules.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from '../../src/core/db/database.types';
import { member, migratedDatabase, owner, refusalOf, rows, service, type Who } from '../support/db';
import { dataApiClient, dataApiFetch } from '../support/postgrest';
import { keepSchedule } from '../../src/features/coaching/server/coaching-schedule';
import { queueReminders } from '../../src/features/coaching/server/email/coaching';
import { sendDue } from '../../netlify/functions/_registry/emails';
import { startEmailStandIn, type EmailStandIn } from '../../local-platform/email/email-standin';
import { emailEnv } from '../support/email';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let db: PGlite;
let inbox: EmailStandIn;
const saved = { ...process.env };

beforeAll(async () => {
  db = await migratedDatabase();
  inbox = await startEmailStandIn();
}, 60_000);
afterAll(async () => {
  await inbox.close();
  await db.close();
  process.env = { ...saved };
});

/** The error a statement as `who` fails with ({ code, message }), or null when it is stored. */
const refusal = (who: Who, sql: string, params: unknown[] = []) => refusalOf(db, who, sql, params);

/** Members with a verified address (profiles.email_verified, the service role's to write). */
const verified = (memberIds: string[]) =>
  db.query(
    `insert into public.profiles (id, email, email_verified) select u, lower(u) || '@example.com', true from unnest($1::text[]) u
     on conflict (id) do update set email_verified = true`,
    [memberIds],
  );

const asMember = (memberId: string) => new PostgrestClient<Database>('http://data-api.test/rest/v1', { fetch: dataApiFetch(db, { who: member(memberId) }) });

let slot = 0;
/** A session as the owner adds it, starting `startsIn` ms from now (each at its own instant). */
async function session(startsIn: number, seats = 10): Promise<string> {
  const starts = new Date(Math.floor((Date.now() + startsIn) / 60_000) * 60_000 + ++slot * 1000);
  const [row] = await rows<{ id: string }>(db, owner, `insert into public.coaching_sessions (starts_at, ends_at, max_spots) values ($1, $2, $3) returning id`, [
    starts.toISOString(),
    new Date(starts.getTime() + 2 * HOUR).toISOString(),
    seats,
  ]);
  return row!.id;
}
const SIGN_UP = `insert into public.coaching_session_signups (user_id, session_id, name, email) values ($1, $2, $3, $4)`;
const seatsLeft = async (id: string) => (await rows<{ n: number }>(db, owner, `select spots_available as n from public.coaching_sessions where id = $1`, [id]))[0]!.n;

describe('daily caps count by arrival', () => {
  const BREATHE = `insert into public.breathing_sessions (user_id, pattern, seconds, finished_at) select $1, 'box', 60, $2::timestamptz from generate_series(1, $3::int)`;
  const stored = async (memberId: string) => (await rows<{ n: number }>(db, owner, `select count(*)::int as n from public.breathing_sessions where user_id = $1`, [memberId]))[0]!.n;

  it('120 breathing sessions dated 2001 in one go leave at most 100 (none: the date is refused with words)', async () => {
    const refused = await refusal(member('uid-2001'), BREATHE, ['uid-2001', '2001-06-01T08:00:00Z', 120]);
    expect(await stored('uid-2001')).toBeLessThanOrEqual(100);
    expect(refused?.code).toBe('IA429');
    expect(refused?.message).toMatch(/more than 30 days ago/);
  });

  it('120 dated 20 days back, one at a time, leave 100; the rest are refused with the cap’s words', async () => {
    const memberId = 'uid-offline-weeks';
    const at = new Date(Date.now() - 20 * DAY).toISOString();
    const answers = [];
    for (let i = 0; i < 120; i++) answers.push(await refusal(member(memberId), BREATHE, [memberId, at, 1]));
    expect(await stored(memberId)).toBe(100);
    expect(answers.slice(100).every((a) => a?.code === 'IA429' && /100 breathing sessions in the last 24 hours/.test(a.message))).toBe(true);
    // The history keeps the member's date.
    expect(await rows(db, owner, `select distinct finished_at = $2::timestamptz as kept from public.breathing_sessions where user_id = $1`, [memberId, at])).toEqual([{ kept: true }]);
  });

  it('the same cap holds for rehearsals and resets dated back', async () => {
    const at = new Date(Date.now() - 10 * DAY).toISOString();
    for (let i = 0; i < 55; i++) {
      await refusal(member('uid-rehearse'), `insert into public.rehearsals (user_id, scenario, suds_before, suds_after, finished_at) values ($1, 'speaking-up-in-a-meeting', 6, 3, $2)`, ['uid-rehearse', at]);
      await refusal(member('uid-reset'), `insert into public.resets (user_id, feeling, reset, intensity_before, intensity_after, finished_at) values ($1, 'anger', 'stop-pause', 7, 4, $2)`, ['uid-reset', at]);
    }
    expect(await rows(db, owner, `select (select count(*)::int from public.rehearsals where user_id = 'uid-rehearse') as rehearsals, (select count(*)::int from public.resets where user_id = 'uid-reset') as resets`)).toEqual([
      { rehearsals: 50, resets: 50 },
    ]);
  });
});

describe('signups close', () => {
  beforeAll(async () => {
    await verified(['uid-late', 'uid-early', 'uid-list', 'uid-long', ...Array.from({ length: 20 }, (_, i) => `uid-racer-${i}`)]);
    await db.query(`insert into public.profiles (id, email) values ('uid-unverified', 'new@example.com') on conflict (id) do nothing`);
  });

  it('a signup for a session that began ten minutes ago is refused with words, and takes no seat', async () => {
    const id = await session(-10 * 60_000, 5);
    const refused = await refusal(member('uid-late'), SIGN_UP, ['uid-late', id, 'Lee', 'lee@example.com']);
    expect(refused?.code).toBe('IA429');
    expect(refused?.message).toMatch(/already begun/);
    expect(await seatsLeft(id)).toBe(5);
  });

  it('a seat taken before the start is kept, and cannot be given back after it', async () => {
    const id = await session(DAY, 5);
    expect(await refusal(member('uid-early'), SIGN_UP, ['uid-early', id, 'Eve', 'eve@example.com'])).toBeNull();
    await db.query(`update public.coaching_sessions set starts_at = now() - interval '10 minutes', ends_at = now() + interval '50 minutes' where id = $1`, [id]);
    const { data } = await asMember('uid-early').from('coaching_session_signups').delete().eq('session_id', id).select('id');
    expect(data ?? []).toEqual([]);
    expect(await rows(db, owner, `select user_id from public.coaching_session_signups where session_id = $1`, [id])).toEqual([{ user_id: 'uid-early' }]);
  });

  it('an unverified member’s signup is refused with words asking them to verify first', async () => {
    const id = await session(DAY, 5);
    const refused = await refusal(member('uid-unverified'), SIGN_UP, ['uid-unverified', id, 'Una', 'new@example.com']);
    expect(refused?.code).toBe('IA429');
    expect(refused?.message).toMatch(/^Please verify your email address first/);
    // No profile at all is no verified address either.
    expect((await refusal(member('uid-nobody'), SIGN_UP, ['uid-nobody', id, 'Nob', 'nob@example.com']))?.code).toBe('IA429');
    expect(await seatsLeft(id)).toBe(5);
  });

  it('one address and a name of at most 100 characters', async () => {
    const id = await session(DAY, 10);
    for (const email of ['a@x.com,b@y.com', 'a@x.com b@y.com', 'ada <a@x.com>', 'a@x.com;b@y.com', `${'a'.repeat(250)}@x.com`, 'a@b@c.com']) {
      const refused = await refusal(member('uid-list'), SIGN_UP, ['uid-list', id, 'Ada', email]);
      expect(refused?.code, email).toBe('IA429');
      expect(refused?.message).toMatch(/one email address/);
    }
    const longName = await refusal(member('uid-long'), SIGN_UP, ['uid-long', id, 'N'.repeat(101), 'long@example.com']);
    expect(longName?.code).toBe('IA429');
    expect(longName?.message).toMatch(/100 characters/);
    expect(await refusal(member('uid-long'), SIGN_UP, ['uid-long', id, 'N'.repeat(100), 'long@example.com'])).toBeNull();
    expect(await seatsLeft(id)).toBe(9);
  });

  it('twenty verified members racing for three seats through the endpoint get exactly three', async () => {
    const id = await session(2 * DAY, 3);
    const memberIds = Array.from({ length: 20 }, (_, i) => `uid-racer-${i}`);
    const results = await Promise.all(memberIds.map((memberId) => asMember(memberId).from('coaching_session_signups').insert({ user_id: memberId, session_id: id, name: 'Racer', email: `${memberId}@example.com` })));
    expect(results.filter((r) => r.error === null)).toHaveLength(3);
    expect(await seatsLeft(id)).toBe(0);
  });
});

describe('the outbox', () => {
  beforeEach(() => {
    Object.assign(process.env, emailEnv(inbox));
    inbox.reset();
  });
  const statusOf = async (kind: string, ref: string) => (await rows<{ status: string }>(db, owner, `select status from public.email_outbox where kind = $1 and ref = $2`, [kind, ref]))[0]?.status;
  /** Leaves the outbox with nothing waiting but what a test adds (earlier tests' rows are done). */
  const settle = () => db.query(`update public.email_outbox set status = 'skipped', last_error = 'test' where status in ('pending', 'failed', 'sending')`);

  it('a given-back signup’s confirmation is dropped at once and never sent', async () => {
    await settle();
    await verified(['uid-giver']);
    const id = await session(3 * DAY, 5);
    expect(await refusal(member('uid-giver'), SIGN_UP, ['uid-giver', id, 'Gia', 'gia@example.com'])).toBeNull();
    const [signup] = await rows<{ id: string }>(db, owner, `select id from public.coaching_session_signups where user_id = 'uid-giver'`);
    const { data } = await asMember('uid-giver').from('coaching_session_signups').delete().eq('id', signup!.id).select('id');
    expect(data).toHaveLength(1);
    expect(await statusOf('coaching_confirmation', signup!.id)).toBe('skipped');
    await sendDue(dataApiClient(db));
    expect(inbox.messages.filter((m) => /gia@|uid-giver@/.test(JSON.stringify(m.to)))).toEqual([]);
  });

  it('per member, at most 5 confirmations a day, whatever the loop', async () => {
    await verified(['uid-looper']);
    const id = await session(4 * DAY, 5);
    for (let i = 0; i < 8; i++) {
      expect(await refusal(member('uid-looper'), SIGN_UP, ['uid-looper', id, 'Lou', 'lou@example.com'])).toBeNull();
      await asMember('uid-looper').from('coaching_session_signups').delete().eq('session_id', id);
    }
    expect(await rows(db, owner, `select count(*)::int as n from public.email_outbox where kind = 'coaching_confirmation' and user_id = 'uid-looper'`)).toEqual([{ n: 5 }]);
  });

  it('150 pending junk rows and one due reminder: the reminder is sent in the next run', async () => {
    await settle();
    await db.query(
      `insert into public.email_outbox (kind, user_id, ref, created_at)
       select 'coaching_confirmation', 'uid-junk-' || g, gen_random_uuid()::text, now() - interval '2 hours' + make_interval(secs => g) from generate_series(1, 150) g`,
    );
    await verified(['uid-due']);
    const id = await session(3 * HOUR, 5);
    expect(await refusal(member('uid-due'), SIGN_UP, ['uid-due', id, 'Dee', 'uid-due@example.com'])).toBeNull();
    await db.query(`update public.email_outbox set status = 'skipped' where user_id = 'uid-due' and kind = 'coaching_confirmation'`);
    const api = dataApiClient(db);
    await queueReminders(api, new Date());
    await sendDue(api, { now: new Date() });
    expect(await statusOf('coaching_reminder', id)).toBe('sent');
    expect(inbox.messages.filter((m) => JSON.stringify(m.to).includes('uid-due@example.com'))).toHaveLength(1);
  });

  it('a failed message first tried more than 24 hours ago is given up, logged once, and not sent again', async () => {
    await settle();
    await verified(['uid-slow']);
    const params = JSON.stringify({ priceId: 'price_app_stillpoint', orderRef: 'cs_slow' });
    // Tried 25 hours ago and failed (the provider may have accepted it), last tried two hours ago.
    const [row] = await rows<{ id: string }>(
      db,
      owner,
      `insert into public.email_outbox (kind, user_id, ref, params, status, attempts, created_at, claimed_at, last_error)
       values ('purchase_confirmation', 'uid-slow', 'cs_slow', $1::jsonb, 'failed', 2, now() - interval '25 hours', now() - interval '2 hours', 'timeout') returning id`,
      [params],
    );
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await sendDue(dataApiClient(db));
      await sendDue(dataApiClient(db));
      expect(inbox.messages).toEqual([]);
      expect(await rows(db, owner, `select status from public.email_outbox where id = $1`, [row!.id])).toEqual([{ status: 'given_up' }]);
      expect(errors.mock.calls.filter((c) => String(c[0]).includes(row!.id))).toHaveLength(1);
    } finally {
      errors.mockRestore();
    }
  });

  it('a failed message first tried two hours ago is still retried under its key', async () => {
    await settle();
    await verified(['uid-retry']);
    const params = JSON.stringify({ priceId: 'price_app_stillpoint', orderRef: 'cs_retry' });
    await db.query(
      `insert into public.email_outbox (kind, user_id, ref, params, status, attempts, created_at, claimed_at, last_error)
       values ('purchase_confirmation', 'uid-retry', 'cs_retry', $1::jsonb, 'failed', 1, now() - interval '2 hours', now() - interval '2 hours', 'timeout')`,
      [params],
    );
    await sendDue(dataApiClient(db));
    expect(await statusOf('purchase_confirmation', 'cs_retry')).toBe('sent');
    expect(inbox.messages).toHaveLength(1);
  });
});

describe('the schedule stays put', () => {
  let fresh: PGlite;
  beforeAll(async () => {
    fresh = await migratedDatabase();
  }, 60_000);
  afterAll(async () => {
    await fresh.close();
  });
  const inMonth = async (month: string) =>
    (await rows<{ starts: string }>(fresh, owner, `select to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as starts from public.coaching_sessions where to_char(starts_at, 'YYYY-MM') = $1 order by starts_at`, [month])).map(
      (r) => r.starts,
    );

  it('two runs at once make each session once', async () => {
    const api = dataApiClient(fresh);
    const [a, b] = await Promise.all([keepSchedule(api, new Date('2027-03-01T09:00:00Z')), keepSchedule(api, new Date('2027-03-01T09:00:00Z'))]);
    expect(a.created.length + b.created.length).toBe(3);
    expect(await rows(fresh, owner, `select count(*)::int as n from public.coaching_sessions`)).toEqual([{ n: 3 }]);
  });

  it('the run after a session was moved an hour leaves one session in that month; a cancelled slot is not made again', async () => {
    await fresh.query(`update public.coaching_sessions set starts_at = starts_at + interval '1 hour', ends_at = ends_at + interval '1 hour' where starts_at = '2027-04-29T16:00:00Z'`);
    await fresh.query(`update public.coaching_sessions set is_active = false, cancelled_at = now() where starts_at = '2027-05-27T16:00:00Z'`);
    await keepSchedule(dataApiClient(fresh), new Date('2027-03-02T09:00:00Z'));
    await keepSchedule(dataApiClient(fresh), new Date('2027-03-26T09:00:00Z'));
    expect(await inMonth('2027-04')).toEqual(['2027-04-29T17:00']);
    expect(await inMonth('2027-05')).toEqual(['2027-05-27T16:00']);
    expect(await inMonth('2027-06')).toEqual(['2027-06-24T16:00']);
  });
});

describe('ids from outside, as they are given', () => {
  it('disputes with dp_ and du_ ids are recorded alike', async () => {
    await db.query(`insert into public.purchases (user_id, price_id, product_type, checkout_session_id, payment_intent_id, amount, currency, status)
                    values ('uid_dp', 'price_app_stillpoint', 'app', 'cs_dp', 'pi_dp', 2900, 'usd', 'paid'), ('uid_du', 'price_app_stillpoint', 'app', 'cs_du', 'pi_du', 2900, 'usd', 'paid')`);
    for (const [id, session] of [
      ['dp_1PqRsTuVwXyZ', 'cs_dp'],
      ['du_1AbCdEfGhIjK', 'cs_du'],
    ]) {
      expect(
        await refusal(service, `insert into public.disputes (dispute_id, charge_id, checkout_session_id, status, opened_at) values ($1, $2, $3, 'open', now())`, [id, `py_${id}`, session]),
        id,
      ).toBeNull();
    }
    expect(await rows(db, owner, `select checkout_session_id, dispute_status from public.purchases where checkout_session_id in ('cs_dp', 'cs_du') order by 1`)).toEqual([
      { checkout_session_id: 'cs_dp', dispute_status: 'open' },
      { checkout_session_id: 'cs_du', dispute_status: 'open' },
    ]);
    expect((await refusal(service, `insert into public.disputes (dispute_id, charge_id, checkout_session_id, status, opened_at) values ('', 'ch_x', 'cs_dp', 'open', now())`))?.code).toBe('23514');
  });
});

describe('rate limits per member', () => {
  it('count_member_request counts each of twenty racing requests once, per member and door', async () => {
    const api = dataApiClient(db);
    const counts = await Promise.all(Array.from({ length: 20 }, () => api.rpc('count_member_request', { member: 'uid-busy', door: 'coaching-confirmation', window_seconds: 600 })));
    expect(counts.map((c) => c.data).sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await api.rpc('count_member_request', { member: 'uid-calm', door: 'coaching-confirmation', window_seconds: 600 })).data).toBe(1);
    // Members never call it.
    const asBusy = asMember('uid-busy');
    expect((await asBusy.rpc('count_member_request', { member: 'uid-busy', door: 'coaching-confirmation', window_seconds: 600 })).error).not.toBeNull();
  });
});
