/** The stripe-checkout function against the Stripe stand-in and the database: customers, sessions and what it refuses. */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import handler, { ALREADY_SUBSCRIBED, config } from '../../netlify/functions/stripe-checkout.mts';
import { CHECKOUT_REFUSALS } from '../../src/features/commerce/checkout-refusal';
import catalogue from '../../src/content/catalogue.json' with { type: 'json' };
import { stripePriceId, type StripeDouble } from '../../local-platform/stripe/stripe-standin';
import type { LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import { call, createEmulatorUser, expectNoLeak, SITE, type EmulatorUser, type LogSpies } from '../support/functions';
import { withStandIns } from '../support/stand-ins';

const builtIn = catalogue.map(({ id: _id, ...product }) => product);
const SUCCESS = `${SITE}/success?session_id={CHECKOUT_SESSION_ID}`;
const CANCEL = `${SITE}/products`;
const valid = { price_id: 'price_alchemist_monthly', mode: 'subscription', success_url: SUCCESS, cancel_url: CANCEL };

let stripe: StripeDouble;
let db: LocalSupabase;
let member: EmulatorUser;
let logs: LogSpies;

withStandIns({ stripe: { catalogue: builtIn }, db: true, unset: ['URL', 'SITE_URL'] }, (standIns, spies) => {
  ({ stripe, db } = standIns);
  logs = spies;
});
beforeAll(async () => {
  member = await createEmulatorUser();
});

const checkout = (body: unknown, headers: Record<string, string> = { authorization: `Bearer ${member.idToken}` }) =>
  call(handler, '/api/stripe-checkout', { method: 'POST', headers, body });

describe('stripe-checkout', () => {
  it('is served at /api/stripe-checkout with a rate limit per ip and domain', () => {
    expect(config.path).toBe('/api/stripe-checkout');
    expect(config.rateLimit?.aggregateBy).toEqual(['ip', 'domain']);
  });

  it('creates the customer, keeps it in stripe_customers and answers the session url', async () => {
    const res = await checkout(valid);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ url: expect.stringMatching(new RegExp(`^${stripe.url}/pay/cs_test_double_\\d+$`)) });

    // The database was asked for the member's customer, then told about the new one.
    const [select] = db.requestsTo('GET', 'stripe_customers');
    expect(select?.query).toMatchObject({ select: 'customer_id', user_id: `eq.${member.memberId}` });
    expect(select?.apikey).toBe(db.env.SUPABASE_SERVICE_ROLE_KEY);
    const [upsert] = db.requestsTo('POST', 'stripe_customers');
    expect(upsert?.query.on_conflict).toBe('user_id');
    expect(upsert?.prefer).toContain('resolution=merge-duplicates');
    const customerId = stripe.customers[0]?.id;
    expect(upsert?.body).toEqual({ user_id: member.memberId, customer_id: customerId });

    // Stripe: searched by uid, then created with the uid in metadata (idempotently).
    expect(stripe.requestsTo('GET /v1/customers/search')[0]?.query.query).toBe(`metadata['firebase_uid']:'${member.memberId}'`);
    const [create] = stripe.requestsTo('POST /v1/customers');
    expect(create?.form).toMatchObject({ email: member.email, 'metadata[firebase_uid]': member.memberId });
    expect(create?.idempotencyKey).toBe(`customer-for-${member.memberId}`);

    const [session] = stripe.requestsTo('POST /v1/checkout/sessions');
    expect(session?.form).toMatchObject({
      mode: 'subscription',
      // Stripe's own id for the price the catalogue names by its lookup key.
      'line_items[0][price]': stripePriceId('price_alchemist_monthly'),
      'line_items[0][quantity]': '1',
      customer: customerId,
      client_reference_id: member.memberId,
      success_url: SUCCESS,
      cancel_url: CANCEL,
      'metadata[firebase_uid]': member.memberId,
      'subscription_data[metadata][firebase_uid]': member.memberId,
    });
    expect(logs.lines()).toBe(0);
  });

  it('reuses the customer kept in stripe_customers', async () => {
    db.tables.stripe_customers = [{ user_id: member.memberId, customer_id: 'cus_known' }];
    const res = await checkout({ ...valid, price_id: 'price_app_stillpoint', mode: 'payment' });
    expect(res.status).toBe(200);
    expect(stripe.requestsTo('POST /v1/customers')).toHaveLength(0);
    expect(stripe.requestsTo('GET /v1/customers/search')).toHaveLength(0);
    expect(db.requestsTo('POST', 'stripe_customers')).toHaveLength(0);
    const [session] = stripe.requestsTo('POST /v1/checkout/sessions');
    expect(session?.form).toMatchObject({ mode: 'payment', customer: 'cus_known', 'line_items[0][price]': stripePriceId('price_app_stillpoint') });
    expect(session?.form['subscription_data[metadata][firebase_uid]']).toBeUndefined();
  });

  it('refuses a subscription to the plan the member already holds, and nothing else', async () => {
    db.tables.stripe_customers = [{ user_id: member.memberId, customer_id: 'cus_known' }];
    const row = { customer_id: 'cus_known', subscription_id: 'sub_1', price_id: 'price_alchemist_monthly', subscription_status: 'active' };
    db.tables.stripe_subscriptions = [row];

    const res = await checkout(valid);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: ALREADY_SUBSCRIBED });
    expect(stripe.requestsTo('POST /v1/checkout/sessions')).toHaveLength(0);
    expect(db.requestsTo('GET', 'stripe_subscriptions')[0]?.query).toMatchObject({ customer_id: 'eq.cus_known' });
    expect(logs.lines()).toBe(1);

    // Another plan, the one-time Founding Membership, or the same plan once it has ended can be
    // bought. (Issue 13: an app is no longer sold to an Alchemist, whose plan includes it.)
    for (const [body, status] of [
      [{ ...valid, price_id: 'price_adventurer_monthly' }, 'active'],
      [{ ...valid, price_id: 'price_founding_membership', mode: 'payment' }, 'active'],
      [valid, 'canceled'],
    ] as const) {
      db.tables.stripe_subscriptions = [{ ...row, subscription_status: status }];
      expect((await checkout(body)).status).toBe(200);
    }
    expect(stripe.requestsTo('POST /v1/checkout/sessions')).toHaveLength(3);
  });

  it('sells a price only under its catalogue id (its lookup key): never one without a key, nor one the catalogue does not know', async () => {
    const stillpoint = stripe.prices.find((p) => p.lookup_key === 'price_app_stillpoint')!;
    stripe.prices.push({ ...stillpoint, id: 'price_1Unkeyed', lookup_key: null }, { ...stillpoint, id: 'price_1Other', lookup_key: 'price_app_other' });
    try {
      for (const priceId of ['price_1Unkeyed', 'price_app_other', stillpoint.id]) {
        const refused = await checkout({ ...valid, price_id: priceId, mode: 'payment' });
        expect(refused.status, priceId).toBe(400);
        expect(refused.body).toEqual({ error: 'This product is not available for purchase.' });
      }
      expect(stripe.requestsTo('POST /v1/checkout/sessions')).toHaveLength(0);
      expect((await checkout({ ...valid, price_id: 'price_app_stillpoint', mode: 'payment' })).status).toBe(200);
      expect(stripe.requestsTo('POST /v1/checkout/sessions')[0]?.form['line_items[0][price]']).toBe(stillpoint.id);
    } finally {
      stripe.prices.splice(-2, 2);
    }
  });

  it('finds a customer Stripe already has for the member and records it', async () => {
    stripe.customers.push({ id: 'cus_found', object: 'customer', email: member.email, metadata: { firebase_uid: member.memberId } });
    const res = await checkout(valid);
    expect(res.status).toBe(200);
    expect(stripe.requestsTo('POST /v1/customers')).toHaveLength(0);
    expect(db.requestsTo('POST', 'stripe_customers')[0]?.body).toEqual({ user_id: member.memberId, customer_id: 'cus_found' });
  });

  it('accepts addresses on the configured site URL', async () => {
    process.env.URL = 'https://inneralchemy.example';
    const res = await checkout({ ...valid, success_url: 'https://inneralchemy.example/success?session_id={CHECKOUT_SESSION_ID}', cancel_url: 'https://inneralchemy.example/app/stillpoint' });
    expect(res.status).toBe(200);
  });

  const badBodies: [string, unknown, RegExp][] = [
    ['an array', [valid], /JSON object/],
    ['null', null, /JSON object/],
    ['a number', 42, /JSON object/],
    ['no price_id', { ...valid, price_id: undefined }, /price_id is required/],
    ['an empty price_id', { ...valid, price_id: '  ' }, /price_id is required/],
    ['a numeric price_id', { ...valid, price_id: 12 }, /price_id is required/],
    ['a huge price_id', { ...valid, price_id: 'p'.repeat(300) }, /price_id is too long/],
    ['no mode', { ...valid, mode: undefined }, /mode must be/],
    ['an unknown mode', { ...valid, mode: 'setup' }, /mode must be/],
    ['no success_url', { ...valid, success_url: undefined }, /success_url is required/],
    ['a success_url on another site', { ...valid, success_url: 'https://evil.example/success?session_id={CHECKOUT_SESSION_ID}' }, /success_url must be an address on this site/],
    ['a success_url on a look-alike host', { ...valid, success_url: 'http://localhost:4321.evil.example/success?session_id={CHECKOUT_SESSION_ID}' }, /success_url must be an address on this site/],
    ['a success_url with credentials', { ...valid, success_url: 'http://user:pw@localhost:4321/success?session_id={CHECKOUT_SESSION_ID}' }, /success_url must be an address on this site/],
    ['a relative success_url', { ...valid, success_url: '/success?session_id={CHECKOUT_SESSION_ID}' }, /success_url must be an address on this site/],
    ['a javascript: success_url', { ...valid, success_url: 'javascript:alert(1)//{CHECKOUT_SESSION_ID}' }, /success_url must be an address on this site/],
    ['a success_url without the session placeholder', { ...valid, success_url: `${SITE}/success` }, /CHECKOUT_SESSION_ID/],
    ['no cancel_url', { ...valid, cancel_url: undefined }, /cancel_url is required/],
    ['a cancel_url on another site', { ...valid, cancel_url: 'https://evil.example/' }, /cancel_url must be an address on this site/],
    ['a protocol-relative cancel_url', { ...valid, cancel_url: '//evil.example/' }, /cancel_url must be an address on this site/],
    ['a price that is not in the catalogue', { ...valid, price_id: 'price_made_up' }, /not available for purchase/],
    ['a mode that does not match the price', { ...valid, mode: 'payment' }, /mode must be "subscription"/],
    ['a subscription mode for an app', { ...valid, price_id: 'price_app_mindstage', mode: 'subscription' }, /mode must be "payment"/],
  ];

  it.each(badBodies)('answers 400 to %s, without calling for a session', async (_name, body, message) => {
    const res = await checkout(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.stringMatching(message) });
    expectNoLeak(res.text);
    expect(stripe.requestsTo('POST /v1/checkout/sessions')).toHaveLength(0);
    expect(db.requestsTo('POST', 'stripe_customers')).toHaveLength(0);
    expect(logs.lines()).toBe(1);
  });

  it.each([
    ['malformed JSON', '{"price_id": '],
    ['an empty body', ''],
  ])('answers 400 to %s', async (_name, raw) => {
    const res = await call(handler, '/api/stripe-checkout', {
      method: 'POST',
      headers: { authorization: `Bearer ${member.idToken}`, 'content-type': 'application/json' },
      body: raw,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Request body must be valid JSON.' });
    expect(logs.lines()).toBe(1);
  });

  it('answers 413 to a body over the size limit', async () => {
    const res = await checkout({ ...valid, padding: 'x'.repeat(20_000) });
    expect(res.status).toBe(413);
    expectNoLeak(res.text);
    expect(logs.lines()).toBe(1);
  });

  it.each([
    ['no Authorization header', {}],
    ['a malformed Authorization header', { authorization: 'Token abc' }],
    ['a token that is not a Firebase ID token', { authorization: 'Bearer not-a-token' }],
    ['a tampered token', { authorization: 'Bearer TAMPERED' }],
  ])('answers 401 to %s', async (_name, headers) => {
    const h = { ...headers } as Record<string, string>;
    if (h.authorization === 'Bearer TAMPERED') h.authorization = `Bearer ${member.idToken.slice(0, -4)}AAAA`;
    const res = await checkout(valid, h);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: expect.any(String) });
    expectNoLeak(res.text);
    expect(stripe.requests).toHaveLength(0);
    expect(logs.lines()).toBe(1);
  });

  it('answers 403 to a request a browser sends from another site', async () => {
    const res = await checkout(valid, { authorization: `Bearer ${member.idToken}`, origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(stripe.requests).toHaveLength(0);
    expect(logs.lines()).toBe(1);
  });

  it.each(['GET', 'PUT', 'DELETE'])('answers 405 to %s', async (method) => {
    const res = await call(handler, '/api/stripe-checkout', { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(logs.lines()).toBe(1);
  });

  it('answers 503 when Stripe is not configured', async () => {
    delete process.env.STRIPE_SECRET_KEY;
    const res = await checkout(valid);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: 'Payments are not configured on the server.' });
    expect(logs.lines()).toBe(1);
  });

  it('answers 503 when the database is not configured', async () => {
    delete process.env.SUPABASE_SERVICE_ROLE_KEY;
    // A fresh module: the admin client is created once per process, as on Netlify.
    vi.resetModules();
    const fresh = (await import('../../netlify/functions/stripe-checkout.mts')).default;
    const res = await call(fresh, '/api/stripe-checkout', { method: 'POST', headers: { authorization: `Bearer ${member.idToken}` }, body: valid });
    expect(res.status).toBe(503);
    expect(stripe.requests).toHaveLength(0);
    expect(logs.lines()).toBe(1);
  });

  it.each([
    ['listing prices', 'GET /v1/prices'],
    ['searching customers', 'GET /v1/customers/search'],
    ['creating the customer', 'POST /v1/customers'],
    ['creating the session', 'POST /v1/checkout/sessions'],
  ])('answers 502 with one log line when Stripe fails %s', async (_name, route) => {
    stripe.fail(route, 500);
    const res = await checkout(valid);
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: 'The payment provider could not be reached. Please try again.' });
    expectNoLeak(res.text);
    expect(logs.lines()).toBe(1);
    expect(logs.error.mock.calls[0]?.[0]).toMatch(/^\[stripe-checkout\] 502 /);
  });

  it.each([
    ['reading stripe_customers', 'stripe_customers', 'GET'],
    ['writing stripe_customers', 'stripe_customers', 'POST'],
    ['reading stripe_subscriptions', 'stripe_subscriptions', 'GET'],
  ])('answers 502 with one log line when the database fails %s', async (_name, table, method) => {
    db.fail(table, method, 500, 'XX000');
    const res = await checkout(valid);
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: expect.stringContaining('Please try again') });
    expect(stripe.requestsTo('POST /v1/checkout/sessions')).toHaveLength(0);
    expect(logs.lines()).toBe(1);
  });
});

