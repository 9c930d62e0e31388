/**
 * POST /api/stripe-webhook from Stripe. The signature is verified on the raw body (400 when
 * missing or wrong). On checkout.session.completed the member's customer is recorded in
 * stripe_customers (from client_reference_id) and, for a subscription, the subscription is
 * synced; on customer.subscription.created, .updated and .deleted the subscription is synced:
 * re-read from Stripe and upserted into stripe_subscriptions on customer_id with every field
 * of the contract, and the member's profiles.membership_tier set from the row stored to the tier
 * it gives (the product's tier while it is active, trialing or past due; Explorer once it has
 * ended).
 * A completed subscription checkout also cancels the member's other live subscriptions (an
 * upgrade replaces the plan; unused time is prorated). Repeated or out-of-order deliveries
 * converge on Stripe's current state.
 * One-time purchases (payment mode) are recorded in purchases, keyed on the Checkout Session
 * id, from checkout.session.completed, .async_payment_succeeded and .async_payment_failed, and
 * marked refunded on charge.refunded (a full refund); each re-reads the session or charge from
 * Stripe and a purchase's status only moves forward (see ./purchases.ts).
 * Deliveries race (at the same time, any order, retried): the database settles each write in
 * its one statement (docs/decisions/webhook-ordering.md).
 * An event about a customer we no longer know (its stripe_customers row is gone because the
 * member deleted their account, or it was never ours) is acknowledged with 200 and one log line
 * (event type and id only), and writes nothing: the database refuses the subscription row on its
 * foreign key to stripe_customers (23503 on stripe_subscriptions_customer_id_fkey), and that
 * answer, not a read before the write, decides. A late refund or checkout event of a deleted
 * member's purchase updates the anonymised row, whose 'deleted:' id the database keeps
 * (20261125009000_purchases_stay_anonymised.sql).
 * After each write, the member's email about it is queued and sent (a purchase confirmation, the
 * note that access has ended after a refund, a lost dispute or an ended membership), decided from what was
 * stored (src/features/commerce/server/email/stripe-events.ts) and sent once whatever the deliveries.
 * What a price is (a plan, an app, the course, the Founding Membership) is the site's catalogue's
 * entry for its lookup key, never the Stripe product's metadata or name: a purchase of a price the
 * catalogue does not sell once records nothing, and a subscription to a price it has no plan for
 * gives Explorer, each with one log line (./purchases.ts, ../subscriptions.ts).
 * A chargeback (charge.dispute.created, .updated, .closed) is re-read from Stripe and recorded
 * against what its charge bought, a purchase or a membership (../disputes.ts): while it is
 * open, and once it is lost, that grants nothing; won gives it back; a lost membership is also
 * cancelled at Stripe. The database keeps the dispute's status moving forward and marks the row
 * (20261201120000_disputes.sql).
 * A checkout event of a member who deleted their account (its tombstone, _shared/deleted-members.ts)
 * is acknowledged without writing anything personal: no customer row, the purchase kept without
 * the uid, and a subscription paid through a page left open through the deletion cancelled.
 * Other events are acknowledged and ignored. 503 when Stripe, its webhook secret or the
 * database is not configured; 502 when Stripe or the database fails otherwise (Stripe then
 * retries). There is no platform rate limit (see the entry's `config`).
 */
import type Stripe from 'stripe';
import { HttpError, json, readText, requireMethod } from '../../../../../netlify/functions/_shared/http';
import { supabaseAdmin } from '../../../../../netlify/functions/_shared/supabase';
import { endpoint, Upstream, upstreamFailure } from '../../../../../netlify/functions/_shared/log';
import { stripe } from '../../../../../netlify/functions/_shared/stripe';
import type { Outbox } from '../../../../../netlify/functions/_shared/email/outbox';
import { PurchaseError } from '../purchases';
import { DisputeError } from '../disputes';
import { emailsAfterEvent } from '../email/stripe-events';
import { FAILED, MAX_EVENT_BYTES, NAME } from './sync';
import { checkoutCompleted } from './checkout-completed';
import { asyncPayment } from './async-payment';
import { chargeRefunded } from './charge-refunded';
import { dispute } from './dispute';
import { subscriptionChanged } from './subscription';

type Handler = (client: Stripe, event: Stripe.Event) => Promise<Record<string, unknown>>;

/**
 * Each event type the webhook writes from, and its handler (one file each); every other type is
 * acknowledged and ignored. Each handler writes what its event says, as Stripe has it now, and
 * gives the webhook's answer (without `received`); it throws Upstream, PurchaseError or
 * DisputeError when Stripe or the database fails.
 */
export const WEBHOOK_HANDLERS: { [T in Stripe.Event.Type]?: (client: Stripe, event: Extract<Stripe.Event, { type: T }>) => Promise<Record<string, unknown>> } = {
  'checkout.session.completed': checkoutCompleted,
  'checkout.session.async_payment_succeeded': asyncPayment,
  'checkout.session.async_payment_failed': asyncPayment,
  'charge.refunded': chargeRefunded,
  'charge.dispute.created': dispute,
  'charge.dispute.updated': dispute,
  'charge.dispute.closed': dispute,
  'customer.subscription.created': subscriptionChanged,
  'customer.subscription.updated': subscriptionChanged,
  'customer.subscription.deleted': subscriptionChanged,
};

/** The webhook (netlify/functions/stripe-webhook.mts), with the outbox its emails go through. */
export const stripeWebhook = (outbox: Outbox) =>
  endpoint(NAME, async (req) => {
  requireMethod(req, 'POST');
  const secret = process.env.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new HttpError(503, 'Payments are not configured on the server.');
  const client = stripe();
  supabaseAdmin();

  const signature = req.headers.get('stripe-signature');
  if (!signature) throw new HttpError(400, 'Missing Stripe-Signature header.');
  const payload = await readText(req, MAX_EVENT_BYTES);
  let event: Stripe.Event;
  try {
    event = await client.webhooks.constructEventAsync(payload, signature, secret);
  } catch {
    throw new HttpError(400, 'The webhook signature or payload is invalid.');
  }

  try {
    const handle = WEBHOOK_HANDLERS[event.type] as Handler | undefined;
    const answer = handle ? await handle(client, event) : { ignored: event.type };
    // The member's email about what was just stored (_shared/email/stripe-events.ts): recorded
    // in the outbox before it is sent, so a repeated event sends nothing new.
    // Nothing for a member who deleted their account: there is no one to write to.
    if (!answer['deletedMember']) await emailsAfterEvent(supabaseAdmin(), event, outbox);
    return json({ received: true, ...answer });
  } catch (error) {
    if (error instanceof Upstream) return upstreamFailure(NAME, 502, error.publicMessage, `${event.type} ${event.id}: ${error.detail}`);
    if (error instanceof PurchaseError || error instanceof DisputeError) return upstreamFailure(NAME, 502, FAILED, `${event.type} ${event.id}: ${error.message}`);
    throw error;
  }
  });
