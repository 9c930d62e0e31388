/**
 * Products are known by their price, from the site's catalogue, never from Stripe's metadata
 * alone: end to end on the Stripe stand-in, the local database and the Auth emulator, a member
 * buys through a Checkout Session the stand-in completes, the webhook records it, and the content
 * gate answers as the member would find it.
 *   - The Founding Membership made in Stripe's dashboard without `productType` metadata (the
 *     stand-in's `untagged`): recorded as the Founding Membership, it opens the course and every
 *     app (the webhook used to guess "course" from its name: $690 for nothing).
 *   - A one-time price on a product marked `membership` that the catalogue does not know:
 *     nothing is recorded, one log line names the price, and nothing opens (it used to grant
 *     everything a Founding Member has).
 *   - A subscription to a price the catalogue has no plan for: Explorer (never the tier its
 *     product's name suggests).
 *   - /api/stripe-products?check, what /debug shows: the prices whose metadata disagrees with
 *     the catalogue, and none when they agree.
 */
import { describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import webhook from '../../netlify/functions/stripe-webhook.mts';
import content from '../../netlify/functions/content.mts';
import products from '../../netlify/functions/stripe-products.mts';
import generated from '../../netlify/functions/_generated/gated-content.json';
import { stripePriceId, type SignedEvent, type StripeDouble } from '../../local-platform/stripe/stripe-standin';
import type { LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import catalogue from '../../src/content/catalogue.json';
import { call, createEmulatorUser, type EmulatorUser, type LogSpies } from '../support/functions';
import { withStandIns } from '../support/stand-ins';

const SECRET = 'whsec_test_products_by_price';
const paidLesson = Object.entries(generated.course as Record<string, { preview: boolean }>).find(([, l]) => !l.preview)![0];
let stripe: StripeDouble;
let db: LocalSupabase;
let logs: LogSpies;

withStandIns({ stripe: { catalogue, untagged: ['price_founding_membership'] }, db: true, env: { STRIPE_WEBHOOK_SECRET: SECRET } }, (standIns, spies) => {
  ({ stripe, db } = standIns);
  logs = spies;
});

const sdk = () => new Stripe(stripe.env.STRIPE_SECRET_KEY, { host: stripe.env.STRIPE_API_HOST, port: Number(stripe.env.STRIPE_API_PORT), protocol: 'http' });
const deliver = (event: SignedEvent) => call(webhook, '/api/stripe-webhook', { method: 'POST', headers: { 'stripe-signature': event.signature, 'content-type': 'application/json' }, body: event.body });
const read = (member: EmulatorUser, product: string, item: string) => call(content, `/api/content/${product}/${item}`, { headers: { authorization: `Bearer ${member.idToken}` } });

/** A member with a Stripe customer pays for `stripePrice` once; the webhook hears of it. */
async function buys(stripePrice: string): Promise<{ member: EmulatorUser; answer: { status: number; body: unknown } }> {
  const member = await createEmulatorUser();
  const customer = `cus_${member.memberId.slice(0, 12)}`;
  db.tables.stripe_customers = [...(db.tables.stripe_customers ?? []), { user_id: member.memberId, customer_id: customer }];
  const session = await sdk().checkout.sessions.create({
    mode: 'payment',
    line_items: [{ price: stripePrice, quantity: 1 }],
    customer,
    client_reference_id: member.memberId,
    success_url: 'http://localhost:4321/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:4321/products',
    metadata: { firebase_uid: member.memberId },
  });
  stripe.complete(session.id, 'paid');
  const answer = await deliver(stripe.event('checkout.session.completed', { ...stripe.sessions.get(session.id), items: undefined }, SECRET));
  return { member, answer };
}

describe('products known by their price', () => {
  it('a Founding Membership without metadata at Stripe is the Founding Membership: the course and every app open', async () => {
    expect(stripe.products.find((p) => p.name === 'Founding Membership')?.metadata).toEqual({});
    const { member, answer } = await buys(stripePriceId('price_founding_membership'));
    expect(answer).toMatchObject({ status: 200, body: { purchase: 'recorded', status: 'paid' } });
    expect(db.tables.purchases).toEqual([expect.objectContaining({ user_id: member.memberId, price_id: 'price_founding_membership', product_type: 'membership', amount: 69000 })]);
    expect((await read(member, 'course', paidLesson)).status).toBe(200);
    for (const [app, item] of Object.entries({ 'the-bloom-book': 'prompts', 'rise-mode': 'statements', mindstage: 'scenarios', 'the-reset-room': 'resets' })) {
      expect((await read(member, app, item)).status, app).toBe(200);
    }
  });

  it('a one-time price on a product marked membership that the catalogue does not know records nothing, is logged once, opens nothing', async () => {
    stripe.products.push({ id: 'prod_vip', object: 'product', active: true, name: 'VIP Day', description: null, metadata: { productType: 'membership' } });
    stripe.prices.push({ id: 'price_1Dbl_vip', object: 'price', lookup_key: 'price_vip_day', active: true, currency: 'usd', unit_amount: 500, type: 'one_time', recurring: null, product: 'prod_vip' });
    try {
      const { member, answer } = await buys('price_1Dbl_vip');
      expect(answer).toMatchObject({ status: 200, body: { received: true, purchase: 'ignored', unknownPrice: 'price_vip_day' } });
      expect(db.tables.purchases ?? []).toEqual([]);
      expect(logs.lines()).toBe(1);
      expect(logs.all()).toMatch(/checkout\.session\.completed evt_\S+: price price_vip_day is not sold once in the site's catalogue: nothing recorded, nothing granted/);
      expect(logs.all()).not.toContain(member.memberId);
      expect((await read(member, 'course', paidLesson)).status).toBe(403);
    } finally {
      stripe.products.pop();
      stripe.prices.pop();
    }
  });

  it('a subscription to a price the catalogue has no plan for gives Explorer, whatever its product is called, and is logged', async () => {
    stripe.products.push({ id: 'prod_gold', object: 'product', active: true, name: 'Alchemist Gold Membership', description: null, metadata: { productType: 'membership' } });
    stripe.prices.push({ id: 'price_1Dbl_gold', object: 'price', lookup_key: 'price_gold_monthly', active: true, currency: 'usd', unit_amount: 9900, type: 'recurring', recurring: { interval: 'month', interval_count: 1 }, product: 'prod_gold' });
    try {
      const member = await createEmulatorUser();
      db.tables.profiles = [{ id: member.memberId, email: member.email, membership_tier: 'Explorer' }];
      db.tables.stripe_customers = [{ user_id: member.memberId, customer_id: 'cus_gold' }];
      stripe.subscriptions.set('sub_gold', {
        id: 'sub_gold',
        object: 'subscription',
        customer: 'cus_gold',
        status: 'active',
        cancel_at_period_end: false,
        created: Math.floor(Date.now() / 1000),
        items: { object: 'list', data: [{ id: 'si_gold', object: 'subscription_item', price: { id: 'price_1Dbl_gold', object: 'price' } }] },
        default_payment_method: null,
      });
      const answer = await deliver(stripe.event('customer.subscription.created', stripe.subscriptions.get('sub_gold'), SECRET));
      expect(answer).toMatchObject({ status: 200, body: { subscription: 'written', tier: 'Explorer' } });
      expect(db.tables.profiles).toEqual([expect.objectContaining({ membership_tier: 'Explorer' })]);
      expect(logs.all()).toContain("subscription sub_gold: price price_gold_monthly is no plan of the site's catalogue: it grants nothing");
      expect((await read(member, 'course', paidLesson)).status).toBe(403);
    } finally {
      stripe.subscriptions.delete('sub_gold');
      stripe.products.pop();
      stripe.prices.pop();
    }
  });

  it('/api/stripe-products?check (for /debug) names the price whose metadata disagrees with the catalogue, and nothing when all agree', async () => {
    const founding = stripe.products.find((p) => p.name === 'Founding Membership')!;
    expect((await call(products, '/api/stripe-products?check')).body).toEqual({ checked: true, problems: [] });
    founding.metadata = { productType: 'course' };
    try {
      const res = await call(products, '/api/stripe-products?check');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body).toEqual({
        checked: true,
        problems: [
          {
            priceId: 'price_founding_membership',
            stripePriceId: stripePriceId('price_founding_membership'),
            problem: '"Founding Membership" says productType "course" in its Stripe metadata, but the catalogue says price_founding_membership is a membership: the site follows the catalogue. Correct the metadata.',
          },
        ],
      });
    } finally {
      founding.metadata = {};
    }
    delete process.env.STRIPE_SECRET_KEY;
    expect((await call(products, '/api/stripe-products?check')).body).toMatchObject({ checked: false });
  });
});