describe('stripe-checkout refuses what the member already has', () => {
  const app = { ...valid, price_id: 'price_app_stillpoint', mode: 'payment' };
  const course = { ...valid, price_id: 'price_master_alchemist_course', mode: 'payment' };
  const founding = { ...valid, price_id: 'price_founding_membership', mode: 'payment' };
  const purchase = (price_id: string, product_type: string, status = 'paid', user_id = member.memberId) => ({
    user_id,
    price_id,
    product_type,
    status,
    checkout_session_id: `cs_${price_id}_${status}`,
    amount: 2900,
    currency: 'usd',
    purchased_at: '2026-11-01T10:00:00.000Z',
    refunded_at: status === 'refunded' ? '2026-11-02T10:00:00.000Z' : null,
  });
  const plan = (price_id: string, subscription_status = 'active') => {
    db.tables.stripe_customers = [{ user_id: member.memberId, customer_id: 'cus_known' }];
    db.tables.stripe_subscriptions = [{ customer_id: 'cus_known', subscription_id: 'sub_1', price_id, subscription_status }];
  };

  it.each([
    ['an app they bought', () => (db.tables.purchases = [purchase('price_app_stillpoint', 'app')]), app, CHECKOUT_REFUSALS.owned],
    ['the course they bought', () => (db.tables.purchases = [purchase('price_master_alchemist_course', 'course')]), course, CHECKOUT_REFUSALS.owned],
    ['the Founding Membership they bought', () => (db.tables.purchases = [purchase('price_founding_membership', 'membership')]), founding, CHECKOUT_REFUSALS.owned],
    ['an app, to a Founding Member', () => (db.tables.purchases = [purchase('price_founding_membership', 'membership')]), app, CHECKOUT_REFUSALS.owned],
    ['an app, to an Adventurer', () => plan('price_adventurer_monthly'), app, CHECKOUT_REFUSALS.included],
    ['an app, to an Alchemist', () => plan('price_alchemist_monthly'), app, CHECKOUT_REFUSALS.included],
    ['the course, to an Alchemist', () => plan('price_alchemist_monthly'), course, CHECKOUT_REFUSALS.included],
    ['an app whose payment is still settling', () => (db.tables.purchases = [purchase('price_app_stillpoint', 'app', 'pending')]), app, CHECKOUT_REFUSALS.pending],
  ])('refuses %s with 409 and the reason, and creates no session', async (_name, given, body, message) => {
    given();
    const res = await checkout(body);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: message });
    expect(stripe.requestsTo('POST /v1/checkout/sessions')).toHaveLength(0);
    expect(db.requestsTo('GET', 'purchases')[0]?.query).toMatchObject({ user_id: `eq.${member.memberId}` });
  });

  it.each([
    ['another app than the one bought', () => (db.tables.purchases = [purchase('price_app_mindstage', 'app')]), app],
    ['an app refunded', () => (db.tables.purchases = [purchase('price_app_stillpoint', 'app', 'refunded')]), app],
    ['an app whose delayed payment failed', () => (db.tables.purchases = [purchase('price_app_stillpoint', 'app', 'failed')]), app],
    ['an app another member bought', () => (db.tables.purchases = [purchase('price_app_stillpoint', 'app', 'paid', 'someone-else')]), app],
    ['the course, to an Adventurer', () => plan('price_adventurer_monthly'), course],
    ['an app, once the plan has ended', () => plan('price_alchemist_monthly', 'canceled'), app],
  ])('sells %s', async (_name, given, body) => {
    given();
    const res = await checkout(body);
    expect(res.status).toBe(200);
    expect(stripe.requestsTo('POST /v1/checkout/sessions')).toHaveLength(1);
  });

  it('answers 502 when the purchases cannot be read, and sells nothing', async () => {
    db.fail('purchases', 'GET', 500, 'XX000');
    const res = await checkout(app);
    expect(res.status).toBe(502);
    expect(stripe.requestsTo('POST /v1/checkout/sessions')).toHaveLength(0);
    logs.error.mockClear();
  });
});
