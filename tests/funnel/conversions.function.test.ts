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
import { call, emulatorHost, emulatorSignUp } from '../support/functions';
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

/** The source recorded on the member's sign-up ([] when no sign-up is counted for them). */
const signupSource = async (memberId: string) =>
  (
    await db.query<{ source: string | null }>(
      `select source from private.funnel_conversions where kind = 'signup' and key = encode(sha256(convert_to('signup:' || $1, 'UTF8')), 'hex')`,
      [memberId],
    )
  ).map((r) => r.source);

/** auth-sync as the sign-up form calls it, with the sign-up page's utm_source in the body. */
const syncWith = (idToken: string, body: unknown, headers: Record<string, string> = {}) =>
  authSync(
    new Request('http://localhost/api/auth-sync', {
      method: 'POST',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
  );

describe('sign-ups: under the campaign the sign-up page’s address carried', () => {
  const PASSWORD = 'secret-password';
  const account = async () => {
    const email = `source-${crypto.randomUUID().slice(0, 8)}@example.com`;
    return { email, ...(await emulatorSignUp({ email, password: PASSWORD })) };
  };
  /** A later sign-in of the same account: a new ID token, its auth_time now. */
  const signIn = async (email: string) => {
    const res = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
    });
    return ((await res.json()) as { idToken: string }).idToken;
  };

  it('records the utm_source sent with the first sync, in lower case; a retried sync with another changes nothing', async () => {
    if (!EMULATOR) throw new Error('Run the function tests through scripts/with-auth-emulator.mjs');
    const ada = await account();
    expect((await syncWith(ada.idToken, { full_name: 'Ada', utm_source: '  Newsletter ' })).status).toBe(200);
    expect(await signupSource(ada.memberId)).toEqual(['newsletter']);
    expect((await syncWith(ada.idToken, { utm_source: 'podcast' })).status).toBe(200);
    expect(await signupSource(ada.memberId)).toEqual(['newsletter']);
  });

  it('signs up, counted without a source, when the source is not a campaign tag, or the browser asks not to be tracked', async () => {
    const bad: [unknown, Record<string, string>][] = [
      ['x'.repeat(101), {}],
      [42, {}],
      ['news\nletter', {}],
      ['   ', {}],
      ['newsletter', { 'sec-gpc': '1' }],
      ['newsletter', { dnt: '1' }],
    ];
    for (const [source, headers] of bad) {
      const member = await account();
      const res = await syncWith(member.idToken, { full_name: 'Bea', utm_source: source }, headers);
      expect(res.status, JSON.stringify(source)).toBe(200);
      expect(await res.json()).toMatchObject({ ok: true });
      expect(db.tables.profiles?.find((p) => p['id'] === member.memberId), JSON.stringify(source)).toMatchObject({ full_name: 'Bea' });
      expect(await signupSource(member.memberId), JSON.stringify(source)).toEqual([null]);
    }
  });

  it('does not give a campaign to a sign-up made before this sign-in (signed up without one, back later from a tagged link)', async () => {
    const cai = await account();
    expect((await syncWith(cai.idToken, {})).status).toBe(200);
    // The sign-up was an hour ago; the member signs in again now, on a page with a campaign.
    await db.query(`update private.funnel_conversions set occurred_at = now() - interval '1 hour' where kind = 'signup'`);
    const again = await signIn(cai.email);
    expect((await syncWith(again, { utm_source: 'newsletter' })).status).toBe(200);
    expect(await signupSource(cai.memberId)).toEqual([null]);
  });
});

describe('purchases: counted once a paid Checkout Session, by the webhook', () => {
  const deliver = (event: SignedEvent) =>
    call(webhook, '/api/stripe-webhook', { method: 'POST', headers: { 'stripe-signature': event.signature, 'content-type': 'application/json' }, body: event.body });
  const about = (type: string, sessionId: string) => stripe.event(type, { ...stripe.sessions.get(sessionId), items: undefined }, SECRET);

  async function checkout(catalogueId: string, memberId = 'uid_1', customer = 'cus_1'): Promise<string> {
    const sdk = new Stripe(stripe.env.STRIPE_SECRET_KEY, { host: stripe.env.STRIPE_API_HOST, port: Number(stripe.env.STRIPE_API_PORT), protocol: 'http' });
    const session = await sdk.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: stripePriceId(catalogueId), quantity: 1 }],
      customer,
      client_reference_id: memberId,
      success_url: 'http://localhost:4321/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:4321/products',
      metadata: { firebase_uid: memberId },
    });
    return session.id;
  }

  it('a member who signed up from a campaign buys: the purchase counts once, under that campaign, whatever the repeats', async () => {
    if (!EMULATOR) throw new Error('Run the function tests through scripts/with-auth-emulator.mjs');
    const email = `buyer-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const buyer = await emulatorSignUp({ email, password: 'secret-password' });
    const synced = await authSync(
      new Request('http://localhost/api/auth-sync', {
        method: 'POST',
        headers: { authorization: `Bearer ${buyer.idToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ utm_source: 'newsletter' }),
      }),
    );
    expect(synced.status).toBe(200);
    db.tables.stripe_customers = [{ user_id: 'uid_1', customer_id: 'cus_1' }, { user_id: buyer.memberId, customer_id: 'cus_buyer' }];
    const id = await checkout('price_app_stillpoint', buyer.memberId, 'cus_buyer');
    stripe.complete(id, 'paid');
    const event = about('checkout.session.completed', id);
    for (let i = 0; i < 2; i++) expect((await deliver(event)).status).toBe(200);
    expect(await deliver(about('checkout.session.async_payment_succeeded', id))).toMatchObject({ status: 200 });
    // And a purchase by a member with no sign-up counted here stays without a campaign.
    const other = await checkout('price_master_alchemist_course');
    stripe.complete(other, 'paid');
    await deliver(about('checkout.session.completed', other));
    const sources = await db.query<{ kind: string; source: string | null }>(`select kind, source from private.funnel_conversions order by kind, source nulls last`);
    expect(sources).toEqual([
      { kind: 'purchase', source: 'newsletter' },
      { kind: 'purchase', source: null },
      { kind: 'signup', source: 'newsletter' },
    ]);
    // The owner's month of the purchase (in Berlin): the newsletter's row holds it (one: "fewer than 5", null).
    const [funnel] = await db.query<{ f: { by_source: { source: string | null; purchases: number | null }[] } }>(
      `select public.owner_funnel(to_char(c.occurred_at at time zone 'Europe/Berlin', 'YYYY-MM')) as f
       from private.funnel_conversions c where c.kind = 'purchase' and c.source = 'newsletter'`,
    );
    expect(funnel!.f.by_source.find((row) => row.source === 'newsletter')).toMatchObject({ purchases: null });
    expect(funnel!.f.by_source.find((row) => row.source === null)).toMatchObject({ purchases: null });
  });

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
