/** The stripe-webhook function: signatures, the subscription row and tier it writes for each event, and its failures. */
import Stripe from 'stripe';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import handler, { config } from '../../netlify/functions/stripe-webhook.mts';
import { stripePriceId, type DoubleSubscription, type StripeDouble } from '../../local-platform/stripe/stripe-standin';
import catalogue from '../../src/content/catalogue.json';
import type { LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import { call, expectNoLeak, type LogSpies } from '../support/functions';
import { withStandIns } from '../support/stand-ins';

const SECRET = 'whsec_test_double_secret';
const sdk = new Stripe('sk_test_unused');

let stripe: StripeDouble;
let db: LocalSupabase;
let logs: LogSpies;

const PERIOD_START = 1_767_225_600; // 2026-01-01
const PERIOD_END = 1_769_904_000; // 2026-02-01

/** A subscription to the price the catalogue calls `catalogueId` (Stripe knows it by another id). */
function subscription(overrides: Partial<DoubleSubscription> = {}, itemPeriod = true, catalogueId = 'price_alchemist_monthly'): DoubleSubscription {
  return {
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'active',
    cancel_at_period_end: false,
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          object: 'subscription_item',
          price: { id: stripePriceId(catalogueId), object: 'price' },
          ...(itemPeriod ? { current_period_start: PERIOD_START, current_period_end: PERIOD_END } : {}),
        },
      ],
    },
    default_payment_method: 'pm_1',
    ...overrides,
  };
}

let eventCounter = 0;
function signed(type: string, object: Record<string, unknown>, secret = SECRET): { body: string; signature: string } {
  const body = JSON.stringify({ id: `evt_${++eventCounter}`, object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), type, data: { object }, livemode: false, pending_webhooks: 1, request: null });
  return { body, signature: sdk.webhooks.generateTestHeaderString({ payload: body, secret }) };
}

const deliver = (event: { body: string; signature: string }) =>
  call(handler, '/api/stripe-webhook', { method: 'POST', headers: { 'stripe-signature': event.signature, 'content-type': 'application/json' }, body: event.body });

