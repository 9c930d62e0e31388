/**
 * The emails the Stripe webhook sends (src/features/commerce/server/email/stripe-events.ts), end to
 * end through the real webhook function: Stripe-signed events about sessions and subscriptions
 * the Stripe stand-in made, the local database, and the email stand-in. Each message goes out
 * once on its trigger (a paid purchase, a paid membership, a refund, an ended membership) and
 * never again on a repeated or reordered event; an email that fails never fails the purchase.
 */
import Stripe from 'stripe';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import webhook from '../../netlify/functions/stripe-webhook.mts';
import run from '../../netlify/functions/email-outbox.mts';
import { stripePriceId, type SignedEvent, type StripeDouble } from '../../local-platform/stripe/stripe-standin';
import type { EmailStandIn } from '../../local-platform/email/email-standin';
import type { LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import catalogue from '../../src/content/catalogue.json';
import { call, SITE, type LogSpies } from '../support/functions';
import { expectWellFormed, linksOf } from '../support/email';
import { withStandIns } from '../support/stand-ins';

const SECRET = 'whsec_test_emails';
const ADA = 'uid_ada';
let stripe: StripeDouble;
let db: LocalSupabase;
let inbox: EmailStandIn;
let logs: LogSpies;

const deliver = (event: SignedEvent) =>
  call(webhook, '/api/stripe-webhook', { method: 'POST', headers: { 'stripe-signature': event.signature, 'content-type': 'application/json' }, body: event.body });
const scheduledRun = () => call(run, '/.netlify/functions/email-outbox', { method: 'POST', body: {} });

/** A Checkout Session made through the SDK as the checkout function makes it, for Ada. */
async function checkout(catalogueId: string, mode: 'payment' | 'subscription'): Promise<string> {
  const sdk = new Stripe(stripe.env.STRIPE_SECRET_KEY, { host: stripe.env.STRIPE_API_HOST, port: Number(stripe.env.STRIPE_API_PORT), protocol: 'http' });
  const session = await sdk.checkout.sessions.create({
    mode,
    line_items: [{ price: stripePriceId(catalogueId), quantity: 1 }],
    customer: 'cus_ada',
    client_reference_id: ADA,
    success_url: `${SITE}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${SITE}/products`,
  });
  return session.id;
}
const about = (type: string, sessionId: string) => stripe.event(type, { ...stripe.sessions.get(sessionId), items: undefined }, SECRET);

/** Buys `catalogueId` once, paid, and delivers checkout.session.completed. */
async function buy(catalogueId: string, mode: 'payment' | 'subscription' = 'payment'): Promise<{ id: string; completed: SignedEvent }> {
  const id = await checkout(catalogueId, mode);
  stripe.complete(id, 'paid');
  const completed = about('checkout.session.completed', id);
  expect((await deliver(completed)).status).toBe(200);
  return { id, completed };
}

withStandIns({ stripe: { catalogue }, db: true, inbox: true, env: { STRIPE_WEBHOOK_SECRET: SECRET } }, (standIns, spies) => {
  ({ stripe, db, inbox } = standIns);
  logs = spies;
});
beforeEach(() => {
  stripe.subscriptions.clear();
  db.tables.profiles = [{ id: ADA, email: 'ada@example.com', full_name: 'Ada Lovelace', membership_tier: 'Explorer', email_verified: true }];
  db.tables.stripe_customers = [{ user_id: ADA, customer_id: 'cus_ada' }];
});

describe('purchase confirmation', () => {
  it('an app: what was bought, its room in the Lounge, the library, the order reference; once, whatever the deliveries', async () => {
    const { id, completed } = await buy('price_app_stillpoint');
    expect(inbox.messages).toHaveLength(1);
    const [message] = inbox.messages;
    expect(message).toMatchObject({ to: ['ada@example.com'], subject: 'Stillpoint is yours' });
    expectWellFormed(message!);
    const links = linksOf(message!).html;
    expect(links).toContain(`${SITE}/lounge/stillpoint/`);
    expect(links).toContain(`${SITE}/dashboard/`);
    expect(message!.text).toContain(`Order reference: ${id}`);
    expect(message!.text).toContain(`Open Stillpoint: ${SITE}/lounge/stillpoint/`);
    expect(message!.html).toContain(id);

    // Stripe delivers again, and the success event after it: nothing new is sent.
    await deliver(completed);
    await deliver(about('checkout.session.completed', id));
    await scheduledRun();
    expect(inbox.messages).toHaveLength(1);
    expect(db.tables.email_outbox).toMatchObject([{ kind: 'purchase_confirmation', user_id: ADA, ref: id, status: 'sent' }]);
    expect(logs.lines()).toBe(0);
  });

  it.each([
    ['price_master_alchemist_course', 'Welcome to the Master Alchemist Course', '/course/'],
    ['price_founding_membership', 'Welcome, Founding Member', '/dashboard/'],
  ])('%s: its own words and where to open it', async (priceId, subject, home) => {
    await buy(priceId);
    expect(inbox.messages).toHaveLength(1);
    expect(inbox.messages[0]!.subject).toBe(subject);
    expect(linksOf(inbox.messages[0]!).html).toContain(`${SITE}${home}`);
    expectWellFormed(inbox.messages[0]!);
  });

  it('a bank debit: nothing while it settles, the confirmation once it is paid', async () => {
    const id = await checkout('price_app_mindstage', 'payment');
    stripe.complete(id, 'unpaid');
    await deliver(about('checkout.session.completed', id));
    expect(inbox.messages).toHaveLength(0);
    stripe.settle(id, true);
    await deliver(about('checkout.session.async_payment_succeeded', id));
    await deliver(about('checkout.session.async_payment_succeeded', id));
    expect(inbox.messages.map((m) => m.subject)).toEqual(['Mindstage is yours']);
  });

  it('a monthly membership: its confirmation once, with what it opens', async () => {
    const { completed } = await buy('price_adventurer_monthly', 'subscription');
    await deliver(completed);
    expect(inbox.messages.map((m) => m.subject)).toEqual(['Welcome to the Adventurer Membership']);
    expectWellFormed(inbox.messages[0]!);
    expect(inbox.messages[0]!.text).toContain('All six apps of the Inner Alchemy Lounge');
  });
});

describe('access ending', () => {
  it('after a refund: what ended and when, once; the confirmation is not sent again', async () => {
    const { id } = await buy('price_app_stillpoint');
    const refunded = stripe.event('charge.refunded', stripe.refund(id), SECRET);
    expect((await deliver(refunded)).status).toBe(200);
    await deliver(refunded);
    expect(inbox.messages.map((m) => m.subject)).toEqual(['Your refund for Stillpoint', 'Stillpoint is yours']);
    const [note] = inbox.messages;
    expectWellFormed(note!);
    const day = new Date().toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    expect(note!.text).toContain(`your access to it ended on ${day}`);
    expect(note!.text).toContain('Stillpoint and its room in the Inner Alchemy Lounge are closed to you now.');
    expect(db.tables.email_outbox).toMatchObject([
      { kind: 'purchase_confirmation', ref: id },
      { kind: 'access_ending', ref: id, params: { reason: 'refund', priceId: 'price_app_stillpoint' } },
    ]);
  });

  it('after a membership ends: once, from the deleted event or a late update', async () => {
    const { id } = await buy('price_alchemist_monthly', 'subscription');
    const subscriptionId = stripe.sessions.get(id)!.subscription!;
    const sdk = new Stripe(stripe.env.STRIPE_SECRET_KEY, { host: stripe.env.STRIPE_API_HOST, port: Number(stripe.env.STRIPE_API_PORT), protocol: 'http' });
    const canceled = await sdk.subscriptions.cancel(subscriptionId);
    await deliver(stripe.event('customer.subscription.deleted', canceled, SECRET));
    await deliver(stripe.event('customer.subscription.updated', canceled, SECRET));
    await deliver(stripe.event('customer.subscription.deleted', canceled, SECRET));
    expect(inbox.messages.map((m) => m.subject)).toEqual(['Your Alchemist Membership has ended', 'Welcome to the Alchemist Membership']);
    expectWellFormed(inbox.messages[0]!);
    expect(inbox.messages[0]!.text).toContain('The Master Alchemist Course and the apps of the Inner Alchemy Lounge that came with it are closed to you now.');
    expect(linksOf(inbox.messages[0]!).html).toContain(`${SITE}/pricing/`);
  });

  it('after a lost dispute of a purchase: the bank reversed it, once; a refund of the same purchase adds nothing', async () => {
    const { id } = await buy('price_app_stillpoint');
    const dispute = stripe.dispute({ session: id });
    expect((await deliver(stripe.event('charge.dispute.created', dispute, SECRET))).status).toBe(200);
    // Open: nothing yet (the bank has not decided).
    expect(inbox.messages.map((m) => m.subject)).toEqual(['Stillpoint is yours']);
    const closed = stripe.event('charge.dispute.closed', stripe.closeDispute(dispute.id, 'lost'), SECRET);
    expect((await deliver(closed)).status).toBe(200);
    await deliver(closed);
    await deliver(stripe.event('charge.dispute.updated', dispute, SECRET));
    expect(inbox.messages.map((m) => m.subject)).toEqual(['Your access to Stillpoint has ended', 'Stillpoint is yours']);
    const [note] = inbox.messages;
    expectWellFormed(note!);
    const day = new Date().toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    expect(note!.text).toContain(`Your bank reversed the payment for Stillpoint, so your access to it ended on ${day}.`);
    expect(db.tables.email_outbox).toMatchObject([
      { kind: 'purchase_confirmation', ref: id },
      { kind: 'access_ending', ref: id, status: 'sent', params: { reason: 'dispute', priceId: 'price_app_stillpoint' } },
    ]);
    // The same purchase refunded as well: its note has the same key, so nothing more.
    await deliver(stripe.event('charge.refunded', stripe.refund(id), SECRET));
    expect(inbox.messages).toHaveLength(2);
  });

  it('a dispute won sends nothing', async () => {
    const { id } = await buy('price_app_stillpoint');
    const dispute = stripe.dispute({ session: id });
    await deliver(stripe.event('charge.dispute.created', dispute, SECRET));
    await deliver(stripe.event('charge.dispute.closed', stripe.closeDispute(dispute.id, 'won'), SECRET));
    expect(inbox.messages.map((m) => m.subject)).toEqual(['Stillpoint is yours']);
  });

  it('after a lost dispute of a membership: one note saying so, and none more when the cancellation that follows arrives', async () => {
    const { id } = await buy('price_adventurer_monthly', 'subscription');
    const subscriptionId = stripe.sessions.get(id)!.subscription!;
    const dispute = stripe.dispute({ subscription: subscriptionId });
    await deliver(stripe.event('charge.dispute.created', dispute, SECRET));
    expect((await deliver(stripe.event('charge.dispute.closed', stripe.closeDispute(dispute.id, 'lost'), SECRET))).status).toBe(200);
    // The webhook cancelled the subscription at Stripe; its deleted event comes next.
    const canceled = stripe.subscriptions.get(subscriptionId)!;
    expect(canceled.status).toBe('canceled');
    await deliver(stripe.event('customer.subscription.deleted', canceled, SECRET));
    expect(inbox.messages.map((m) => m.subject)).toEqual(['Your access to Adventurer Membership has ended', 'Welcome to the Adventurer Membership']);
    expect(inbox.messages[0]!.text).toContain('Your bank reversed the payment for Adventurer Membership');
    expect(db.tables.email_outbox?.filter((r) => r.kind === 'access_ending')).toMatchObject([{ ref: subscriptionId, params: { reason: 'dispute', priceId: 'price_adventurer_monthly' } }]);
  });

  it('a membership whose cancellation is processed before the lost dispute’s note still says the bank reversed it', async () => {
    const { id } = await buy('price_adventurer_monthly', 'subscription');
    const subscriptionId = stripe.sessions.get(id)!.subscription!;
    const dispute = stripe.dispute({ subscription: subscriptionId });
    const closedEvent = stripe.event('charge.dispute.closed', stripe.closeDispute(dispute.id, 'lost'), SECRET);
    // The dispute's delivery queues no email (here: email is off for that moment), so the
    // cancellation's event is the first to write the note.
    // (A fresh copy of the webhook, whose one "not configured" line is its own.)
    vi.resetModules();
    const fresh = (await import('../../netlify/functions/stripe-webhook.mts')).default;
    const key = process.env.RESEND_API_KEY;
    delete process.env.RESEND_API_KEY;
    const res = await call(fresh, '/api/stripe-webhook', { method: 'POST', headers: { 'stripe-signature': closedEvent.signature, 'content-type': 'application/json' }, body: closedEvent.body });
    expect(res.status).toBe(200);
    process.env.RESEND_API_KEY = key;
    await deliver(stripe.event('customer.subscription.deleted', stripe.subscriptions.get(subscriptionId)!, SECRET));
    await deliver(closedEvent);
    expect(inbox.messages.filter((m) => /ended/.test(m.subject)).map((m) => m.subject)).toEqual(['Your access to Adventurer Membership has ended']);
  });

  it('a plan replaced by an upgrade ends without a note: the member still has a membership', async () => {
    await buy('price_adventurer_monthly', 'subscription');
    // The upgrade's checkout cancels the Adventurer subscription (the webhook's cancelReplaced).
    await buy('price_alchemist_monthly', 'subscription');
    const old = [...stripe.subscriptions.values()].find((s) => s.status === 'canceled')!;
    await deliver(stripe.event('customer.subscription.deleted', old, SECRET));
    expect(inbox.messages.map((m) => m.subject).sort()).toEqual(['Welcome to the Adventurer Membership', 'Welcome to the Alchemist Membership']);
  });
});

describe('an email that fails never fails the purchase', () => {
  it('a provider 5xx: the webhook answers 200, the purchase is recorded, the next run sends the message', async () => {
    inbox.fail(503);
    const { id } = await buy('price_app_stillpoint');
    expect(db.tables.purchases).toMatchObject([{ checkout_session_id: id, status: 'paid' }]);
    expect(inbox.messages).toHaveLength(0);
    expect((await scheduledRun()).body).toMatchObject({ sent: 1 });
    expect(inbox.messages.map((m) => m.subject)).toEqual(['Stillpoint is yours']);
  });

  it('the key cannot be recorded: 502, so Stripe delivers again, and that delivery sends it once', async () => {
    const id = await checkout('price_app_stillpoint', 'payment');
    stripe.complete(id, 'paid');
    const completed = about('checkout.session.completed', id);
    db.fail('email_outbox', 'POST', 503, 'PGRST000');
    const failed = await deliver(completed);
    expect(failed.status).toBe(502);
    expect(db.tables.purchases).toMatchObject([{ checkout_session_id: id, status: 'paid' }]);
    expect(inbox.messages).toHaveLength(0);
    expect(logs.lines()).toBe(1);
    expect(logs.all()).not.toContain('ada@example.com');

    db.reset();
    db.tables.profiles = [{ id: ADA, email: 'ada@example.com', full_name: 'Ada Lovelace', membership_tier: 'Explorer', email_verified: true }];
    db.tables.stripe_customers = [{ user_id: ADA, customer_id: 'cus_ada' }];
    expect((await deliver(completed)).status).toBe(200);
    expect(inbox.messages).toHaveLength(1);
  });

  it('without email settings: the purchase is recorded, one line says email is off, nothing else', async () => {
    delete process.env.RESEND_API_KEY;
    const { id } = await buy('price_app_stillpoint');
    await buy('price_app_mindstage');
    expect(db.tables.purchases).toHaveLength(2);
    expect(db.tables.purchases?.[0]).toMatchObject({ checkout_session_id: id, status: 'paid' });
    expect(inbox.requests).toHaveLength(0);
    expect(db.tables.email_outbox ?? []).toEqual([]);
    expect(logs.lines()).toBe(1);
    expect(logs.all()).toContain('[email] not configured (RESEND_API_KEY unset): no email is queued or sent');
  });
});
