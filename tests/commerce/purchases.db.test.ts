/**
 * purchases: written by the Stripe webhook (service role) only, idempotent by the Checkout
 * Session id; a member reads only their own rows and can write none; a visitor reaches nothing.
 * Runs under today's defaults (db) and broad grants (db-broad).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { CHECK_VIOLATION, failure, hidden, member, migratedDatabase, rows, service, UNIQUE_VIOLATION, visitor } from '../support/db';

let db: PGlite;
// The webhook's upsert: a replayed or reordered event for the same session changes nothing.
const RECORD = `insert into public.purchases (user_id, price_id, product_type, checkout_session_id, payment_intent_id, amount, currency, status)
  values ($1, $2, $3, $4, $5, $6, 'usd', $7)
  on conflict (checkout_session_id) do nothing`;

beforeAll(async () => {
  db = await migratedDatabase();
  expect(await failure(db, service, RECORD, ['uid-a', 'price_app_stillpoint', 'app', 'cs_test_a1', 'pi_a1', 2900, 'paid'])).toBeNull();
  expect(await failure(db, service, RECORD, ['uid-b', 'price_founding_membership', 'membership', 'cs_test_b1', 'pi_b1', 69000, 'paid'])).toBeNull();
}, 60_000);

describe('purchases: a member', () => {
  it('reads only their own purchases', async () => {
    expect(await rows(db, member('uid-a'), `select price_id, product_type, amount, currency, status from public.purchases`)).toEqual([
      { price_id: 'price_app_stillpoint', product_type: 'app', amount: 2900, currency: 'usd', status: 'paid' },
    ]);
    expect(await rows(db, member('uid-n'), `select * from public.purchases`)).toEqual([]);
  });

  it('cannot record, change or delete a purchase, not even their own', async () => {
    const ada = member('uid-a');
    expect(
      await failure(db, ada, `insert into public.purchases (user_id, price_id, product_type, checkout_session_id, amount, currency, status)
        values ('uid-a', 'price_master_alchemist_course', 'course', 'cs_test_forged', 0, 'usd', 'paid')`),
    ).toBe('42501');
    expect(await hidden(db, ada, `update public.purchases set status = 'paid', price_id = 'price_founding_membership' where user_id = 'uid-a'`)).toBe(true);
    expect(await hidden(db, ada, `delete from public.purchases where user_id = 'uid-a'`)).toBe(true);
    expect(await rows(db, service, `select count(*)::int as n from public.purchases where user_id = 'uid-a'`)).toEqual([{ n: 1 }]);
  });
});

describe('purchases: a visitor', () => {
  it('reads and writes nothing', async () => {
    expect(await hidden(db, visitor, `select * from public.purchases`)).toBe(true);
    expect(
      await failure(db, visitor, `insert into public.purchases (user_id, price_id, product_type, checkout_session_id, amount, currency)
        values ('uid-v', 'price_app_stillpoint', 'app', 'cs_test_v', 0, 'usd')`),
    ).toBe('42501');
  });
});

describe('purchases: the service role', () => {
  it('records a session once, however often the event arrives', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await failure(db, service, RECORD, ['uid-a', 'price_app_stillpoint', 'app', 'cs_test_a1', 'pi_a1', 2900, 'pending'])).toBeNull();
    }
    expect(await rows(db, service, `select status from public.purchases where checkout_session_id = 'cs_test_a1'`)).toEqual([{ status: 'paid' }]);
    expect(await failure(db, service, `insert into public.purchases (user_id, price_id, product_type, checkout_session_id, amount, currency) values ('uid-a', 'price_app_stillpoint', 'app', 'cs_test_a1', 2900, 'usd')`)).toBe(UNIQUE_VIOLATION);
  });

  it('marks a refund with its time, and a refund needs one', async () => {
    expect(await failure(db, service, `update public.purchases set status = 'refunded' where checkout_session_id = 'cs_test_b1'`)).toBe(CHECK_VIOLATION);
    expect(await failure(db, service, `update public.purchases set status = 'refunded', refunded_at = now() where payment_intent_id = 'pi_b1'`)).toBeNull();
    expect(await rows(db, member('uid-b'), `select status, refunded_at is not null as refunded from public.purchases`)).toEqual([{ status: 'refunded', refunded: true }]);
  });

  it('keeps a deleted member’s purchase with an anonymous id', async () => {
    expect(await failure(db, service, `update public.purchases set user_id = 'deleted:' || md5(user_id) where user_id = 'uid-b'`)).toBeNull();
    expect(await rows(db, member('uid-b'), `select * from public.purchases`)).toEqual([]);
    expect(await rows(db, service, `select count(*)::int as n from public.purchases where user_id like 'deleted:%'`)).toEqual([{ n: 1 }]);
  });

  it('is held to the catalogue types, known statuses, a session id as Stripe gives it (1 to 255 characters, no prefix of ours), a currency and no negative amount', async () => {
    const insert = (type: string, session: string, amount: number, currency: string, status: string) =>
      failure(db, service, `insert into public.purchases (user_id, price_id, product_type, checkout_session_id, amount, currency, status) values ('uid-c', 'price_x', $1, $2, $3, $4, $5)`, [
        type,
        session,
        amount,
        currency,
        status,
      ]);
    expect(await insert('ebook', 'cs_test_c1', 100, 'usd', 'paid')).toBe(CHECK_VIOLATION);
    // Stripe's ids are opaque strings: only their presence and a bound are ours to check.
    expect(await insert('app', '', 100, 'usd', 'paid')).toBe(CHECK_VIOLATION);
    expect(await insert('app', 'x'.repeat(256), 100, 'usd', 'paid')).toBe(CHECK_VIOLATION);
    expect(await insert('app', 'cs_test_c2', -1, 'usd', 'paid')).toBe(CHECK_VIOLATION);
    expect(await insert('app', 'cs_test_c3', 100, 'USD', 'paid')).toBe(CHECK_VIOLATION);
    expect(await insert('app', 'cs_test_c4', 100, 'usd', 'gifted')).toBe(CHECK_VIOLATION);
    expect(await insert('app', 'cs_test_c5', 100, 'usd', 'paid')).toBeNull();
  });
});
