/**
 * The local Stripe stand-in (local-platform/stripe/stripe-standin.ts) as `npm run dev:members` uses it:
 * its payment page and its admin page send signed events to our real webhook
 * function, served here on a local HTTP server as Netlify would serve it, and the member's
 * subscription and tier end up in Postgres as the webhook decides.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import webhook from '../../netlify/functions/stripe-webhook.mts';
import checkoutFunction from '../../netlify/functions/stripe-checkout.mts';
import catalogue from '../../src/content/catalogue.json' with { type: 'json' };
import { startStripeDouble, stripePriceId, type StripeDouble } from '../../local-platform/stripe/stripe-standin';
import { startLocalSupabase, type LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import { call, createEmulatorUser, SITE, spyOnLogs, type EmulatorUser, type LogSpies } from '../support/functions';
import { startEmailStandIn, type EmailStandIn } from '../../local-platform/email/email-standin';
import { emailEnv } from '../support/email';

const SECRET = 'whsec_standin_test_secret';
const builtIn = catalogue.map(({ id: _id, ...product }) => product);
const MONTH_DAYS = { min: 28 * 86400, max: 31 * 86400 };

/** The demo members' rows as dev:members writes them, and the same at the stand-in (seed). */
const DEMO = { memberId: 'demo-adventurer', email: 'adventurer@demo.local', customer: 'cus_demo_adventurer', subscription: 'sub_demo_demo-adventurer' };
/** A seeded customer whose id would break the admin page's HTML if it were not escaped. */
const ODD_CUSTOMER = 'cus_<b>"odd"</b>&';

let stripe: StripeDouble;
let db: LocalSupabase;
/** The member's emails, as dev:members sends them. */
let inbox: EmailStandIn;
let hook: Server;
let member: EmulatorUser;
let logs: LogSpies;
/** Every delivery the webhook received, in the order they arrived: the raw body, its Stripe-Signature and our answer. */
const received: { body: string; signature: string; status: number; answer: string }[] = [];
const saved = { ...process.env };

beforeAll(async () => {
  // The real stripe-webhook handler behind HTTP, as the site serves it at /api/stripe-webhook.
  hook = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    // Recorded in the order the deliveries arrive (one may be answered while an earlier one is still at work).
    const delivery = { body, signature: headers['stripe-signature'] ?? '', status: 0, answer: '' };
    received.push(delivery);
    const response = await webhook(new Request(`${SITE}${req.url ?? '/'}`, { method: req.method, headers, body }));
    const answer = await response.text();
    Object.assign(delivery, { status: response.status, answer });
    res.writeHead(response.status, { 'content-type': response.headers.get('content-type') ?? 'application/json' });
    res.end(answer);
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const { port } = hook.address() as AddressInfo;
  stripe = await startStripeDouble({
    catalogue: builtIn,
    webhook: { url: `http://127.0.0.1:${port}/api/stripe-webhook`, secret: SECRET },
    seed: {
      customers: [{ id: DEMO.customer, email: DEMO.email }],
      subscriptions: [
        { id: DEMO.subscription, customer: DEMO.customer, price: 'price_adventurer_monthly', status: 'active' },
        { id: 'sub_<i>odd</i>', customer: ODD_CUSTOMER, price: stripePriceId('price_alchemist_monthly') },
      ],
    },
  });
  db = await startLocalSupabase();
  inbox = await startEmailStandIn();
  member = await createEmulatorUser();
});
afterAll(async () => {
  await stripe.close();
  await db.close();
  await inbox.close();
  hook.closeAllConnections();
  await new Promise<void>((resolve) => hook.close(() => resolve()));
});
beforeEach(async () => {
  Object.assign(process.env, stripe.env, db.env, emailEnv(inbox), { STRIPE_WEBHOOK_SECRET: SECRET });
  delete process.env.URL;
  delete process.env.SITE_URL;
  stripe.reset();
  inbox.reset();
  db.reset();
  received.length = 0;
  db.tables.profiles = [
    { id: member.memberId, email: member.email.toLowerCase(), membership_tier: 'Explorer', email_verified: true },
    { id: DEMO.memberId, email: DEMO.email, membership_tier: 'Adventurer', email_verified: true },
  ];
  await db.settled();
  logs = spyOnLogs();
});
afterEach(() => {
  process.env = { ...saved };
  logs.warn.mockRestore();
  logs.error.mockRestore();
});

