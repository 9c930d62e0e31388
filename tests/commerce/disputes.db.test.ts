/**
 * The rules 20261201120000_disputes.sql keeps, statement by statement, as the webhook writes
 * them with the service role (the webhook's races: webhook-races.db.test.ts; end to end on the
 * Stripe stand-in: stripe-webhook-disputes.function.test.ts):
 *   - a dispute's status only moves forward (open, then won or lost, final; the first closing time stays);
 *   - the purchase or subscription it is about takes what its disputes say now (lost over open
 *     over won), whether the dispute or the row is written first, and a subscription row that
 *     now holds another subscription starts clean;
 *   - a tier the service role writes is Explorer while the stored subscription is disputed;
 *   - members never read disputes, only the status on their own rows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { failure, hidden, member, migratedDatabase, owner, rows, service } from '../support/db';

let db: PGlite;
beforeAll(async () => {
  db = await migratedDatabase();
  await db.exec(`insert into public.profiles (id, email, membership_tier) values ('uid_d', 'd@example.com', 'Alchemist');
                 insert into public.stripe_customers (user_id, customer_id) values ('uid_d', 'cus_d');`);
}, 60_000);

/** The webhook's upsert of a dispute (insert ... on conflict do update set every column), returning what is stored. */
const upsertDispute = `insert into public.disputes (dispute_id, charge_id, checkout_session_id, subscription_id, status, opened_at, closed_at)
  values ($1, $2, $3, $4, $5, $6, $7)
  on conflict (dispute_id) do update set charge_id = excluded.charge_id, checkout_session_id = excluded.checkout_session_id,
    subscription_id = excluded.subscription_id, status = excluded.status, opened_at = excluded.opened_at, closed_at = excluded.closed_at
  returning status, closed_at`;
const OPENED = '2026-11-20T10:00:00Z';
const dispute = async (id: string, about: { session?: string; subscription?: string }, status: string, closedAt: string | null = null) =>
  (await rows<{ status: string; closed_at: string | null }>(db, service, upsertDispute, [id, `ch_${id}`, about.session ?? null, about.subscription ?? null, status, OPENED, closedAt]))[0]!;

const upsertPurchase = `insert into public.purchases (user_id, price_id, product_type, checkout_session_id, payment_intent_id, amount, currency, status)
  values ('uid_d', 'price_app_stillpoint', 'app', $1, $2, 2900, 'usd', 'paid')
  on conflict (checkout_session_id) do update set status = excluded.status returning dispute_status, dispute_since`;
const purchase = async (session: string) => (await rows<{ dispute_status: string | null; dispute_since: string | null }>(db, service, upsertPurchase, [session, `pi_${session}`]))[0]!;
const purchaseState = async (session: string) => (await rows<{ dispute_status: string | null }>(db, owner, `select dispute_status from public.purchases where checkout_session_id = $1`, [session]))[0]?.dispute_status;

const upsertSubscription = `insert into public.stripe_subscriptions (customer_id, subscription_id, price_id, subscription_status, plan_tier)
  values ('cus_d', $1, 'price_alchemist_monthly', 'active', 'Alchemist')
  on conflict (customer_id) do update set subscription_id = excluded.subscription_id, subscription_status = excluded.subscription_status, plan_tier = excluded.plan_tier
  returning subscription_id, dispute_status`;
const subscription = async (id: string) => (await rows<{ subscription_id: string; dispute_status: string | null }>(db, service, upsertSubscription, [id]))[0]!;
const tierAfterWrite = async () => {
  await failure(db, service, `update public.profiles set membership_tier = 'Alchemist' where id = 'uid_d'`);
  return (await rows<{ membership_tier: string }>(db, owner, `select membership_tier from public.profiles where id = 'uid_d'`))[0]!.membership_tier;
};

describe('a dispute’s status only moves forward', () => {
  it.each([
    [['open', 'won'], 'won'],
    [['open', 'lost'], 'lost'],
    [['won', 'open'], 'won'],
    [['lost', 'open'], 'lost'],
    [['won', 'lost'], 'won'],
    [['lost', 'won'], 'lost'],
    [['open', 'open', 'lost', 'open', 'won'], 'lost'],
  ])('%j ends %s, and the upsert returns what is stored', async (statuses, expected) => {
    const id = `du_order_${statuses.join('_')}`;
    let stored = { status: '' };
    for (const [i, status] of statuses.entries()) stored = await dispute(id, { session: `cs_${id}` }, status, status === 'open' ? null : `2026-11-2${i}T12:00:00Z`);
    expect(stored.status).toBe(expected);
  });

  it('keeps the first closing time', async () => {
    await dispute('du_twice', { session: 'cs_twice' }, 'lost', '2026-11-21T12:00:00Z');
    const stored = await dispute('du_twice', { session: 'cs_twice' }, 'lost', '2026-11-25T12:00:00Z');
    expect(new Date(stored.closed_at!).toISOString()).toBe('2026-11-21T12:00:00.000Z');
  });

  it('refuses a dispute about nothing, or about both a purchase and a subscription', async () => {
    expect(await failure(db, service, upsertDispute, ['du_none', 'ch_none', null, null, 'open', OPENED, null])).toBe('23514');
    expect(await failure(db, service, upsertDispute, ['du_both', 'ch_both', 'cs_both', 'sub_both', 'open', OPENED, null])).toBe('23514');
  });
});

