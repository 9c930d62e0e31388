/**
 * Stripe's events about a member who deleted their account, on Postgres' own rules: the real
 * stripe-webhook function, its Stripe reads answered by the Stripe double, its database requests
 * run on PGlite with our migrations as PostgREST runs them (tests/support/postgrest.ts, as
 * service_role), and the account deleted by the same code account-delete runs
 * (deleteMemberData: the customer row goes, its subscription row with it by the foreign key's
 * cascade, the profile last; purchases stay with an anonymous 'deleted:' id).
 *
 * Afterwards Stripe sends the subscription's end (account-delete cancelled it) and perhaps a
 * refund the site owner makes. The subscription event is acknowledged with 200 and writes
 * nothing (the database refuses the row on stripe_subscriptions_customer_id_fkey, and that answer
 * decides); the refund is recorded on the anonymised purchase, which keeps its anonymous id. A
 * genuine database failure still answers 502, so Stripe retries.
 *
 * account-delete also leaves a tombstone (_shared/deleted-members.ts), which the webhook and the
 * database consult: a late or retried checkout.session.completed writes nothing personal (no
 * customer row comes back, a purchase first recorded after the deletion carries no uid), and a
 * subscription paid on a page left open through the deletion is cancelled at Stripe.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import handler from '../../netlify/functions/stripe-webhook.mts';
import { anonymisedMemberId, deleteMemberData } from '../../src/features/account/server/member-data';
import { rememberDeletedMember } from '../../netlify/functions/_shared/deleted-members';
import { startStripeDouble, stripePriceId, type SignedEvent, type StripeDouble } from '../../local-platform/stripe/stripe-standin';
import catalogue from '../../src/content/catalogue.json';
import { migratedDatabase, owner, rows } from '../support/db';
import { openCheckout } from '../support/stripe-session';
import { dataApiClient, dataApiFetch } from '../support/postgrest';

const SECRET = 'whsec_test_deleted_account';
const DATA_API = 'http://data-api.test';

let db: PGlite;
let stripe: StripeDouble;
const saved = { ...process.env };
const realFetch = globalThis.fetch;
let warn: MockInstance<typeof console.warn> | undefined;
let error: MockInstance<typeof console.error> | undefined;

beforeAll(async () => {
  db = await migratedDatabase();
  stripe = await startStripeDouble({ catalogue });
  const api = dataApiFetch(db);
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return url.startsWith(DATA_API) ? api(input, init) : realFetch(input, init);
  }) as typeof fetch;
  Object.assign(process.env, stripe.env, { STRIPE_WEBHOOK_SECRET: SECRET, SUPABASE_URL: DATA_API, SUPABASE_SERVICE_ROLE_KEY: 'service-role-key' });
  stripe.paymentMethods.set('pm_gone', { id: 'pm_gone', object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242' } });
}, 60_000);

afterAll(async () => {
  globalThis.fetch = realFetch;
  process.env = { ...saved };
  await stripe.close();
});

function spyOnLogs(): void {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  error = vi.spyOn(console, 'error').mockImplementation(() => {});
}
const logLines = () => [...(warn?.mock.calls ?? []), ...(error?.mock.calls ?? [])].map((c) => c.join(' '));
afterEach(() => {
  warn?.mockRestore();
  error?.mockRestore();
});

async function deliver(event: SignedEvent): Promise<{ status: number; body: unknown }> {
  const res = await handler(
    new Request('http://localhost:4321/api/stripe-webhook', { method: 'POST', headers: { 'stripe-signature': event.signature, 'content-type': 'application/json' }, body: event.body }),
  );
  return { status: res.status, body: await res.json() };
}

/** A member with a Stripe customer and a live Alchemist subscription, in the database and at Stripe. */
async function subscribedMember(tag: string): Promise<{ memberId: string; email: string; customer: string; subId: string }> {
  const memberId = `uid_${tag}`;
  const email = `${tag}@example.com`;
  const customer = `cus_${tag}`;
  const subId = `sub_${tag}`;
  await db.query(`insert into public.profiles (id, email, membership_tier) values ($1, $2, 'Alchemist')`, [memberId, email]);
  await db.query(`insert into public.stripe_customers (user_id, customer_id) values ($1, $2)`, [memberId, customer]);
  await db.query(
    `insert into public.stripe_subscriptions (customer_id, subscription_id, price_id, subscription_status) values ($1, $2, 'price_alchemist_monthly', 'active')`,
    [customer, subId],
  );
  stripe.subscriptions.set(subId, {
    id: subId,
    object: 'subscription',
    customer,
    status: 'active',
    cancel_at_period_end: false,
    items: {
      object: 'list',
      data: [{ id: `si_${tag}`, object: 'subscription_item', price: { id: stripePriceId('price_alchemist_monthly'), object: 'price' }, current_period_start: 1_767_225_600, current_period_end: 1_769_904_000 }],
    },
    default_payment_method: 'pm_gone',
  } as never);
  return { memberId, email, customer, subId };
}

