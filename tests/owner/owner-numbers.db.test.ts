/**
 * The owner's numbers (supabase/migrations/20261207000100_owner_numbers.sql; "finished" against the
 * course's lessons the database lists since 20261208200000_owner_lessons_known.sql) on a data set whose
 * answers are worked out by hand, written as the webhook writes (the service role's upserts of
 * stripe_subscriptions, purchases and disputes) so the subscription history is the trigger's:
 * March 2026 in Berlin is [28 Feb 23:00 UTC, 31 Mar 22:00 UTC) (CET at its start, CEST at its end:
 * the clocks went forward on 29 March), annual plans count at a twelfth, a refund and a lost
 * dispute come off in the month they happened, a subscription ending exactly at the month's end
 * is in that month's MRR and cancelled in the next, an upgrade is neither a cancellation nor a new
 * member, a repeated delivery changes nothing, and every count from 1 to 4 comes back as null.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { failure, migratedDatabase, owner, rows, service, visitor, member } from '../support/db';

let db: PGlite;
const epoch = (iso: string) => Math.floor(Date.parse(iso) / 1000);

type Sub = { customer: string; subscription: string; price: string; tier: string; amount: number; interval: 'month' | 'year'; created: string; status?: string; ended?: string };

/** The webhook's write of a subscription (src/features/commerce/server/webhook/sync.ts): one upsert on the customer. */
const upsertSubscription = (s: Sub) =>
  rows(
    db,
    service,
    `insert into public.stripe_subscriptions (customer_id, subscription_id, price_id, subscription_status, subscription_created, plan_tier,
       plan_amount, plan_currency, plan_interval, plan_interval_count, ended_at)
     values ($1, $2, $3, $4, $5, $6, $7, 'usd', $8, 1, $9)
     on conflict (customer_id) do update set subscription_id = excluded.subscription_id, price_id = excluded.price_id,
       subscription_status = excluded.subscription_status, subscription_created = excluded.subscription_created, plan_tier = excluded.plan_tier,
       plan_amount = excluded.plan_amount, plan_currency = excluded.plan_currency, plan_interval = excluded.plan_interval,
       plan_interval_count = excluded.plan_interval_count, ended_at = excluded.ended_at`,
    [s.customer, s.subscription, s.price, s.status ?? 'active', epoch(s.created), s.tier, s.amount, s.interval, s.ended ? epoch(s.ended) : null],
  );

async function memberWithSubscription(memberId: string, created: string, sub: Omit<Sub, 'customer' | 'subscription' | 'created'>, options: { verified?: boolean; ended?: string } = {}) {
  await rows(db, owner, `insert into public.profiles (id, email, created_at, email_verified) values ($1, $2, $3, $4)`, [memberId, `${memberId}@example.com`, created, options.verified ?? true]);
  await rows(db, owner, `insert into public.stripe_customers (user_id, customer_id) values ($1, $2)`, [memberId, `cus_${memberId}`]);
  const s: Sub = { ...sub, customer: `cus_${memberId}`, subscription: `sub_${memberId}`, created };
  await upsertSubscription(s);
  if (options.ended) await upsertSubscription({ ...s, status: 'canceled', ended: options.ended });
}

const ADVENTURER = { price: 'price_adventurer_monthly', tier: 'Adventurer', amount: 3900, interval: 'month' as const };
const ALCHEMIST = { price: 'price_alchemist_monthly', tier: 'Alchemist', amount: 6900, interval: 'month' as const };
const ALCHEMIST_YEAR = { price: 'price_alchemist_annual', tier: 'Alchemist', amount: 69000, interval: 'year' as const };

const MARCH_END = '2026-03-31T22:00:00Z'; // 1 April 00:00 in Berlin (CEST)

