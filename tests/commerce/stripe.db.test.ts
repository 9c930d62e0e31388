/** The Stripe tables on Postgres: who reads and writes stripe_customers and stripe_subscriptions. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { CHECK_VIOLATION, failure, hidden, member, migratedDatabase, RLS_VIOLATION, rows, service, visitor } from '../support/db';

let db: PGlite;
beforeAll(async () => {
  db = await migratedDatabase();
  await db.exec(`
    insert into public.stripe_customers (user_id, customer_id) values ('uid-a', 'cus_A'), ('uid-b', 'cus_B');
    insert into public.stripe_subscriptions
      (customer_id, subscription_id, price_id, subscription_status, current_period_start, current_period_end, payment_method_brand, payment_method_last4)
    values
      ('cus_A', 'sub_A', 'price_adventurer_monthly', 'active', 1754006400, 1756684800, 'visa', '4242'),
      ('cus_B', 'sub_B', 'price_alchemist_monthly', 'past_due', 1754006400, 1756684800, 'mastercard', '4444');`);
}, 60_000);

describe('stripe tables: a member', () => {
  it('reads only their own customer', async () => {
    expect(await rows(db, member('uid-a'), `select user_id, customer_id from public.stripe_customers`)).toEqual([{ user_id: 'uid-a', customer_id: 'cus_A' }]);
  });

  it('reads only their own subscription, through their customer id', async () => {
    expect(
      await rows(db, member('uid-a'), `select customer_id, price_id, subscription_status, current_period_end, cancel_at_period_end from public.stripe_subscriptions`),
    ).toEqual([{ customer_id: 'cus_A', price_id: 'price_adventurer_monthly', subscription_status: 'active', current_period_end: 1756684800, cancel_at_period_end: false }]);
    expect(await rows(db, member('uid-a'), `select customer_id from public.stripe_subscriptions where customer_id = 'cus_B'`)).toEqual([]);
  });

  it('with no Stripe customer reads nothing', async () => {
    expect(await rows(db, member('uid-n'), `select * from public.stripe_customers`)).toEqual([]);
    expect(await rows(db, member('uid-n'), `select * from public.stripe_subscriptions`)).toEqual([]);
  });

  it('writes nothing, not even their own rows', async () => {
    const who = member('uid-a');
    expect(await failure(db, who, `insert into public.stripe_customers (user_id, customer_id) values ('uid-a', 'cus_A2')`)).toBe(RLS_VIOLATION);
    expect(await failure(db, who, `insert into public.stripe_subscriptions (customer_id, subscription_status) values ('cus_A', 'active')`)).toBe(RLS_VIOLATION);
    expect(await hidden(db, who, `update public.stripe_subscriptions set price_id = 'price_alchemist_monthly' where customer_id = 'cus_A'`)).toBe(true);
    expect(await hidden(db, who, `update public.stripe_customers set customer_id = 'cus_B' where user_id = 'uid-a'`)).toBe(true);
    expect(await hidden(db, who, `delete from public.stripe_subscriptions`)).toBe(true);
    expect(await hidden(db, who, `delete from public.stripe_customers`)).toBe(true);
    expect(await rows(db, service, `select price_id from public.stripe_subscriptions where customer_id = 'cus_A'`)).toEqual([{ price_id: 'price_adventurer_monthly' }]);
  });
});

describe('stripe tables: a visitor', () => {
  it('reads and writes nothing', async () => {
    expect(await hidden(db, visitor, `select * from public.stripe_customers`)).toBe(true);
    expect(await hidden(db, visitor, `select * from public.stripe_subscriptions`)).toBe(true);
    expect(await failure(db, visitor, `insert into public.stripe_customers (user_id, customer_id) values ('uid-v', 'cus_V')`)).toBe(RLS_VIOLATION);
  });
});

describe('stripe tables: the service role', () => {
  it('upserts a subscription and the update time moves', async () => {
    const before = (await rows<{ updated_at: Date }>(db, service, `select updated_at from public.stripe_subscriptions where customer_id = 'cus_B'`))[0]!.updated_at;
    await new Promise((r) => setTimeout(r, 5));
    expect(
      await failure(
        db,
        service,
        `insert into public.stripe_subscriptions (customer_id, subscription_status, cancel_at_period_end) values ('cus_B', 'canceled', true)
         on conflict (customer_id) do update set subscription_status = excluded.subscription_status, cancel_at_period_end = excluded.cancel_at_period_end`,
      ),
    ).toBeNull();
    const [after] = await rows<{ subscription_status: string; cancel_at_period_end: boolean; updated_at: Date }>(
      db,
      member('uid-b'),
      `select subscription_status, cancel_at_period_end, updated_at from public.stripe_subscriptions`,
    );
    expect(after).toMatchObject({ subscription_status: 'canceled', cancel_at_period_end: true });
    expect(after!.updated_at.getTime()).toBeGreaterThan(before.getTime());
  });

  it('is held to Stripe statuses, four-digit last4 and a known customer', async () => {
    expect(await failure(db, service, `update public.stripe_subscriptions set subscription_status = 'gold' where customer_id = 'cus_A'`)).toBe(CHECK_VIOLATION);
    expect(await failure(db, service, `update public.stripe_subscriptions set payment_method_last4 = '42' where customer_id = 'cus_A'`)).toBe(CHECK_VIOLATION);
    expect(await failure(db, service, `insert into public.stripe_subscriptions (customer_id) values ('cus_unknown')`)).toBe('23503');
    expect(await failure(db, service, `insert into public.stripe_customers (user_id, customer_id) values ('uid-c', 'cus_A')`)).toBe('23505');
  });
});
