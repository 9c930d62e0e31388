/**
 * The rules 20261125000200_webhook_order.sql keeps in the database, statement by statement, as
 * the webhook's upserts (insert ... on conflict do update) and the tier update write them with
 * the service role (the races themselves: webhook-races.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { failure, migratedDatabase, owner, rows, service } from '../support/db';

let db: PGlite;
beforeAll(async () => {
  db = await migratedDatabase();
  await db.exec(`insert into public.profiles (id, email, membership_tier) values ('uid_o', 'o@example.com', 'Explorer');
                 insert into public.stripe_customers (user_id, customer_id) values ('uid_o', 'cus_o');`);
}, 60_000);

const upsertPurchase = `insert into public.purchases (user_id, price_id, product_type, checkout_session_id, amount, currency, status, refunded_at)
  values ('uid_o', 'price_app_stillpoint', 'app', $1, 2900, 'usd', $2, $3)
  on conflict (checkout_session_id) do update set status = excluded.status, refunded_at = excluded.refunded_at returning status, refunded_at`;

async function purchaseAfter(session: string, statuses: string[]): Promise<{ status: string; refunded_at: string | null }> {
  let last: { status: string; refunded_at: string | null } | undefined;
  for (const [i, status] of statuses.entries()) {
    const refundedAt = status === 'refunded' ? `2026-11-2${i}T10:00:00Z` : null;
    [last] = await rows<{ status: string; refunded_at: string | null }>(db, service, upsertPurchase, [session, status, refundedAt]);
  }
  return last!;
}

describe('a purchase’s status only moves forward', () => {
  it.each([
    [['pending', 'paid'], 'paid'],
    [['pending', 'failed'], 'failed'],
    [['paid', 'pending'], 'paid'],
    [['failed', 'pending'], 'failed'],
    [['failed', 'paid'], 'failed'],
    [['paid', 'failed'], 'paid'],
    [['paid', 'refunded'], 'refunded'],
    [['refunded', 'paid'], 'refunded'],
    [['refunded', 'pending'], 'refunded'],
    [['pending', 'refunded', 'paid', 'failed'], 'refunded'],
  ])('%j ends %s, and the upsert returns what is stored', async (statuses, expected) => {
    const session = `cs_order_${statuses.join('_')}`;
    const stored = await purchaseAfter(session, statuses);
    expect(stored.status).toBe(expected);
    expect(await rows(db, owner, `select status from public.purchases where checkout_session_id = $1`, [session])).toEqual([{ status: expected }]);
  });

  it('keeps the first refund’s time', async () => {
    const stored = await purchaseAfter('cs_order_refund_twice', ['paid', 'refunded', 'refunded']);
    expect(new Date(stored.refunded_at!).toISOString()).toBe('2026-11-21T10:00:00.000Z');
  });

  it('leaves other updates alone (account deletion anonymises the member id)', async () => {
    await purchaseAfter('cs_order_anon', ['paid']);
    expect(await failure(db, service, `update public.purchases set user_id = 'deleted:x' where checkout_session_id = 'cs_order_anon'`)).toBeNull();
    expect(await rows(db, owner, `select user_id, status from public.purchases where checkout_session_id = 'cs_order_anon'`)).toEqual([{ user_id: 'deleted:x', status: 'paid' }]);
  });
});

const upsertSubscription = `insert into public.stripe_subscriptions (customer_id, subscription_id, price_id, subscription_status)
  values ('cus_o', $1, 'price_alchemist_monthly', $2)
  on conflict (customer_id) do update set subscription_id = excluded.subscription_id, subscription_status = excluded.subscription_status
  returning subscription_id, subscription_status`;
const subscription = async (id: string, status: string) => (await rows(db, service, upsertSubscription, [id, status]))[0];

describe('an ended subscription stays ended', () => {
  it('a live state read before the end, written after it, leaves it ended (and says so)', async () => {
    expect(await subscription('sub_a', 'active')).toEqual({ subscription_id: 'sub_a', subscription_status: 'active' });
    expect(await subscription('sub_a', 'canceled')).toEqual({ subscription_id: 'sub_a', subscription_status: 'canceled' });
    expect(await subscription('sub_a', 'active')).toEqual({ subscription_id: 'sub_a', subscription_status: 'canceled' });
    expect(await subscription('sub_a', 'past_due')).toEqual({ subscription_id: 'sub_a', subscription_status: 'canceled' });
  });

  it('a new subscription replaces an ended one; the late end of an older one never replaces a live one', async () => {
    expect(await subscription('sub_b', 'active')).toEqual({ subscription_id: 'sub_b', subscription_status: 'active' });
    expect(await subscription('sub_a', 'canceled')).toEqual({ subscription_id: 'sub_b', subscription_status: 'active' });
    expect(await subscription('sub_b', 'past_due')).toEqual({ subscription_id: 'sub_b', subscription_status: 'past_due' });
  });

  it('a tier the service role writes is Explorer while the stored subscription has ended; the owner may still set one', async () => {
    await subscription('sub_b', 'active');
    await failure(db, service, `update public.profiles set membership_tier = 'Alchemist' where id = 'uid_o'`);
    expect(await rows(db, owner, `select membership_tier from public.profiles where id = 'uid_o'`)).toEqual([{ membership_tier: 'Alchemist' }]);
    await subscription('sub_b', 'canceled');
    await failure(db, service, `update public.profiles set membership_tier = 'Alchemist' where id = 'uid_o'`);
    expect(await rows(db, owner, `select membership_tier from public.profiles where id = 'uid_o'`)).toEqual([{ membership_tier: 'Explorer' }]);
    await db.query(`update public.profiles set membership_tier = 'Adventurer' where id = 'uid_o'`);
    expect(await rows(db, owner, `select membership_tier from public.profiles where id = 'uid_o'`)).toEqual([{ membership_tier: 'Adventurer' }]);
  });
});

const upsertCreated = `insert into public.stripe_subscriptions (customer_id, subscription_id, price_id, subscription_status, subscription_created)
  values ($1, $2, $3, $4, $5)
  on conflict (customer_id) do update set subscription_id = excluded.subscription_id, price_id = excluded.price_id,
    subscription_status = excluded.subscription_status, subscription_created = excluded.subscription_created
  returning subscription_id, price_id, subscription_status`;

describe('a newer live subscription stays (Stripe’s created decides)', () => {
  const customer = 'cus_created';
  beforeAll(async () => {
    await db.exec(`insert into public.profiles (id, email) values ('uid_created', 'c@example.com');
                   insert into public.stripe_customers (user_id, customer_id) values ('uid_created', '${customer}');`);
  });
  const write = async (id: string, price: string, status: string, created: number | null) => (await rows(db, service, upsertCreated, [customer, id, price, status, created]))[0];

  it('a late live state of an older subscription never replaces a newer live one; the newer one still changes, and an older one may follow a newer one that ended', async () => {
    // Adventurer (created first), then the member moves to Alchemist: two subscriptions at Stripe for a moment.
    expect(await write('sub_old', 'price_adventurer_monthly', 'active', 1_700_000_000)).toMatchObject({ subscription_id: 'sub_old' });
    expect(await write('sub_new', 'price_alchemist_monthly', 'active', 1_700_000_600)).toMatchObject({ subscription_id: 'sub_new' });
    // The old one's "updated", read while it was still live, arrives late.
    expect(await write('sub_old', 'price_adventurer_monthly', 'active', 1_700_000_000)).toEqual({ subscription_id: 'sub_new', price_id: 'price_alchemist_monthly', subscription_status: 'active' });
    expect(await write('sub_old', 'price_adventurer_monthly', 'past_due', 1_700_000_000)).toMatchObject({ subscription_id: 'sub_new' });
    expect(await write('sub_new', 'price_alchemist_monthly', 'past_due', 1_700_000_600)).toMatchObject({ subscription_id: 'sub_new', subscription_status: 'past_due' });
    // Once the newer one has ended, a live older one is what the member has.
    expect(await write('sub_new', 'price_alchemist_monthly', 'canceled', 1_700_000_600)).toMatchObject({ subscription_id: 'sub_new', subscription_status: 'canceled' });
    expect(await write('sub_old', 'price_adventurer_monthly', 'active', 1_700_000_000)).toMatchObject({ subscription_id: 'sub_old', subscription_status: 'active' });
  });

  it('a subscription whose creation time is not known is ordered by the earlier rules alone', async () => {
    expect(await write('sub_x', 'price_adventurer_monthly', 'active', null)).toMatchObject({ subscription_id: 'sub_x' });
    expect(await write('sub_y', 'price_alchemist_monthly', 'active', 1_700_000_000)).toMatchObject({ subscription_id: 'sub_y' });
  });
});
