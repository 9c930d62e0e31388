/** GET /api/checkout-summary: only the member who paid reads what their Checkout bought. */
import { beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import handler, { config } from '../../netlify/functions/checkout-summary.mts';
import { stripePriceId, type StripeDouble } from '../../local-platform/stripe/stripe-standin';
import catalogue from '../../src/content/catalogue.json';
import type { LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import { call, createEmulatorUser, expectNoLeak, type EmulatorUser, type LogSpies } from '../support/functions';
import { withStandIns } from '../support/stand-ins';

let stripe: StripeDouble;
let db: LocalSupabase;
let logs: LogSpies;
let member: EmulatorUser;
let other: EmulatorUser;

async function checkout(catalogueId: string, memberId: string): Promise<string> {
  const sdk = new Stripe(stripe.env.STRIPE_SECRET_KEY, { host: stripe.env.STRIPE_API_HOST, port: Number(stripe.env.STRIPE_API_PORT), protocol: 'http' });
  const session = await sdk.checkout.sessions.create({
    mode: 'payment',
    line_items: [{ price: stripePriceId(catalogueId), quantity: 1 }],
    client_reference_id: memberId,
    success_url: 'http://localhost:4321/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:4321/products',
  });
  return session.id;
}
const lookup = (id: string, who: EmulatorUser | null = member) =>
  call(handler, `/api/checkout-summary?session_id=${encodeURIComponent(id)}`, { headers: who ? { authorization: `Bearer ${who.idToken}` } : {} });

withStandIns({ stripe: { catalogue }, db: true }, (standIns, spies) => {
  ({ stripe, db } = standIns);
  logs = spies;
});
beforeAll(async () => {
  member = await createEmulatorUser();
  other = await createEmulatorUser();
});

describe('checkout-summary', () => {
  it('is served at /api/checkout-summary with a rate limit', () => {
    expect(config.path).toBe('/api/checkout-summary');
    expect(config.rateLimit?.aggregateBy).toEqual(['ip', 'domain']);
  });

  it('answers the items and the reference, not recorded until the webhook has written the paid purchase', async () => {
    const id = await checkout('price_app_stillpoint', member.memberId);
    stripe.complete(id);
    const before = await lookup(id);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ reference: id, items: [{ priceId: 'price_app_stillpoint', name: 'Stillpoint', productType: 'app' }], recorded: false });
    const purchase = { checkout_session_id: id, user_id: member.memberId, price_id: 'price_app_stillpoint', product_type: 'app', amount: 2900, currency: 'usd' };
    db.tables.purchases = [{ ...purchase, status: 'paid' }];
    expect((await lookup(id)).body).toMatchObject({ recorded: true });
    db.tables.purchases = [{ ...purchase, status: 'pending' }];
    expect((await lookup(id)).body).toMatchObject({ recorded: false });
  });

  it('answers 404, the same as for an unknown session, to another member', async () => {
    const id = await checkout('price_app_stillpoint', member.memberId);
    const theirs = await lookup(id, other);
    const unknown = await lookup('cs_test_unknown', member);
    expect(theirs.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(theirs.body).toEqual(unknown.body);
    expect(JSON.stringify(theirs.body)).not.toContain('Stillpoint');
  });

  it.each([
    ['no token', () => lookup('cs_test_x', null), 401],
    ['a bad token', () => call(handler, '/api/checkout-summary?session_id=cs_test_x', { headers: { authorization: 'Bearer nope' } }), 401],
    ['no session id', () => call(handler, '/api/checkout-summary', { headers: { authorization: `Bearer ${member.idToken}` } }), 400],
    ['a malformed session id', () => lookup('pi_123<script>'), 400],
    ['POST', () => call(handler, '/api/checkout-summary?session_id=cs_test_x', { method: 'POST', headers: { authorization: `Bearer ${member.idToken}` } }), 405],
  ])('answers %s with %i', async (_name, request, status) => {
    const res = await request();
    expect(res.status).toBe(status);
    expectNoLeak(res.text);
  });

  it('answers 502 with one log line when Stripe fails', async () => {
    stripe.fail('GET /v1/checkout/sessions/cs_test_x', 500);
    const res = await lookup('cs_test_x');
    expect(res.status).toBe(502);
    expect(logs.error.mock.calls).toHaveLength(1);
    expectNoLeak(res.text);
  });
});
