/**
 * Sign-ups and purchases in the owner's funnel, counted on the server once each: auth-sync
 * against the Auth emulator (a sign-up retried, repeated and raced counts one), and the Stripe
 * webhook with Stripe-signed events about sessions the Stripe stand-in made (a purchase
 * delivered three times, a delayed payment in either order, a subscription, an unpaid one).
 * Both write to the local PostgREST endpoint over PGlite running our migrations.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import authSync from '../../netlify/functions/auth-sync.mts';
import webhook from '../../netlify/functions/stripe-webhook.mts';
import { stripePriceId, type SignedEvent, type StripeDouble } from '../../local-platform/stripe/stripe-standin';
import catalogue from '../../src/content/catalogue.json';
import type { LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import { call, emulatorSignUp } from '../support/functions';
import { withStandIns } from '../support/stand-ins';

const SECRET = 'whsec_test_double_secret';
const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST;
let stripe: StripeDouble;
let db: LocalSupabase;

withStandIns({ stripe: { catalogue }, db: true, inbox: true, env: { STRIPE_WEBHOOK_SECRET: SECRET } }, (standIns) => {
  ({ stripe, db } = standIns);
});

const counted = async (kind: 'signup' | 'purchase') =>
  db.query<{ key: string; at: string }>(`select key, occurred_at::text as at from private.funnel_conversions where kind = $1 order by occurred_at`, [kind]);

beforeEach(async () => {
  await db.query(`delete from private.funnel_conversions`);
  db.tables.stripe_customers = [{ user_id: 'uid_1', customer_id: 'cus_1' }];
});

describe('sign-ups: counted once a member, by auth-sync', () => {
  async function newAccount(): Promise<{ uid: string; idToken: string }> {
    const { memberId, idToken } = await emulatorSignUp({ email: `funnel-${crypto.randomUUID().slice(0, 8)}@example.com`, password: 'secret-password' });
    return { uid: memberId, idToken };
  }
  const sync = (idToken: string) => authSync(new Request('http://localhost/api/auth-sync', { method: 'POST', headers: { authorization: `Bearer ${idToken}` } }));

  it('a sign-up synced, retried, raced and signed in again counts one sign-up; another member one more', async () => {
    if (!EMULATOR) throw new Error('Run the function tests through scripts/with-auth-emulator.mjs');
    const ada = await newAccount();
    expect((await sync(ada.idToken)).status).toBe(200);
    expect((await sync(ada.idToken)).status).toBe(200);
    expect((await Promise.all([sync(ada.idToken), sync(ada.idToken)])).map((r) => r.status)).toEqual([200, 200]);
    const once = await counted('signup');
    expect(once).toHaveLength(1);
    // The key names nobody: a hash, not the member's id.
    expect(once[0]!.key).toMatch(/^[0-9a-f]{64}$/);
    expect(once[0]!.key).not.toContain(ada.uid);

    const bea = await newAccount();
    await Promise.all([sync(bea.idToken), sync(bea.idToken)]);
    expect(await counted('signup')).toHaveLength(2);
  });
});

describe('purchases: counted once a paid Checkout Session, by the webhook', () => {
  const deliver = (event: SignedEvent) =>
    call(webhook, '/api/stripe-webhook', { method: 'POST', headers: { 'stripe-signature': event.signature, 'content-type': 'application/json' }, body: event.body });
  const about = (type: string, sessionId: string) => stripe.event(type, { ...stripe.sessions.get(sessionId), items: undefined }, SECRET);

  async function checkout(catalogueId: string): Promise<string> {
    const sdk = new Stripe(stripe.env.STRIPE_SECRET_KEY, { host: stripe.env.STRIPE_API_HOST, port: Number(stripe.env.STRIPE_API_PORT), protocol: 'http' });
    const session = await sdk.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: stripePriceId(catalogueId), quantity: 1 }],
      customer: 'cus_1',
      client_reference_id: 'uid_1',
      success_url: 'http://localhost:4321/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:4321/products',
      metadata: { firebase_uid: 'uid_1' },
    });
    return session.id;
  }

  it('the same completed event three times, and the settle event of a paid purchase, count one purchase', async () => {
    const id = await checkout('price_app_stillpoint');
    stripe.complete(id, 'paid');
    const event = about('checkout.session.completed', id);
    for (let i = 0; i < 3; i++) expect((await deliver(event)).status).toBe(200);
    expect(await deliver(about('checkout.session.async_payment_succeeded', id))).toMatchObject({ status: 200 });
    expect(await counted('purchase')).toHaveLength(1);
    expect(db.tables.purchases).toHaveLength(1);
  });

  it('two purchases count two', async () => {
    for (const price of ['price_app_stillpoint', 'price_master_alchemist_course']) {
      const id = await checkout(price);
      stripe.complete(id, 'paid');
      await deliver(about('checkout.session.completed', id));
    }
    expect(await counted('purchase')).toHaveLength(2);
  });

  it('a delayed payment counts when it succeeds, once, whichever event arrives first; a failed one never', async () => {
    const late = await checkout('price_app_mindstage');
    stripe.complete(late, 'unpaid');
    const completed = about('checkout.session.completed', late);
    await deliver(completed);
    expect(await counted('purchase')).toHaveLength(0);
    stripe.settle(late, true);
    const succeeded = about('checkout.session.async_payment_succeeded', late);
    await deliver(succeeded);
    await deliver(completed);
    await deliver(succeeded);
    expect(await counted('purchase')).toHaveLength(1);

    const failed = await checkout('price_app_stillpoint');
    stripe.complete(failed, 'unpaid');
    stripe.settle(failed, false);
    await deliver(about('checkout.session.async_payment_failed', failed));
    await deliver(about('checkout.session.completed', failed));
    expect(await counted('purchase')).toHaveLength(1);
  });

  it('a subscription checkout counts one purchase, however often its event comes', async () => {
    const sdk = new Stripe('sk_test_x');
    const body = JSON.stringify({
      id: 'evt_sub_1',
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.parse('2026-03-31T21:30:00Z') / 1000),
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_sub_1', object: 'checkout.session', mode: 'subscription', payment_status: 'paid', customer: 'cus_1', subscription: 'sub_1', client_reference_id: 'uid_1' } },
      livemode: false,
      pending_webhooks: 1,
      request: null,
    });
    stripe.subscriptions.set('sub_1', {
      id: 'sub_1',
      object: 'subscription',
      customer: 'cus_1',
      status: 'active',
      cancel_at_period_end: false,
      items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', price: { id: stripePriceId('price_alchemist_monthly'), object: 'price' }, current_period_start: 1774990000, current_period_end: 1777590000 }] },
      default_payment_method: null,
    });
    const event = { body, signature: sdk.webhooks.generateTestHeaderString({ payload: body, secret: SECRET }) };
    for (let i = 0; i < 2; i++) expect((await deliver(event)).status).toBe(200);
    const [one, ...more] = await counted('purchase');
    expect(more).toEqual([]);
    // Counted at the event's time: 23:30 on 31 March in Berlin, a March purchase for the owner.
    expect(Date.parse(one!.at)).toBe(Date.parse('2026-03-31T21:30:00Z'));
    const [month] = await db.query<{ f: { purchases: number | null } }>(`select public.owner_funnel('2026-03') as f`);
    expect(month!.f.purchases).toBeNull(); // one: "fewer than 5"
  });
});
