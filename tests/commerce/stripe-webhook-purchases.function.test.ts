/**
 * The webhook records one-time purchases: Stripe-signed events about Checkout
 * Sessions the Stripe double created and completed, delivered repeated, reordered and refunded,
 * leave exactly one purchases row each, in the state Stripe has now.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import handler from '../../netlify/functions/stripe-webhook.mts';
import { stripePriceId, type SignedEvent, type StripeDouble } from '../../local-platform/stripe/stripe-standin';
import catalogue from '../../src/content/catalogue.json';
import type { LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import { call, type LogSpies } from '../support/functions';
import { withStandIns } from '../support/stand-ins';

const SECRET = 'whsec_test_double_secret';
let stripe: StripeDouble;
let db: LocalSupabase;
let logs: LogSpies;

const deliver = (event: SignedEvent) =>
  call(handler, '/api/stripe-webhook', { method: 'POST', headers: { 'stripe-signature': event.signature, 'content-type': 'application/json' }, body: event.body });

/** A Checkout Session created through the SDK, as the checkout function creates it. */
async function checkout(catalogueId: string, memberId = 'uid_1'): Promise<string> {
  const sdk = new Stripe(stripe.env.STRIPE_SECRET_KEY, { host: stripe.env.STRIPE_API_HOST, port: Number(stripe.env.STRIPE_API_PORT), protocol: 'http' });
  const session = await sdk.checkout.sessions.create({
    mode: 'payment',
    line_items: [{ price: stripePriceId(catalogueId), quantity: 1 }],
    // Each member has their own Stripe customer (stripe_customers.customer_id is unique).
    customer: memberId === 'uid_1' ? 'cus_1' : `cus_${memberId.replace(/^uid_/, '')}`,
    client_reference_id: memberId,
    success_url: 'http://localhost:4321/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:4321/products',
    metadata: { firebase_uid: memberId },
  });
  return session.id;
}

/** The event Stripe sends about a session, carrying the session as it is at that moment. */
const about = (type: string, sessionId: string) => stripe.event(type, { ...stripe.sessions.get(sessionId), items: undefined }, SECRET);
const rows = () => db.tables.purchases ?? [];

// The member's emails go to the email stand-in (tests/commerce/stripe-emails.function.test.ts checks them).
withStandIns({ stripe: { catalogue }, db: true, inbox: true, env: { STRIPE_WEBHOOK_SECRET: SECRET } }, (standIns, spies) => {
  ({ stripe, db } = standIns);
  logs = spies;
});
beforeEach(() => {
  db.tables.stripe_customers = [{ user_id: 'uid_1', customer_id: 'cus_1' }];
});