withStandIns({ stripe: { catalogue }, db: true, env: { STRIPE_WEBHOOK_SECRET: SECRET } }, (standIns, spies) => {
  ({ stripe, db } = standIns);
  logs = spies;
});
beforeEach(() => {
  stripe.subscriptions.clear();
  stripe.paymentMethods.clear();
  stripe.paymentMethods.set('pm_1', { id: 'pm_1', object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242' } });
  db.tables.stripe_customers = [{ user_id: 'uid_1', customer_id: 'cus_1' }];
  db.tables.profiles = [
    { id: 'uid_1', email: 'member@example.com', membership_tier: 'Explorer' },
    { id: 'uid_2', email: 'other@example.com', membership_tier: 'Adventurer' },
  ];
});

const expectedRow = {
  customer_id: 'cus_1',
  subscription_id: 'sub_1',
  price_id: 'price_alchemist_monthly',
  subscription_status: 'active',
  current_period_start: PERIOD_START,
  current_period_end: PERIOD_END,
  cancel_at_period_end: false,
  payment_method_brand: 'visa',
  payment_method_last4: '4242',
  updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  // When Stripe made it (none in these events' subscriptions) and the catalogue plan's tier.
  subscription_created: null,
  plan_tier: 'Alchemist',
  // What Stripe bills and when it ended, for the owner's MRR (20261207000100_owner_numbers.sql).
  ended_at: null,
  plan_amount: 6900,
  plan_currency: 'usd',
  plan_interval: 'month',
  plan_interval_count: 1,
};

describe('stripe-webhook', () => {
  it('is served at /api/stripe-webhook with no rate limit Stripe could reach: none by address (Stripe sends from a few)', () => {
    expect(config.path).toBe('/api/stripe-webhook');
    // Stripe delivers bursts from a handful of addresses and retries on its own; a per-address
    // limit answered its bursts with 429 and held revocations back.
    expect(config.rateLimit).toBeUndefined();
  });

  it.each(['customer.subscription.created', 'customer.subscription.updated'])(
    'on %s re-reads the subscription and upserts every field on customer_id',
    async (type) => {
      stripe.subscriptions.set('sub_1', subscription());
      const res = await deliver(signed(type, { id: 'sub_1', object: 'subscription', customer: 'cus_1', status: 'incomplete' }));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received: true, subscription: 'written', tier: 'Alchemist' });
      const [read] = stripe.requestsTo('GET /v1/subscriptions/sub_1');
      const expanded = Object.entries(read?.query ?? {}).filter(([k]) => k.startsWith('expand')).map(([, v]) => v);
      expect(expanded).toEqual(expect.arrayContaining(['default_payment_method']));
      const [upsert] = db.requestsTo('POST', 'stripe_subscriptions');
      expect(upsert?.query.on_conflict).toBe('customer_id');
      expect(upsert?.prefer).toContain('resolution=merge-duplicates');
      // The stored row comes back, and the tier is written from it.
      expect(upsert?.prefer).toContain('return=representation');
      expect(upsert?.query.select).toBe('subscription_id,subscription_status');
      expect(upsert?.apikey).toBe(db.env.SUPABASE_SERVICE_ROLE_KEY);
      expect(upsert?.body).toEqual(expectedRow);
      expect(db.tables.stripe_subscriptions).toMatchObject([expectedRow]);
      expect(logs.lines()).toBe(0);
    },
  );

  it('stores the price under its catalogue id (the lookup key, or Stripe’s id when it has none); a price the catalogue does not know gives Explorer', async () => {
    stripe.subscriptions.set('sub_1', subscription());
    await deliver(signed('customer.subscription.updated', { id: 'sub_1', object: 'subscription' }));
    // Stripe knows the price as price_1Dbl_alchemist_monthly; the badge and checkout by its lookup key.
    expect(db.tables.stripe_subscriptions?.[0]?.price_id).toBe('price_alchemist_monthly');

    const alchemist = stripe.prices.find((p) => p.lookup_key === 'price_alchemist_monthly')!;
    stripe.prices.push({ ...alchemist, id: 'price_1NoKey', lookup_key: null });
    try {
      stripe.subscriptions.set('sub_1', { ...subscription(), items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', price: { id: 'price_1NoKey', object: 'price' } }] } });
      const res = await deliver(signed('customer.subscription.updated', { id: 'sub_1', object: 'subscription' }));
      // The product is called "Alchemist Membership", but the site knows its plans by price id.
      expect(res.body).toMatchObject({ tier: 'Explorer' });
      expect(db.tables.stripe_subscriptions?.[0]?.price_id).toBe('price_1NoKey');
      expect(logs.all()).toContain("subscription sub_1: price price_1NoKey is no plan of the site's catalogue: it grants nothing");
    } finally {
      stripe.prices.pop();
    }
  });

  it('takes the period from the top-level fields when the items do not carry it (older API versions)', async () => {
    stripe.subscriptions.set('sub_1', subscription({ current_period_start: 100, current_period_end: 200 }, false));
    await deliver(signed('customer.subscription.updated', { id: 'sub_1', object: 'subscription' }));
    expect(db.tables.stripe_subscriptions?.[0]).toMatchObject({ current_period_start: 100, current_period_end: 200 });
  });

  it('records a cancellation at period end, a deleted subscription, and no card when there is none', async () => {
    stripe.subscriptions.set('sub_1', subscription({ cancel_at_period_end: true }));
    await deliver(signed('customer.subscription.updated', { id: 'sub_1', object: 'subscription' }));
    expect(db.tables.stripe_subscriptions?.[0]).toMatchObject({ cancel_at_period_end: true, subscription_status: 'active' });

    stripe.subscriptions.set('sub_1', subscription({ status: 'canceled', default_payment_method: null }));
    const res = await deliver(signed('customer.subscription.deleted', { id: 'sub_1', object: 'subscription' }));
    expect(res.status).toBe(200);
    expect(db.tables.stripe_subscriptions).toMatchObject([
      { ...expectedRow, subscription_status: 'canceled', payment_method_brand: null, payment_method_last4: null },
    ]);
  });

  it('on checkout.session.completed records the member’s customer and syncs the subscription', async () => {
    db.tables.stripe_customers = [];
    stripe.subscriptions.set('sub_1', subscription());
    const res = await deliver(
      signed('checkout.session.completed', { id: 'cs_1', object: 'checkout.session', mode: 'subscription', customer: 'cus_1', subscription: 'sub_1', client_reference_id: 'uid_1' }),
    );
    expect(res.status).toBe(200);
    expect(db.requestsTo('POST', 'stripe_customers')[0]?.body).toEqual({ user_id: 'uid_1', customer_id: 'cus_1' });
    expect(db.tables.stripe_subscriptions).toMatchObject([expectedRow]);
    expect(db.tables.profiles?.find((p) => p.id === 'uid_1')?.membership_tier).toBe('Alchemist');
  });

  describe('an upgrade: a completed subscription checkout while another plan is live', () => {
    const completed = () =>
      signed('checkout.session.completed', { id: 'cs_up', object: 'checkout.session', mode: 'subscription', customer: 'cus_1', subscription: 'sub_1', client_reference_id: 'uid_1' });

    beforeEach(() => {
      stripe.subscriptions.set('sub_0', subscription({ id: 'sub_0' }, true, 'price_adventurer_monthly'));
      stripe.subscriptions.set('sub_elsewhere', subscription({ id: 'sub_elsewhere', customer: 'cus_2' }, true, 'price_adventurer_monthly'));
      stripe.subscriptions.set('sub_1', subscription());
    });

    it('cancels the member’s old plan at once, prorated, and keeps the new one and its tier', async () => {
      const res = await deliver(completed());
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received: true, subscription: 'written', tier: 'Alchemist', replaced: ['sub_0'] });
      expect(stripe.requestsTo('GET /v1/subscriptions')[0]?.query).toMatchObject({ customer: 'cus_1' });
      const [cancel, ...more] = stripe.requestsTo('DELETE /v1/subscriptions/sub_0');
      expect(more).toHaveLength(0);
      expect({ ...cancel?.query, ...cancel?.form }).toMatchObject({ prorate: 'true' });
      expect(stripe.subscriptions.get('sub_0')?.status).toBe('canceled');
      expect(stripe.subscriptions.get('sub_elsewhere')?.status).toBe('active');
      expect(stripe.subscriptions.get('sub_1')?.status).toBe('active');

      // The old plan's "deleted" event then leaves the new plan and the tier in place.
      const deleted = await deliver(signed('customer.subscription.deleted', { id: 'sub_0', object: 'subscription' }));
      expect(deleted.body).toEqual({ received: true, subscription: 'kept' });
      expect(db.tables.stripe_subscriptions).toMatchObject([expectedRow]);
      expect(db.tables.profiles?.find((p) => p.id === 'uid_1')?.membership_tier).toBe('Alchemist');
      expect(logs.lines()).toBe(0);
    });

    it('cancels nothing more when the event is delivered again', async () => {
      await deliver(completed());
      const again = await deliver(completed());
      expect(again.body).toEqual({ received: true, subscription: 'written', tier: 'Alchemist' });
      expect(stripe.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    });

    it('answers 502 with one log line when Stripe cannot cancel the old plan, so Stripe retries', async () => {
      stripe.fail('DELETE /v1/subscriptions/sub_0', 500);
      const res = await deliver(completed());
      expect(res.status).toBe(502);
      expectNoLeak(res.text);
      expect(logs.lines()).toBe(1);
      expect(logs.all()).toContain('replacing the subscriptions of cus_1');
    });
  });

  it('on a completed one-time checkout records the customer and leaves subscriptions alone', async () => {
    // Issue 13: the purchase itself is now recorded too (tests/commerce/stripe-webhook-purchases.function.test.ts).
    db.tables.stripe_customers = [];
    const res = await deliver(signed('checkout.session.completed', { id: 'cs_2', object: 'checkout.session', mode: 'payment', customer: 'cus_1', subscription: null, client_reference_id: 'uid_1' }));
    expect(db.tables.stripe_customers).toMatchObject([{ user_id: 'uid_1', customer_id: 'cus_1' }]);
    expect(db.requestsTo('POST', 'stripe_subscriptions')).toHaveLength(0);
    expect(db.requestsTo('PATCH', 'profiles')).toHaveLength(0);
    expect(stripe.requests.filter((r) => r.path.startsWith('/v1/subscriptions'))).toHaveLength(0);
    // The session is re-read from Stripe, which does not know cs_2 here: Stripe will retry.
    expect(stripe.requestsTo('GET /v1/checkout/sessions/cs_2')).toHaveLength(1);
    expect(res.status).toBe(502);
    logs.error.mockClear();
  });

  it('is idempotent: the same event delivered three times leaves one identical row', async () => {
    stripe.subscriptions.set('sub_1', subscription());
    const event = signed('customer.subscription.updated', { id: 'sub_1', object: 'subscription' });
    for (let i = 0; i < 3; i++) expect((await deliver(event)).status).toBe(200);
    expect(db.tables.stripe_subscriptions).toHaveLength(1);
    expect(db.tables.stripe_subscriptions?.[0]).toMatchObject(expectedRow);
  });

  it('converges on Stripe’s current state when an older event arrives late', async () => {
    stripe.subscriptions.set('sub_1', subscription({ cancel_at_period_end: true }));
    const older = signed('customer.subscription.updated', { id: 'sub_1', object: 'subscription', cancel_at_period_end: false });
    await deliver(signed('customer.subscription.updated', { id: 'sub_1', object: 'subscription', cancel_at_period_end: true }));
    await deliver(older);
    expect(db.tables.stripe_subscriptions?.[0]).toMatchObject({ cancel_at_period_end: true });
  });

  it('keeps a live subscription when the end of an older one arrives after it', async () => {
    db.tables.stripe_subscriptions = [{ ...expectedRow, subscription_id: 'sub_new', updated_at: '2026-01-01T00:00:00Z' }];
    stripe.subscriptions.set('sub_old', subscription({ id: 'sub_old', status: 'canceled' }));
    const res = await deliver(signed('customer.subscription.deleted', { id: 'sub_old', object: 'subscription' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, subscription: 'kept' });
    expect(db.tables.stripe_subscriptions?.[0]).toMatchObject({ subscription_id: 'sub_new', subscription_status: 'active' });
    expect(db.requestsTo('PATCH', 'profiles')).toHaveLength(0);
  });

  describe('the member’s tier', () => {
    const tierOf = (memberId: string) => db.tables.profiles?.find((p) => p.id === memberId)?.membership_tier;
    const update = () => deliver(signed('customer.subscription.updated', { id: 'sub_1', object: 'subscription' }));

    it('follows the product of the subscription, on the owner’s profile only, with the service role', async () => {
      stripe.subscriptions.set('sub_1', subscription({}, true, 'price_adventurer_monthly'));
      expect((await update()).body).toMatchObject({ tier: 'Adventurer' });
      expect(tierOf('uid_1')).toBe('Adventurer');

      stripe.subscriptions.set('sub_1', subscription({}, true, 'price_alchemist_monthly'));
      expect((await update()).body).toMatchObject({ tier: 'Alchemist' });
      expect(tierOf('uid_1')).toBe('Alchemist');
      expect(tierOf('uid_2')).toBe('Adventurer');

      const [patch] = db.requestsTo('PATCH', 'profiles');
      expect(patch?.query).toMatchObject({ id: 'eq.uid_1' });
      expect(patch?.body).toEqual({ membership_tier: 'Adventurer' });
      expect(patch?.apikey).toBe(db.env.SUPABASE_SERVICE_ROLE_KEY);
      expect(logs.lines()).toBe(0);
    });

    it('keeps the tier while a payment is retried and returns to Explorer when the subscription ends', async () => {
      stripe.subscriptions.set('sub_1', subscription({ status: 'past_due' }));
      await update();
      expect(tierOf('uid_1')).toBe('Alchemist');

      stripe.subscriptions.set('sub_1', subscription({ status: 'canceled' }));
      const res = await deliver(signed('customer.subscription.deleted', { id: 'sub_1', object: 'subscription' }));
      expect(res.body).toEqual({ received: true, subscription: 'written', tier: 'Explorer' });
      expect(tierOf('uid_1')).toBe('Explorer');
    });

    it('gives Explorer for a price whose product Stripe does not name', async () => {
      stripe.subscriptions.set('sub_1', subscription({}, true, 'price_from_another_shop'));
      expect((await update()).body).toMatchObject({ tier: 'Explorer' });
      expect(tierOf('uid_1')).toBe('Explorer');
    });

    it('changes no other profile when the customer’s member has no profile yet', async () => {
      db.tables.stripe_customers = [{ user_id: 'uid_9', customer_id: 'cus_1' }, { user_id: 'uid_1', customer_id: 'cus_other' }];
      stripe.subscriptions.set('sub_1', subscription());
      await update();
      expect(tierOf('uid_1')).toBe('Explorer');
      expect(tierOf('uid_2')).toBe('Adventurer');
    });

    it('answers 502 with one log line when the profile cannot be updated, so Stripe retries', async () => {
      stripe.subscriptions.set('sub_1', subscription());
      db.fail('profiles', 'PATCH', 500, 'XX000');
      const res = await update();
      expect(res.status).toBe(502);
      expectNoLeak(res.text);
      expect(logs.lines()).toBe(1);
      expect(logs.all()).toContain('profiles update');
    });
  });

  it('acknowledges and ignores other events', async () => {
    const res = await deliver(signed('invoice.paid', { id: 'in_1', object: 'invoice' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, ignored: 'invoice.paid' });
    expect(stripe.requests).toHaveLength(0);
    expect(db.requests).toHaveLength(0);
  });

  const event = () => signed('customer.subscription.updated', { id: 'sub_1', object: 'subscription' });
  const badDeliveries: [string, () => { body: string; headers: Record<string, string> }, number][] = [
    ['no signature header', () => ({ body: event().body, headers: {} }), 400],
    ['a signature made with another secret', () => {
      const e = signed('customer.subscription.updated', { id: 'sub_1' }, 'whsec_someone_else');
      return { body: e.body, headers: { 'stripe-signature': e.signature } };
    }, 400],
    ['a body changed after signing', () => {
      const e = event();
      return { body: e.body.replace('sub_1', 'sub_2'), headers: { 'stripe-signature': e.signature } };
    }, 400],
    ['a garbage signature', () => ({ body: event().body, headers: { 'stripe-signature': 't=1,v1=abc' } }), 400],
    ['an old signature (replay)', () => {
      const e = event();
      const old = sdk.webhooks.generateTestHeaderString({ payload: e.body, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });
      return { body: e.body, headers: { 'stripe-signature': old } };
    }, 400],
    ['a signed body that is not JSON', () => {
      const body = 'not json';
      return { body, headers: { 'stripe-signature': sdk.webhooks.generateTestHeaderString({ payload: body, secret: SECRET }) } };
    }, 400],
    ['a body over the size limit', () => ({ body: 'x'.repeat(600 * 1024), headers: { 'stripe-signature': 't=1,v1=abc' } }), 413],
  ];

  it.each(badDeliveries)('answers %s with its status, writes nothing and logs one line', async (_name, make, status) => {
    stripe.subscriptions.set('sub_1', subscription());
    const { body, headers } = make();
    const res = await call(handler, '/api/stripe-webhook', { method: 'POST', headers, body });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error: expect.any(String) });
    expectNoLeak(res.text);
    expect(db.requests).toHaveLength(0);
    expect(stripe.requests).toHaveLength(0);
    expect(logs.lines()).toBe(1);
  });

  it.each(['GET', 'PUT'])('answers 405 to %s', async (method) => {
    const res = await call(handler, '/api/stripe-webhook', { method });
    expect(res.status).toBe(405);
    expect(logs.lines()).toBe(1);
  });

  it('answers 503 when the webhook secret is not configured', async () => {
    delete process.env.STRIPE_WEBHOOK_SECRET;
    const e = event();
    const res = await deliver(e);
    expect(res.status).toBe(503);
    expect(logs.lines()).toBe(1);
  });

  it('answers 503 when the database is not configured', async () => {
    delete process.env.SUPABASE_URL;
    vi.resetModules();
    const fresh = (await import('../../netlify/functions/stripe-webhook.mts')).default;
    const e = event();
    const res = await call(fresh, '/api/stripe-webhook', { method: 'POST', headers: { 'stripe-signature': e.signature }, body: e.body });
    expect(res.status).toBe(503);
    expect(logs.lines()).toBe(1);
  });

  it('answers 502 with one log line when Stripe cannot give the subscription, so Stripe retries', async () => {
    stripe.fail('GET /v1/subscriptions/sub_1', 500);
    const res = await deliver(event());
    expect(res.status).toBe(502);
    expectNoLeak(res.text);
    expect(db.requestsTo('POST', 'stripe_subscriptions')).toHaveLength(0);
    expect(logs.lines()).toBe(1);
    expect(logs.all()).toMatch(/\[stripe-webhook\] 502 .*customer\.subscription\.updated evt_\d+/);
  });

  describe('an event about a customer no longer known (the member deleted their account)', () => {
    beforeEach(() => {
      // account-delete cancelled the subscription at Stripe and deleted the customer row (its
      // subscription row went with it) and the profile.
      db.tables.stripe_customers = [];
      db.tables.profiles = db.tables.profiles!.filter((p) => p.id !== 'uid_1');
      stripe.subscriptions.set('sub_1', subscription({ status: 'canceled' }));
    });

    it.each(['customer.subscription.updated', 'customer.subscription.deleted'])(
      'acknowledges %s with 200, writes nothing and logs one line without personal data',
      async (type) => {
        const e = signed(type, { id: 'sub_1', object: 'subscription', customer: 'cus_1' });
        const res = await deliver(e);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ received: true, subscription: 'ignored', reason: 'unknown customer' });
        // The database's answer decided: the write was tried and refused on the foreign key.
        expect(db.requestsTo('POST', 'stripe_subscriptions')).toHaveLength(1);
        expect(db.tables.stripe_subscriptions ?? []).toEqual([]);
        expect(db.tables.stripe_customers).toEqual([]);
        expect(db.requestsTo('PATCH', 'profiles')).toHaveLength(0);
        expect(db.tables.profiles).toMatchObject([{ id: 'uid_2', email: 'other@example.com', membership_tier: 'Adventurer' }]);
        expect(logs.lines()).toBe(1);
        const line = logs.all();
        expect(line).toContain(type);
        expect(line).toContain(JSON.parse(e.body).id);
        expect(line).not.toMatch(/@|member|uid_1|cus_1|Key \(/);
      },
    );

    it('answers a repeated delivery the same way', async () => {
      const e = signed('customer.subscription.deleted', { id: 'sub_1', object: 'subscription' });
      for (let i = 0; i < 2; i++) expect((await deliver(e)).status).toBe(200);
      expect(db.tables.stripe_subscriptions ?? []).toEqual([]);
      expect(logs.lines()).toBe(2);
    });
  });

  it.each([
    ['a server error', 500, 'XX000'],
    ['a foreign key violation of another constraint', 409, '23503'],
    ['a missing privilege', 403, '42501'],
  ])('answers 502 with one log line when the database refuses the row with %s, so Stripe retries', async (_name, status, code) => {
    stripe.subscriptions.set('sub_1', subscription());
    db.fail('stripe_subscriptions', 'POST', status, code);
    const res = await deliver(event());
    expect(res.status).toBe(502);
    expectNoLeak(res.text);
    expect(db.requestsTo('PATCH', 'profiles')).toHaveLength(0);
    expect(logs.lines()).toBe(1);
    expect(logs.all()).toContain(`stripe_subscriptions upsert: ${code}`);
  });
});