const sdk = () => new Stripe(stripe.env.STRIPE_SECRET_KEY, { host: stripe.env.STRIPE_API_HOST, port: Number(stripe.env.STRIPE_API_PORT), protocol: 'http' });
const tierOf = (memberId: string) => db.tables.profiles?.find((p) => p.id === memberId)?.membership_tier;
const subscriptionRowOf = (customer: string) => db.tables.stripe_subscriptions?.find((r) => r.customer_id === customer);
const customerOf = (memberId: string) => db.tables.stripe_customers?.find((r) => r.user_id === memberId)?.customer_id as string | undefined;

/** The member starts a checkout on the site (the real stripe-checkout function) and gets the session id. */
async function checkoutOnSite(priceId: string): Promise<string> {
  const res = await call(checkoutFunction, '/api/stripe-checkout', {
    method: 'POST',
    headers: { authorization: `Bearer ${member.idToken}` },
    body: { price_id: priceId, mode: 'subscription', success_url: `${SITE}/success?session_id={CHECKOUT_SESSION_ID}`, cancel_url: `${SITE}/products` },
  });
  expect(res.status).toBe(200);
  const url = (res.body as { url: string }).url;
  expect(url.startsWith(`${stripe.url}/pay/`)).toBe(true);
  return decodeURIComponent(url.slice(`${stripe.url}/pay/`.length));
}