/** What account-delete does after cancelling at Stripe: the tombstone, then the member's rows, by the same code. */
async function deleteAccount(memberId: string): Promise<void> {
  await rememberDeletedMember(dataApiClient(db), memberId);
  expect(await deleteMemberData(dataApiClient(db), memberId, anonymisedMemberId(memberId))).toBeNull();
}

const count = async (sql: string, params: unknown[]) => Number((await rows<{ n: number }>(db, owner, `select count(*)::int as n ${sql}`, params))[0]?.n);

describe('stripe-webhook after the member deleted their account (Postgres)', () => {
  it.each(['customer.subscription.deleted', 'customer.subscription.updated'])(
    '%s of the cancelled subscription: 200, no row written, one log line without personal data',
    async (type) => {
      const { memberId, email, customer, subId } = await subscribedMember(type.replace(/\W/g, '_'));
      stripe.subscriptions.get(subId)!.status = 'canceled';
      await deleteAccount(memberId);
      expect(await count(`from public.stripe_subscriptions where customer_id = $1`, [customer])).toBe(0);

      spyOnLogs();
      const event = stripe.event(type, stripe.subscriptions.get(subId), SECRET);
      const res = await deliver(event);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ received: true, subscription: 'ignored', reason: 'unknown customer' });
      expect(await count(`from public.stripe_subscriptions where customer_id = $1`, [customer])).toBe(0);
      expect(await count(`from public.stripe_customers where customer_id = $1 or user_id = $2`, [customer, memberId])).toBe(0);
      expect(await count(`from public.profiles where id = $1`, [memberId])).toBe(0);

      const lines = logLines();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(type);
      expect(lines[0]).toContain((JSON.parse(event.body) as { id: string }).id);
      for (const personal of [email, memberId, customer]) expect(lines[0]).not.toContain(personal);

      // Stripe's retry of the same event is answered the same way.
      expect((await deliver(event)).status).toBe(200);
      expect(await count(`from public.stripe_subscriptions where customer_id = $1`, [customer])).toBe(0);
    },
  );

  it('a genuine database failure still answers 502, so Stripe retries', async () => {
    const { customer, subId } = await subscribedMember('db_down');
    stripe.subscriptions.get(subId)!.status = 'canceled';
    // The service role loses its write on the table (a broken grant): Postgres refuses with 42501.
    await db.exec(`revoke insert, update on public.stripe_subscriptions from service_role`);
    spyOnLogs();
    try {
      const res = await deliver(stripe.event('customer.subscription.deleted', stripe.subscriptions.get(subId), SECRET));
      expect(res.status).toBe(502);
      expect(logLines()).toHaveLength(1);
      expect(logLines()[0]).toContain('stripe_subscriptions upsert: 42501');
    } finally {
      await db.exec(`grant insert, update on public.stripe_subscriptions to service_role`);
    }
    const [row] = await rows<{ subscription_status: string }>(db, owner, `select subscription_status from public.stripe_subscriptions where customer_id = $1`, [customer]);
    expect(row?.subscription_status).toBe('active');
    // Once the database is back, the retry writes the end.
    const retry = await deliver(stripe.event('customer.subscription.deleted', stripe.subscriptions.get(subId), SECRET));
    expect(retry.body).toEqual({ received: true, subscription: 'written', tier: 'Explorer' });
  });

  it('a refund and a late checkout event of a deleted member’s purchase: recorded on the row, which stays anonymised', async () => {
    const memberId = 'uid_buyer_gone';
    const customer = 'cus_buyer_gone';
    await db.query(`insert into public.profiles (id, email, membership_tier) values ($1, 'buyer@example.com', 'Explorer')`, [memberId]);
    await db.query(`insert into public.stripe_customers (user_id, customer_id) values ($1, $2)`, [memberId, customer]);
    const session = { id: await openCheckout(stripe, { memberId, customer }) };
    stripe.complete(session.id, 'paid');
    const completed = stripe.event('checkout.session.completed', { ...stripe.sessions.get(session.id), items: undefined }, SECRET);
    expect((await deliver(completed)).status).toBe(200);
    await deleteAccount(memberId);
    const anonymous = anonymisedMemberId(memberId);
    const purchase = async () =>
      (await rows<{ user_id: string; status: string }>(db, owner, `select user_id, status from public.purchases where checkout_session_id = $1`, [session.id]))[0];
    expect(await purchase()).toEqual({ user_id: anonymous, status: 'paid' });

    const refunded = await deliver(stripe.event('charge.refunded', stripe.refund(session.id), SECRET));
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ purchase: 'recorded', status: 'refunded' });
    expect(await purchase()).toEqual({ user_id: anonymous, status: 'refunded' });

    expect((await deliver(completed)).status).toBe(200);
    expect(await purchase()).toEqual({ user_id: anonymous, status: 'refunded' });
    expect(await count(`from public.purchases where user_id = $1`, [memberId])).toBe(0);
  });
  it('a checkout.session.completed that arrives after the deletion (late or retried): 200, no customer row back, the purchase kept without the uid, one log line without personal data', async () => {
    const memberId = 'uid_late_buyer';
    const customer = 'cus_late_buyer';
    await db.query(`insert into public.profiles (id, email, membership_tier) values ($1, 'late@example.com', 'Explorer')`, [memberId]);
    await db.query(`insert into public.stripe_customers (user_id, customer_id) values ($1, $2)`, [memberId, customer]);
    const session = await openCheckout(stripe, { memberId, customer }, 'price_app_mindstage', 'payment');
    stripe.complete(session, 'paid');
    await deleteAccount(memberId);

    spyOnLogs();
    const completed = stripe.event('checkout.session.completed', { ...stripe.sessions.get(session), items: undefined }, SECRET);
    const res = await deliver(completed);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ received: true, deletedMember: true, purchase: 'recorded' });
    expect(await count(`from public.stripe_customers where customer_id = $1 or user_id = $2`, [customer, memberId])).toBe(0);
    expect(await count(`from public.purchases where user_id = $1`, [memberId])).toBe(0);
    expect(await rows(db, owner, `select user_id, status from public.purchases where checkout_session_id = $1`, [session])).toEqual([{ user_id: anonymisedMemberId(memberId), status: 'paid' }]);
    const lines = logLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain((JSON.parse(completed.body) as { id: string }).id);
    for (const personal of ['late@example.com', memberId, customer]) expect(lines[0]).not.toContain(personal);

    // Stripe retries it: the same answer, still nothing personal.
    expect((await deliver(completed)).status).toBe(200);
    expect(await count(`from public.stripe_customers where customer_id = $1 or user_id = $2`, [customer, memberId])).toBe(0);
    expect(await count(`from public.purchases where user_id = $1`, [memberId])).toBe(0);
  });

  it('a subscription paid on a Checkout page left open through the deletion is cancelled at Stripe, and nothing is written', async () => {
    const memberId = 'uid_open_tab';
    const customer = 'cus_open_tab';
    await db.query(`insert into public.profiles (id, email, membership_tier) values ($1, 'tab@example.com', 'Explorer')`, [memberId]);
    await db.query(`insert into public.stripe_customers (user_id, customer_id) values ($1, $2)`, [memberId, customer]);
    const session = await openCheckout(stripe, { memberId, customer }, 'price_alchemist_monthly', 'subscription');
    await deleteAccount(memberId);
    // The tab pays after the deletion (had account-delete not expired the session).
    stripe.complete(session, 'paid');
    const subscriptionId = stripe.sessions.get(session)!.subscription!;

    spyOnLogs();
    const res = await deliver(stripe.event('checkout.session.completed', { ...stripe.sessions.get(session), items: undefined }, SECRET));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ received: true, deletedMember: true, canceled: true });
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    expect(await count(`from public.stripe_customers where customer_id = $1 or user_id = $2`, [customer, memberId])).toBe(0);
    expect(await count(`from public.stripe_subscriptions where subscription_id = $1`, [subscriptionId])).toBe(0);
    expect(await count(`from public.profiles where id = $1`, [memberId])).toBe(0);
  });
});