beforeAll(async () => {
  db = await migratedDatabase();
  for (let i = 1; i <= 5; i++) await memberWithSubscription(`a${i}`, '2026-01-10T12:00:00Z', ADVENTURER); // paying throughout
  for (let i = 1; i <= 2; i++) await memberWithSubscription(`b${i}`, '2026-01-15T12:00:00Z', ALCHEMIST_YEAR); // 690 a year: 57.50 a month
  await memberWithSubscription('c', '2026-01-05T12:00:00Z', ALCHEMIST, { ended: MARCH_END }); // ends exactly as April begins in Berlin
  await memberWithSubscription('d', '2026-01-05T12:00:00Z', ALCHEMIST, { ended: '2026-03-31T22:30:00Z' }); // 1 April 00:30 CEST (31 March in UTC)
  for (let i = 1; i <= 5; i++) await memberWithSubscription(`e${i}`, '2026-01-05T12:00:00Z', ADVENTURER, { ended: '2026-03-31T21:30:00Z' }); // 31 March 23:30 CEST
  for (let i = 1; i <= 5; i++) await memberWithSubscription(`f${i}`, '2026-02-28T23:30:00Z', ALCHEMIST); // 1 March 00:30 CET (28 February in UTC)
  await memberWithSubscription('g', '2026-02-28T22:30:00Z', ALCHEMIST, { verified: false }); // 28 February 23:30 CET

  // One-time purchases: five apps in March (one refunded in March), a course in March and one
  // bought at 00:15 on 1 April in Berlin, and a Founding Membership bought in February whose
  // dispute was lost in March.
  const purchase = (user: string, session: string, type: string, price: string, amount: number, at: string) =>
    rows(db, service, `insert into public.purchases (user_id, price_id, product_type, checkout_session_id, amount, currency, status, purchased_at) values ($1, $2, $3, $4, $5, 'usd', 'paid', $6)`, [
      user,
      price,
      type,
      session,
      amount,
      at,
    ]);
  for (let i = 1; i <= 5; i++) await purchase(`a${i}`, `cs_app_${i}`, 'app', 'price_app_stillpoint', 2900, `2026-03-1${i}T10:00:00Z`);
  await rows(db, service, `update public.purchases set status = 'refunded', refunded_at = '2026-03-20T10:00:00Z' where checkout_session_id = 'cs_app_1'`);
  await purchase('a1', 'cs_course_march', 'course', 'price_master_alchemist_course', 19700, '2026-03-15T10:00:00Z');
  await purchase('a2', 'cs_course_april', 'course', 'price_master_alchemist_course', 19700, '2026-03-31T22:15:00Z');
  await rows(db, owner, `insert into public.profiles (id, email, created_at) values ('founder', 'founder@example.com', '2026-01-20T10:00:00Z')`);
  await purchase('founder', 'cs_founding', 'membership', 'price_founding_membership', 69000, '2026-02-10T10:00:00Z');
  await rows(
    db,
    service,
    `insert into public.disputes (dispute_id, charge_id, checkout_session_id, status, opened_at, closed_at) values ('du_founding', 'ch_founding', 'cs_founding', 'lost', '2026-02-20T10:00:00Z', '2026-03-05T10:00:00Z')`,
  );

  // Coaching in March: five sessions held (one of them after the clocks changed), one cancelled,
  // and one at 00:30 on 1 April in Berlin; twelve seats taken, seven who came.
  const starts = ['2026-03-05T17:00:00Z', '2026-03-12T17:00:00Z', '2026-03-19T17:00:00Z', '2026-03-26T17:00:00Z', '2026-03-30T16:00:00Z'];
  for (const [i, at] of starts.entries()) {
    await rows(db, owner, `insert into public.coaching_sessions (id, starts_at, ends_at, max_spots) values ($1, $2, $2::timestamptz + interval '1 hour', 20)`, [`00000000-0000-4000-8000-00000000000${i}`, at]);
  }
  await rows(db, owner, `insert into public.coaching_sessions (starts_at, ends_at, max_spots, is_active, cancelled_at) values ('2026-03-24T17:00:00Z', '2026-03-24T18:00:00Z', 20, false, '2026-03-20T10:00:00Z')`);
  await rows(db, owner, `insert into public.coaching_sessions (id, starts_at, ends_at, max_spots) values ('00000000-0000-4000-8000-000000000009', '2026-03-31T22:30:00Z', '2026-03-31T23:30:00Z', 20)`);
  const signup = (user: string, session: number, joined: string | null, attendance: string | null) =>
    rows(db, owner, `insert into public.coaching_session_signups (user_id, session_id, name, email, joined_at, attendance) values ($1, $2, 'Guest', $3, $4, $5)`, [
      user,
      `00000000-0000-4000-8000-00000000000${session}`,
      `${user}-${session}@example.com`,
      joined,
      attendance,
    ]);
  for (let i = 1; i <= 5; i++) await signup(`a${i}`, 0, '2026-03-05T17:01:00Z', null); // came (the join link)
  await signup('b1', 1, null, 'joined'); // came (the coach's word)
  await signup('b2', 1, '2026-03-12T17:02:00Z', 'joined'); // came
  await signup('c', 1, '2026-03-12T17:02:00Z', 'absent'); // the coach says not
  for (let i = 1; i <= 4; i++) await signup(`f${i}`, 3, null, null); // did not come
  await signup('f5', 9, '2026-03-31T22:31:00Z', null); // April's session

  // The course (its 27 lessons, as the database lists them): a1..a5 finish it in March, e1
  // completes two lessons in March, f1 one in February, and b1 completes 27 rows in March that are
  // not the course (26 of its lessons and one it no longer lists): b1 has not finished.
  const slugs = (await rows<{ slug: string }>(db, owner, `select slug from private.course_lessons where course = 'master-alchemist-course' order by position`)).map((l) => l.slug);
  expect(slugs).toHaveLength(27);
  const progress = (memberId: string, lesson: string, at: string) =>
    rows(db, owner, `insert into public.lesson_progress (member_id, lesson_slug, completed_at) values ($1, $2, $3)`, [memberId, lesson, at]);
  for (let i = 1; i <= 5; i++) for (const lesson of slugs) await progress(`a${i}`, lesson, '2026-03-20T10:00:00Z');
  for (const lesson of slugs.slice(0, 2)) await progress('e1', lesson, '2026-03-21T10:00:00Z');
  await progress('f1', slugs[0]!, '2026-02-28T22:59:00Z');
  for (const lesson of [...slugs.slice(0, 26), 'a-lesson-no-longer-listed']) await progress('b1', lesson, '2026-03-22T10:00:00Z');

  // The Lounge in March: five members breathed (one of them also reset), two reset; one breathed at 00:10 on 1 April.
  for (let i = 1; i <= 5; i++) await rows(db, owner, `insert into public.breathing_sessions (user_id, pattern, seconds, finished_at) values ($1, 'box', 60, '2026-03-29T01:30:00Z')`, [`a${i}`]);
  await rows(db, owner, `insert into public.breathing_sessions (user_id, pattern, seconds, finished_at) values ('b1', 'box', 60, '2026-03-31T22:10:00Z')`);
  for (const user of ['a1', 'b2']) await rows(db, owner, `insert into public.resets (user_id, feeling, reset, intensity_before, intensity_after, finished_at) values ($1, 'anger', 'stop-pause', 7, 4, '2026-03-10T10:00:00Z')`, [user]);
}, 120_000);