/** A button of the stand-in's pages: a form POST, not following the redirect. */
async function press(path: string, form: Record<string, string> = {}): Promise<Response> {
  const res = await fetch(`${stripe.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form), redirect: 'manual' });
  await stripe.deliveries();
  return res;
}

/** The events the webhook received, by type, each checked as Stripe's SDK checks a signature. */
function receivedEvents(): { type: string; status: number; object: Record<string, unknown>; previous?: Record<string, unknown> }[] {
  const verifier = new Stripe('sk_test_verifier');
  return received.map((r) => {
    const event = verifier.webhooks.constructEvent(r.body, r.signature, SECRET);
    const data = event.data as unknown as { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
    return { type: event.type, status: r.status, object: data.object, ...(data.previous_attributes ? { previous: data.previous_attributes } : {}) };
  });
}

/** Pays the member's subscription checkout on the payment page; answers the subscription id. */
async function subscribe(priceId: string): Promise<string> {
  const session = await checkoutOnSite(priceId);
  const paid = await press(`/pay/${encodeURIComponent(session)}`, { action: 'pay' });
  expect(paid.status).toBe(303);
  expect(paid.headers.get('location')).toBe(`${SITE}/success?session_id=${session}`);
  const subscription = stripe.sessions.get(session)?.subscription;
  expect(subscription).toMatch(/^sub_/);
  return subscription!;
}

describe('the stand-in: paying a subscription checkout', () => {
  it('creates the subscription at Stripe and, through the signed events, the member’s row and tier', async () => {
    const session = await checkoutOnSite('price_alchemist_monthly');
    const page = await fetch(`${stripe.url}/pay/${session}`);
    const text = await page.text();
    expect(text).toContain('Alchemist Membership');
    expect(text).toContain('Total: 69.00 USD a month');
    expect(text).not.toContain('Bank debit');

    const before = Math.floor(Date.now() / 1000);
    const paid = await press(`/pay/${session}`, { action: 'pay' });
    expect(paid.status).toBe(303);

    const stored = stripe.sessions.get(session)!;
    expect(stored).toMatchObject({ status: 'complete', payment_status: 'paid', customer: customerOf(member.memberId) });
    const subscription = stripe.subscriptions.get(stored.subscription!)!;
    expect(subscription).toMatchObject({ object: 'subscription', customer: stored.customer, status: 'active', cancel_at_period_end: false, metadata: { firebase_uid: member.memberId } });
    const item = subscription.items.data[0]!;
    expect(item.price.id).toBe(stripePriceId('price_alchemist_monthly'));
    expect(subscription.current_period_start).toBeGreaterThanOrEqual(before);
    expect(item.current_period_start).toBe(subscription.current_period_start);
    expect(item.current_period_end).toBe(subscription.current_period_end);
    const length = subscription.current_period_end! - subscription.current_period_start!;
    expect(length).toBeGreaterThanOrEqual(MONTH_DAYS.min);
    expect(length).toBeLessThanOrEqual(MONTH_DAYS.max);

    // Stripe's order: the subscription, then the session; each signed, each answered 200.
    const events = receivedEvents();
    expect(events.map((e) => [e.type, e.status])).toEqual([
      ['customer.subscription.created', 200],
      ['checkout.session.completed', 200],
    ]);
    expect(events[0]?.object).toMatchObject({ id: subscription.id, object: 'subscription', status: 'active' });
    expect(events[1]?.object).toMatchObject({ id: session, object: 'checkout.session', mode: 'subscription', subscription: subscription.id, client_reference_id: member.memberId });
    expect(events[1]?.object).not.toHaveProperty('items');
    expect(stripe.sent.map((e) => e.status)).toEqual([200, 200]);

    expect(subscriptionRowOf(stored.customer!)).toMatchObject({
      subscription_id: subscription.id,
      price_id: 'price_alchemist_monthly',
      subscription_status: 'active',
      cancel_at_period_end: false,
      current_period_start: subscription.current_period_start,
      current_period_end: subscription.current_period_end,
      payment_method_brand: 'visa',
      payment_method_last4: '4242',
    });
    expect(tierOf(member.memberId)).toBe('Alchemist');
    // And the member hears it: the membership's confirmation, once.
    expect(inbox.messages.map((m) => [m.to, m.subject])).toEqual([[[member.email.toLowerCase()], 'Welcome to the Alchemist Membership']]);
    expect(logs.lines()).toBe(0);
  });

  it('creates the customer when the session has none, and the webhook converges whatever it could record first', async () => {
    const session = await sdk().checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: stripePriceId('price_adventurer_monthly'), quantity: 1 }],
      customer_email: member.email,
      client_reference_id: member.memberId,
      success_url: `${SITE}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE}/products`,
    });
    expect(session.customer).toBeNull();
    expect((await press(`/pay/${session.id}`, { action: 'pay' })).status).toBe(303);

    const customer = stripe.sessions.get(session.id)?.customer;
    expect(customer).toMatch(/^cus_/);
    expect(stripe.customers.find((c) => c.id === customer)?.email).toBe(member.email);
    expect(receivedEvents().map((e) => [e.type, e.status])).toEqual([
      ['customer.created', 200],
      ['customer.subscription.created', 200],
      ['checkout.session.completed', 200],
    ]);
    // The subscription event came before the webhook knew the customer: acknowledged, nothing
    // written; the completed session then recorded both.
    expect(JSON.parse(received[1]!.answer)).toMatchObject({ subscription: 'ignored' });
    expect(customerOf(member.memberId)).toBe(customer);
    expect(subscriptionRowOf(customer!)).toMatchObject({ price_id: 'price_adventurer_monthly', subscription_status: 'active' });
    expect(tierOf(member.memberId)).toBe('Adventurer');
  });

  it('an upgrade through checkout: the webhook cancels the old plan at Stripe, which tells it so, and the new plan stays', async () => {
    const first = await subscribe('price_adventurer_monthly');
    expect(tierOf(member.memberId)).toBe('Adventurer');
    received.length = 0;
    const second = await subscribe('price_alchemist_monthly');

    expect(stripe.subscriptions.get(first)?.status).toBe('canceled');
    expect(stripe.subscriptions.get(first)?.ended_at).toEqual(expect.any(Number));
    const events = receivedEvents();
    expect(events.map((e) => [e.type, e.status])).toEqual([
      ['customer.subscription.created', 200],
      ['checkout.session.completed', 200],
      ['customer.subscription.deleted', 200],
    ]);
    expect(events[2]?.object).toMatchObject({ id: first, status: 'canceled' });
    expect(subscriptionRowOf(customerOf(member.memberId)!)).toMatchObject({ subscription_id: second, price_id: 'price_alchemist_monthly', subscription_status: 'active' });
    expect(tierOf(member.memberId)).toBe('Alchemist');
  });

  it('Decline and the bank debit leave a subscription checkout open and send nothing', async () => {
    const session = await checkoutOnSite('price_adventurer_monthly');
    const declined = await press(`/pay/${session}`, { action: 'decline' });
    expect(declined.status).toBe(402);
    const bank = await press(`/pay/${session}`, { action: 'bank' });
    expect(bank.status).toBe(400);
    expect(await bank.text()).toContain('The stand-in offers the bank debit for one-off payments only.');
    expect(stripe.sessions.get(session)).toMatchObject({ status: 'open', subscription: null });
    expect(received).toEqual([]);
    expect(() => stripe.complete(session, 'unpaid')).toThrow(/card only/);
  });

  it('complete() for a subscription checkout creates the subscription too (tests deliver the events themselves)', async () => {
    const session = await checkoutOnSite('price_adventurer_monthly');
    const completed = stripe.complete(session);
    expect(completed.subscription).toMatch(/^sub_/);
    expect(stripe.subscriptions.get(completed.subscription!)).toMatchObject({ customer: completed.customer, status: 'active' });
    expect(received).toEqual([]);
  });
});

describe('the stand-in: the admin page', () => {
  it('Cancel now ends the subscription at Stripe and in the database; the member falls back to Explorer', async () => {
    const subscription = await subscribe('price_alchemist_monthly');
    received.length = 0;
    const res = await press(`/__admin/cancel/${encodeURIComponent(subscription)}`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/__admin');

    expect(stripe.subscriptions.get(subscription)).toMatchObject({ status: 'canceled', canceled_at: expect.any(Number), ended_at: expect.any(Number) });
    expect(receivedEvents().map((e) => [e.type, e.status, e.object.id, e.object.status])).toEqual([['customer.subscription.deleted', 200, subscription, 'canceled']]);
    expect(subscriptionRowOf(customerOf(member.memberId)!)).toMatchObject({ subscription_id: subscription, subscription_status: 'canceled' });
    expect(tierOf(member.memberId)).toBe('Explorer');

    // A canceled subscription has no buttons left, and pressing one again changes nothing.
    const page = await (await fetch(`${stripe.url}/__admin`)).text();
    expect(page).not.toContain(`/__admin/cancel/${subscription}"`);
    await press(`/__admin/cancel/${encodeURIComponent(subscription)}`);
    expect(received).toHaveLength(1);
  });

  it('Cancel at period end keeps the membership until then and tells the webhook with customer.subscription.updated', async () => {
    const subscription = await subscribe('price_adventurer_monthly');
    received.length = 0;
    expect((await press(`/__admin/cancel-at-period-end/${encodeURIComponent(subscription)}`)).status).toBe(303);

    const sub = stripe.subscriptions.get(subscription)!;
    expect(sub).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: sub.current_period_end });
    const [event] = receivedEvents();
    expect(event).toMatchObject({ type: 'customer.subscription.updated', status: 200, object: { id: subscription, cancel_at_period_end: true }, previous: { cancel_at_period_end: false } });
    expect(subscriptionRowOf(customerOf(member.memberId)!)).toMatchObject({ subscription_status: 'active', cancel_at_period_end: true });
    expect(tierOf(member.memberId)).toBe('Adventurer');
  });

  it('Switch to changes the price at Stripe, and the stored price and tier follow', async () => {
    const subscription = await subscribe('price_adventurer_monthly');
    const itemId = stripe.subscriptions.get(subscription)!.items.data[0]!.id;
    received.length = 0;
    const res = await press(`/__admin/switch/${encodeURIComponent(subscription)}`, { price: stripePriceId('price_alchemist_monthly') });
    expect(res.status).toBe(303);

    const item = stripe.subscriptions.get(subscription)!.items.data[0]!;
    expect(item).toMatchObject({ id: itemId, price: { id: stripePriceId('price_alchemist_monthly') } });
    const [event] = receivedEvents();
    expect(event).toMatchObject({ type: 'customer.subscription.updated', status: 200, object: { id: subscription } });
    expect((event?.previous?.items as { data: { price: { id: string } }[] }).data[0]?.price.id).toBe(stripePriceId('price_adventurer_monthly'));
    expect(subscriptionRowOf(customerOf(member.memberId)!)).toMatchObject({ subscription_id: subscription, price_id: 'price_alchemist_monthly', subscription_status: 'active' });
    expect(tierOf(member.memberId)).toBe('Alchemist');

    // Back down again; a one-off price is no plan to switch to.
    await press(`/__admin/switch/${encodeURIComponent(subscription)}`, { price: 'price_adventurer_monthly' });
    expect(tierOf(member.memberId)).toBe('Adventurer');
    await press(`/__admin/switch/${encodeURIComponent(subscription)}`, { price: stripePriceId('price_app_stillpoint') });
    expect(stripe.subscriptions.get(subscription)!.items.data[0]!.price.id).toBe(stripePriceId('price_adventurer_monthly'));
    expect(received).toHaveLength(2);
  });

  it('a seeded subscription (a demo member of dev:members) can be cancelled, and its customer opens the Customer Portal', async () => {
    db.tables.stripe_customers = [{ user_id: DEMO.memberId, customer_id: DEMO.customer }];
    db.tables.stripe_subscriptions = [{ customer_id: DEMO.customer, subscription_id: DEMO.subscription, price_id: 'price_adventurer_monthly', subscription_status: 'active' }];
    await db.settled();
    const seeded = stripe.subscriptions.get(DEMO.subscription)!;
    expect(seeded).toMatchObject({ customer: DEMO.customer, status: 'active', items: { data: [{ price: { id: stripePriceId('price_adventurer_monthly') } }] } });

    const portal = await sdk().billingPortal.sessions.create({ customer: DEMO.customer, return_url: `${SITE}/dashboard` });
    expect(portal.url).toBe(`${stripe.url}/portal/${portal.id}`);

    expect((await press(`/__admin/cancel/${encodeURIComponent(DEMO.subscription)}`)).status).toBe(303);
    expect(receivedEvents().map((e) => [e.type, e.status])).toEqual([['customer.subscription.deleted', 200]]);
    expect(subscriptionRowOf(DEMO.customer)).toMatchObject({ subscription_id: DEMO.subscription, subscription_status: 'canceled', price_id: 'price_adventurer_monthly' });
    expect(tierOf(DEMO.memberId)).toBe('Explorer');
  });

  it('lists every subscription with its customer, price, status and buttons, its output escaped and its select labelled', async () => {
    const subscription = await subscribe('price_alchemist_monthly');
    await press(`/__admin/cancel-at-period-end/${encodeURIComponent(subscription)}`);
    const res = await fetch(`${stripe.url}/__admin`);
    expect(res.status).toBe(200);
    const page = await res.text();

    const rows = [...page.matchAll(/<tr><td>([^<]*)<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><td>(yes|no)<\/td>/g)].map((m) => m.slice(1));
    expect(rows).toEqual(
      expect.arrayContaining([
        [DEMO.subscription, DEMO.customer, 'price_adventurer_monthly', expect.any(String), 'no'],
        ['sub_&lt;i&gt;odd&lt;/i&gt;', 'cus_&lt;b&gt;&quot;odd&quot;&lt;/b&gt;&amp;', 'price_alchemist_monthly', 'active', 'no'],
        [subscription, customerOf(member.memberId), 'price_alchemist_monthly', 'active', 'yes'],
      ]),
    );
    expect(page).not.toContain('<b>"odd"</b>');
    expect(page).not.toContain('<i>odd</i>');
    expect(page).toContain(`action="/__admin/cancel/${encodeURIComponent('sub_<i>odd</i>')}"`);

    // Every select has its label; the member's plan offers the other recurring prices only.
    const selects = [...page.matchAll(/<select id="([^"]+)" name="price">(.*?)<\/select>/g)];
    expect(selects.length).toBeGreaterThanOrEqual(2);
    for (const [, id] of selects) expect(page).toContain(`<label for="${id}">Switch to</label>`);
    const ids = selects.map(([, id]) => id);
    expect(new Set(ids).size).toBe(ids.length);
    const mine = page.slice(page.indexOf(`<tr><td>${subscription}</td>`));
    const options = [...mine.slice(0, mine.indexOf('</select>')).matchAll(/<option value="([^"]+)">/g)].map((m) => m[1]);
    expect(options.sort()).toEqual([stripePriceId('price_adventurer_monthly'), stripePriceId('price_explorer_free')]);
    // Cancelled at period end: "Cancel now" stays, "Cancel at period end" is gone.
    expect(mine.slice(0, mine.indexOf('</tr>'))).toContain('Cancel now');
    expect(mine.slice(0, mine.indexOf('</tr>'))).not.toContain('Cancel at period end');
  });

  it('a subscription seeded with an unknown price is refused', async () => {
    expect(() => stripe.seed({ subscriptions: [{ id: 'sub_x', customer: 'cus_x', price: 'price_nowhere' }] })).toThrow(/no recurring price price_nowhere/);
    expect(() => stripe.seed({ subscriptions: [{ id: 'sub_x', customer: 'cus_x', price: 'price_app_stillpoint' }] })).toThrow(/no recurring price/);
    expect(stripe.subscriptions.has('sub_x')).toBe(false);
  });
});