describe('stripe-webhook: purchases', () => {
  it('records a paid app purchase from checkout.session.completed, re-read from Stripe, under its catalogue id', async () => {
    const id = await checkout('price_app_stillpoint');
    const session = stripe.complete(id, 'paid');
    const res = await deliver(about('checkout.session.completed', id));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, purchase: 'recorded', status: 'paid', session: id });
    const [read] = stripe.requestsTo(`GET /v1/checkout/sessions/${id}`);
    expect(Object.entries(read?.query ?? {}).filter(([k]) => k.startsWith('expand')).map(([, v]) => v)).toContain('line_items');
    expect(rows()).toMatchObject([
      {
        user_id: 'uid_1',
        price_id: 'price_app_stillpoint',
        product_type: 'app',
        checkout_session_id: id,
        payment_intent_id: session.payment_intent,
        amount: 2900,
        currency: 'usd',
        status: 'paid',
        refunded_at: null,
      },
    ]);
    expect(Date.parse(String(rows()[0]?.purchased_at))).toBe(session.created * 1000);
    const [upsert] = db.requestsTo('POST', 'purchases');
    expect(upsert?.query.on_conflict).toBe('checkout_session_id');
    // The status answered is the one stored (the database keeps the order).
    expect(upsert?.prefer).toContain('return=representation');
    expect(upsert?.query.select).toBe('status');
    expect(upsert?.apikey).toBe(db.env.SUPABASE_SERVICE_ROLE_KEY);
    expect(logs.lines()).toBe(0);
  });

  it.each([
    ['price_master_alchemist_course', 'course', 99900],
    ['price_founding_membership', 'membership', 69000],
  ])('records %s as a %s purchase of %i cents', async (priceId, type, amount) => {
    const id = await checkout(priceId);
    stripe.complete(id);
    await deliver(about('checkout.session.completed', id));
    expect(rows()).toEqual([expect.objectContaining({ price_id: priceId, product_type: type, amount, status: 'paid' })]);
  });

  it('is idempotent: the same event three times leaves one identical row', async () => {
    const id = await checkout('price_app_stillpoint');
    stripe.complete(id);
    const event = about('checkout.session.completed', id);
    for (let i = 0; i < 3; i++) expect((await deliver(event)).status).toBe(200);
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toMatchObject({ status: 'paid', checkout_session_id: id });
  });

  it('a delayed payment: pending on completion, paid when it settles, in either order of delivery', async () => {
    const id = await checkout('price_app_mindstage');
    stripe.complete(id, 'unpaid');
    const completed = about('checkout.session.completed', id);
    await deliver(completed);
    expect(rows()).toEqual([expect.objectContaining({ status: 'pending' })]);
    stripe.settle(id, true);
    await deliver(about('checkout.session.async_payment_succeeded', id));
    expect(rows()).toEqual([expect.objectContaining({ status: 'paid' })]);
    // The old "completed" (unpaid in its copy) arrives again: the session is re-read, still paid.
    await deliver(completed);
    expect(rows()).toEqual([expect.objectContaining({ status: 'paid' })]);
  });

  it('a delayed payment that fails stays failed when the completion arrives after it', async () => {
    const id = await checkout('price_app_mindstage');
    stripe.complete(id, 'unpaid');
    const completed = about('checkout.session.completed', id);
    stripe.settle(id, false);
    await deliver(about('checkout.session.async_payment_failed', id));
    await deliver(completed);
    expect(rows()).toEqual([expect.objectContaining({ status: 'failed', refunded_at: null })]);
  });

  it('charge.refunded marks the purchase refunded with the time; a repeat changes nothing', async () => {
    const id = await checkout('price_app_stillpoint');
    stripe.complete(id);
    await deliver(about('checkout.session.completed', id));
    const charge = stripe.refund(id);
    const refunded = stripe.event('charge.refunded', charge, SECRET);
    expect((await deliver(refunded)).body).toMatchObject({ purchase: 'recorded', status: 'refunded' });
    // updated_at is the database's own (a trigger touches it on every write); the purchase is unchanged.
    const { updated_at: _touched, ...first } = { ...rows()[0] };
    expect(first).toMatchObject({ status: 'refunded', refunded_at: expect.stringMatching(/^\d{4}-/) });
    await deliver(refunded);
    await deliver(about('checkout.session.completed', id));
    expect(rows()).toEqual([{ ...first, updated_at: expect.any(String) }]);
  });

  it('a refund delivered before the purchase records it refunded, and the late completion leaves it so', async () => {
    const id = await checkout('price_app_stillpoint');
    stripe.complete(id);
    const completed = about('checkout.session.completed', id);
    await deliver(stripe.event('charge.refunded', stripe.refund(id), SECRET));
    expect(rows()).toEqual([expect.objectContaining({ checkout_session_id: id, status: 'refunded' })]);
    await deliver(completed);
    expect(rows()).toEqual([expect.objectContaining({ checkout_session_id: id, status: 'refunded' })]);
  });

  it('a partial refund leaves the purchase paid', async () => {
    const id = await checkout('price_app_stillpoint');
    stripe.complete(id);
    await deliver(about('checkout.session.completed', id));
    const res = await deliver(stripe.event('charge.refunded', stripe.refund(id, 1000), SECRET));
    expect(res.body).toMatchObject({ purchase: 'ignored', reason: 'partial refund' });
    expect(rows()).toEqual([expect.objectContaining({ status: 'paid', refunded_at: null })]);
  });

  it('two purchases by two members are two rows', async () => {
    db.tables.stripe_customers = [...(db.tables.stripe_customers ?? []), { user_id: 'uid_2', customer_id: 'cus_2' }];
    const a = await checkout('price_app_stillpoint', 'uid_1');
    const b = await checkout('price_app_stillpoint', 'uid_2');
    stripe.complete(a);
    stripe.complete(b);
    await deliver(about('checkout.session.completed', b));
    await deliver(about('checkout.session.completed', a));
    expect(rows().map((r) => [r.user_id, r.checkout_session_id])).toEqual([
      ['uid_2', b],
      ['uid_1', a],
    ]);
  });

  it('answers 502 with one log line when the purchase cannot be written, so Stripe retries', async () => {
    const id = await checkout('price_app_stillpoint');
    stripe.complete(id);
    db.fail('purchases', 'POST', 500, 'XX000');
    const res = await deliver(about('checkout.session.completed', id));
    expect(res.status).toBe(502);
    expect(logs.lines()).toBe(1);
  });

  it('refuses an unsigned purchase event and writes nothing', async () => {
    const id = await checkout('price_app_stillpoint');
    stripe.complete(id);
    const event = stripe.event('checkout.session.completed', { id, object: 'checkout.session', mode: 'payment' }, 'whsec_someone_else');
    expect((await deliver(event)).status).toBe(400);
    expect(rows()).toHaveLength(0);
  });
});