describe('what a dispute’s charge bought', () => {
  it('a purchase: open, then won; a purchase written after its dispute takes it; a lost one stays lost', async () => {
    await purchase('cs_p1');
    await dispute('du_p1', { session: 'cs_p1' }, 'open');
    expect(await purchaseState('cs_p1')).toBe('open');
    await dispute('du_p1', { session: 'cs_p1' }, 'won', '2026-11-22T12:00:00Z');
    expect(await purchaseState('cs_p1')).toBe('won');
    // A retried checkout event after the dispute changes nothing of it.
    expect((await purchase('cs_p1')).dispute_status).toBe('won');

    await dispute('du_p2', { session: 'cs_p2' }, 'lost', '2026-11-22T12:00:00Z');
    expect(await purchase('cs_p2')).toEqual({ dispute_status: 'lost', dispute_since: expect.anything() });
  });

  it('a subscription with several disputed payments: lost over open over won', async () => {
    await subscription('sub_d1');
    await dispute('du_s1', { subscription: 'sub_d1' }, 'open');
    expect((await subscription('sub_d1')).dispute_status).toBe('open');
    await dispute('du_s1', { subscription: 'sub_d1' }, 'won', '2026-11-22T12:00:00Z');
    expect((await subscription('sub_d1')).dispute_status).toBe('won');
    await dispute('du_s2', { subscription: 'sub_d1' }, 'open');
    expect((await subscription('sub_d1')).dispute_status).toBe('open');
    await dispute('du_s3', { subscription: 'sub_d1' }, 'lost', '2026-11-23T12:00:00Z');
    expect((await subscription('sub_d1')).dispute_status).toBe('lost');
    await dispute('du_s2', { subscription: 'sub_d1' }, 'won', '2026-11-24T12:00:00Z');
    expect((await subscription('sub_d1')).dispute_status).toBe('lost');
  });

  it('the tier the service role writes is Explorer while the stored subscription is disputed, its plan’s tier once won', async () => {
    await subscription('sub_d2');
    expect(await tierAfterWrite()).toBe('Alchemist');
    await dispute('du_t1', { subscription: 'sub_d2' }, 'open');
    expect(await tierAfterWrite()).toBe('Explorer');
    await dispute('du_t1', { subscription: 'sub_d2' }, 'won', '2026-11-22T12:00:00Z');
    expect(await tierAfterWrite()).toBe('Alchemist');
  });

  it('a subscription row that now holds another subscription starts clean; a dispute of the older one leaves it', async () => {
    await subscription('sub_d3');
    await dispute('du_r1', { subscription: 'sub_d3' }, 'open');
    expect((await subscription('sub_d3')).dispute_status).toBe('open');
    expect(await subscription('sub_d4')).toEqual({ subscription_id: 'sub_d4', dispute_status: null });
    await dispute('du_r1', { subscription: 'sub_d3' }, 'lost', '2026-11-25T12:00:00Z');
    expect((await subscription('sub_d4')).dispute_status).toBeNull();
  });

  it('members never read disputes, and read the status on their own purchase only', async () => {
    await purchase('cs_m1');
    await dispute('du_m1', { session: 'cs_m1' }, 'open');
    expect(await hidden(db, member('uid_d'), `select * from public.disputes`)).toBe(true);
    expect(await rows(db, member('uid_d'), `select dispute_status from public.purchases where checkout_session_id = 'cs_m1'`)).toEqual([{ dispute_status: 'open' }]);
    expect(await hidden(db, member('uid_other'), `select dispute_status from public.purchases where checkout_session_id = 'cs_m1'`)).toBe(true);
    expect(await hidden(db, member('uid_d'), `update public.purchases set dispute_status = 'won' where checkout_session_id = 'cs_m1'`)).toBe(true);
    expect(await purchaseState('cs_m1')).toBe('open');
  });
});