type Money = {
  mrr: { currency: string; amount: number }[];
  mrr_by_plan: { price_id: string; tier: string; interval: string; members: number | null; mrr: number }[];
  one_time: { product: string; sold: number | null; gross: number; refunds: number | null; refunded: number; lost_disputes: number | null; disputed: number; net: number }[];
  new_paying: number | null;
  cancellations: number | null;
  churn: { paying_30_days_before: number | null; lost: number | null; rate: number | null };
};
type Numbers = { money: Money; money_before: Money; members: Record<string, unknown>; coaching: Record<string, unknown>; course: Record<string, unknown>; lounge: Record<string, unknown> };

const numbers = async (month: string) => (await rows<{ n: Numbers }>(db, service, `select public.owner_numbers($1::date) as n`, [month]))[0]!.n;

describe('the owner’s money', () => {
  it('MRR at the end of March in Berlin, by plan, an annual plan at a twelfth; February beside it', async () => {
    const { money, money_before } = await numbers('2026-03-01');
    // a 5 × 39 + b 2 × 690 / 12 + c, d, f1..f5, g 8 × 69 (c ends exactly as April begins; e ended at 23:30 on 31 March).
    expect(money.mrr).toEqual([{ currency: 'usd', amount: 5 * 3900 + 2 * 5750 + 8 * 6900 }]);
    expect(money.mrr_by_plan.map(({ price_id, members, mrr }) => ({ price_id, members, mrr }))).toEqual([
      { price_id: 'price_adventurer_monthly', members: 5, mrr: 19500 },
      { price_id: 'price_alchemist_annual', members: null, mrr: 11500 },
      { price_id: 'price_alchemist_monthly', members: 8, mrr: 55200 },
    ]);
    // February's end (28 Feb 23:00 UTC): a, b, c, d, e1..e5 and g; f started half an hour later.
    expect(money_before.mrr).toEqual([{ currency: 'usd', amount: 5 * 3900 + 2 * 5750 + 3 * 6900 + 5 * 3900 }]);
  });

  it('new paying members, cancellations and churn by Berlin’s months, across the change of clocks', async () => {
    const { money, money_before } = await numbers('2026-03-15');
    expect(money.new_paying).toBe(5); // f1..f5 at 00:30 on 1 March (CET)
    expect(money.cancellations).toBe(5); // e1..e5 at 23:30 on 31 March (CEST); c and d are April's
    // Paying on 1 March 23:00 CET (30 days before the end): a5, b2, c, d, e5, f5, g = 20; lost by the end: e1..e5.
    expect(money.churn).toEqual({ paying_30_days_before: 20, lost: 5, rate: 25 });
    expect(money_before.new_paying).toBeNull(); // g alone: fewer than 5
    expect(money_before.cancellations).toBe(0);
    const april = await numbers('2026-04-01');
    expect(april.money.cancellations).toBeNull(); // c and d: fewer than 5
    expect(april.money.mrr).toEqual([{ currency: 'usd', amount: 5 * 3900 + 2 * 5750 + 6 * 6900 }]);
  });

  it('one-time revenue by product, a refund and a lost dispute taken off in the month they happened', async () => {
    const { money, money_before } = await numbers('2026-03-01');
    expect(money.one_time).toEqual([
      { product: 'apps', currency: 'usd', sold: 5, gross: 14500, refunds: null, refunded: 2900, lost_disputes: 0, disputed: 0, net: 11600 },
      { product: 'course', currency: 'usd', sold: null, gross: 19700, refunds: 0, refunded: 0, lost_disputes: 0, disputed: 0, net: 19700 },
      { product: 'founding', currency: 'usd', sold: 0, gross: 0, refunds: 0, refunded: 0, lost_disputes: null, disputed: 69000, net: -69000 },
    ]);
    expect(money_before.one_time).toEqual([{ product: 'founding', currency: 'usd', sold: null, gross: 69000, refunds: 0, refunded: 0, lost_disputes: 0, disputed: 0, net: 69000 }]);
  });

  it('an upgrade is neither a cancellation nor a new paying member, and a late or repeated delivery changes nothing', async () => {
    await memberWithSubscription('h', '2026-05-02T10:00:00Z', ADVENTURER);
    const upgraded: Sub = { customer: 'cus_h', subscription: 'sub_h2', created: '2026-05-12T10:00:00Z', ...ALCHEMIST };
    await upsertSubscription(upgraded);
    await upsertSubscription(upgraded); // the same event again
    // The old subscription's late end: the stored row keeps the new one (20261201110000), and so does the history.
    await upsertSubscription({ customer: 'cus_h', subscription: 'sub_h', created: '2026-05-02T10:00:00Z', ...ADVENTURER, status: 'canceled', ended: '2026-05-12T10:00:05Z' });
    const spans = await rows(db, owner, `select subscription_id, started_at, ended_at from private.subscription_spans where customer_id = 'cus_h' order by started_at`);
    expect(spans).toEqual([
      { subscription_id: 'sub_h', started_at: new Date('2026-05-02T10:00:00Z'), ended_at: new Date('2026-05-12T10:00:00Z') },
      { subscription_id: 'sub_h2', started_at: new Date('2026-05-12T10:00:00Z'), ended_at: null },
    ]);
    const may = await numbers('2026-05-01');
    expect(may.money.cancellations).toBe(0);
    expect(may.money.new_paying).toBeNull(); // h, once: fewer than 5
    expect(may.money.mrr).toEqual([{ currency: 'usd', amount: 5 * 3900 + 2 * 5750 + 7 * 6900 }]);
  });
});

describe('the owner’s other numbers for March 2026', () => {
  it('members by tier at the month’s end, sign-ups and verified by Berlin’s month', async () => {
    const { members } = await numbers('2026-03-01');
    // Adventurer a1..a5; Alchemist b1, b2, c, d, f1..f5, g; Explorer e1..e5 and the founder (the Founding Membership lost in a dispute).
    expect(members).toEqual({ by_tier: { Explorer: 6, Adventurer: 5, Alchemist: 10, Founding: 0 }, total: 21, sign_ups: 5, verified: 5 });
    expect((await numbers('2026-02-01')).members).toMatchObject({ by_tier: { Founding: null }, sign_ups: null, verified: 0 });
  });

  it('coaching: sessions held, seats taken of those offered, registrants who came', async () => {
    expect((await numbers('2026-03-01')).coaching).toEqual({ sessions_held: 5, seats_offered: 100, seats_taken: 12, came: 7 });
  });

  it('the course: members who opened a lesson (none here: tests/owner/course-openings.db.test.ts), lessons completed, and who finished: every lesson the database lists, asked with the month alone', async () => {
    expect((await numbers('2026-03-01')).course).toEqual({ members_opened: 0, lessons_completed: 5 * 27 + 2 + 27, members_finished: 5, lessons: 27 });
    expect((await numbers('2026-02-01')).course).toEqual({ members_opened: 0, lessons_completed: null, members_finished: 0, lessons: 27 });
    expect((await numbers('2026-04-01')).course).toMatchObject({ members_finished: 0 });
    // The page's lesson count is gone: the function takes the month alone.
    expect(await failure(db, service, `select public.owner_numbers('2026-03-01'::date, 27)`)).toBe('42883');
  });

  it('the Lounge: members who practised, by app', async () => {
    expect((await numbers('2026-03-01')).lounge).toEqual({
      stillpoint: 5,
      'the-bloom-book': 0,
      'whispers-before-sleep': 0,
      'rise-mode': 0,
      mindstage: 0,
      'the-reset-room': null,
      any: 6,
    });
  });

  it('the twelve months for the charts, oldest first', async () => {
    const trend = (await rows<{ t: { month: string; mrr: unknown; one_time_net: unknown; paying: number | null; sign_ups: number | null }[] }>(db, service, `select public.owner_trend('2026-03-10') as t`))[0]!.t;
    expect(trend.map((m) => m.month)).toEqual(['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
    expect(trend.at(-1)).toEqual({
      month: '2026-03',
      mrr: [{ currency: 'usd', amount: 86200 }],
      one_time_net: [{ currency: 'usd', amount: 11600 + 19700 - 69000 }],
      paying: 15,
      sign_ups: 5,
    });
    expect(trend[0]).toEqual({ month: '2025-04', mrr: [], one_time_net: [], paying: 0, sign_ups: 0 });
  });
});

describe('who may read them', () => {
  it('only the service role calls the owner’s functions; the history is no one else’s', async () => {
    for (const who of [visitor, member('a1')]) {
      expect(await failure(db, who, `select public.owner_numbers('2026-03-01')`)).toBe('42501');
      expect(await failure(db, who, `select public.owner_trend('2026-03-01')`)).toBe('42501');
      expect(await failure(db, who, `select count(*) from private.subscription_spans`)).toBe('42501');
    }
    expect(await failure(db, service, `select count(*) from private.subscription_spans`)).toBe('42501');
    expect(await failure(db, service, `select private.owner_money('2026-03-01')`)).toBe('42501');
  });
});
