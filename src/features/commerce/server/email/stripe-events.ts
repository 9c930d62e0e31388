/**
 * The messages a Stripe event leads to, for the webhook, decided from what the database holds
 * after the event was written (never from the event's own copy, which may be old or repeated):
 *
 *   checkout.session.completed, .async_payment_succeeded
 *       a one-time purchase stored as paid: its purchase confirmation (ref: the Checkout Session);
 *       a subscription checkout whose subscription is stored live: the membership's
 *       confirmation (ref: the Checkout Session).
 *   charge.refunded
 *       the purchase of that payment stored as refunded: the access-ending note (ref: the
 *       Checkout Session, as a lost dispute's note would be, so the member hears it once).
 *   customer.subscription.updated, .deleted
 *       the subscription stored as canceled: the access-ending note (ref: the subscription). A
 *       subscription replaced by an upgrade is no longer the stored one and ends silently. One
 *       ended by a lost dispute says so (its row's dispute_status).
 *   charge.dispute.created, .updated, .closed
 *       the dispute stored as lost: the access-ending note with the reason 'dispute', for a
 *       purchase (ref: its Checkout Session, as a refund's note) or a membership (ref: the
 *       subscription, as its end's note: the cancellation that follows the loss sends nothing
 *       more). The member hears once whichever event is processed first.
 *
 * Each key is unique in the outbox, so a repeated or reordered event sends nothing new. A
 * failure to record a message is thrown (the webhook answers 502 and Stripe delivers again);
 * sending failures are the scheduled run's.
 */
import type Stripe from 'stripe';
import type { Tables } from '../../../../core/db/database.types';
import { Upstream } from '../../../../../netlify/functions/_shared/log';
import { describeDbError, type AdminDb } from '../../../../../netlify/functions/_shared/supabase';
import type { Delivery, Outbox } from '../../../../../netlify/functions/_shared/email/outbox';

const idOf = (v: string | { id: string } | null | undefined) => (v == null ? null : typeof v === 'string' ? v : v.id);

async function purchaseBy(db: AdminDb, column: 'checkout_session_id' | 'payment_intent_id', value: string) {
  const { data, error } = await db
    .from('purchases')
    .select('user_id, price_id, checkout_session_id, status, refunded_at')
    .eq(column, value)
    .maybeSingle<Pick<Tables<'purchases'>, 'user_id' | 'price_id' | 'checkout_session_id' | 'status' | 'refunded_at'>>();
  if (error) throw new Upstream('The event could not be processed.', describeDbError('purchases select', error));
  return data;
}

async function memberOf(db: AdminDb, customerId: string): Promise<string | null> {
  const { data, error } = await db.from('stripe_customers').select('user_id').eq('customer_id', customerId).maybeSingle<{ user_id: string }>();
  if (error) throw new Upstream('The event could not be processed.', describeDbError('stripe_customers select', error));
  return data?.user_id ?? null;
}

async function subscriptionBy(db: AdminDb, subscriptionId: string) {
  const { data, error } = await db
    .from('stripe_subscriptions')
    .select('customer_id, subscription_id, price_id, subscription_status, dispute_status')
    .eq('subscription_id', subscriptionId)
    .maybeSingle<Pick<Tables<'stripe_subscriptions'>, 'customer_id' | 'subscription_id' | 'price_id' | 'subscription_status' | 'dispute_status'>>();
  if (error) throw new Upstream('The event could not be processed.', describeDbError('stripe_subscriptions select', error));
  return data;
}

const LIVE = ['active', 'trialing', 'past_due'];

async function disputeBy(db: AdminDb, disputeId: string) {
  const { data, error } = await db
    .from('disputes')
    .select('status, checkout_session_id, subscription_id, closed_at')
    .eq('dispute_id', disputeId)
    .maybeSingle<Pick<Tables<'disputes'>, 'status' | 'checkout_session_id' | 'subscription_id' | 'closed_at'>>();
  if (error) throw new Upstream('The event could not be processed.', describeDbError('disputes select', error));
  return data;
}

/** The note of a lost dispute: what its charge bought, as stored, ended when the dispute closed. */
async function lostDisputeEmails(db: AdminDb, disputeId: string, outbox: Outbox): Promise<Delivery[]> {
  const dispute = await disputeBy(db, disputeId);
  if (dispute?.status !== 'lost' || !dispute.closed_at) return [];
  const endedAt = new Date(dispute.closed_at).toISOString();
  if (dispute.checkout_session_id) {
    const purchase = await purchaseBy(db, 'checkout_session_id', dispute.checkout_session_id);
    if (!purchase) return [];
    return [await outbox.queueEmail(db, 'access_ending', { member: purchase.user_id, ref: purchase.checkout_session_id, params: { reason: 'dispute', priceId: purchase.price_id, endedAt } })];
  }
  if (!dispute.subscription_id) return [];
  const subscription = await subscriptionBy(db, dispute.subscription_id);
  if (!subscription?.subscription_id || !subscription.price_id) return [];
  const member = await memberOf(db, subscription.customer_id);
  if (!member) return [];
  return [await outbox.queueEmail(db, 'access_ending', { member, ref: subscription.subscription_id, params: { reason: 'dispute', priceId: subscription.price_id, endedAt } })];
}

/** Queues (and sends) the messages `event` leads to; what became of each, for the webhook's answer. */
export async function emailsAfterEvent(db: AdminDb, event: Stripe.Event, outbox: Outbox): Promise<Delivery[]> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.mode === 'payment') {
        const purchase = await purchaseBy(db, 'checkout_session_id', session.id);
        if (purchase?.status !== 'paid') return [];
        return [await outbox.queueEmail(db, 'purchase_confirmation', { member: purchase.user_id, ref: purchase.checkout_session_id, params: { priceId: purchase.price_id, orderRef: purchase.checkout_session_id } })];
      }
      const subscriptionId = idOf(session.subscription);
      if (session.mode !== 'subscription' || !subscriptionId) return [];
      const subscription = await subscriptionBy(db, subscriptionId);
      if (!subscription?.price_id || !LIVE.includes(subscription.subscription_status)) return [];
      const member = await memberOf(db, subscription.customer_id);
      if (!member) return [];
      return [await outbox.queueEmail(db, 'purchase_confirmation', { member, ref: session.id, params: { priceId: subscription.price_id, orderRef: session.id } })];
    }
    case 'charge.refunded': {
      const paymentIntent = idOf(event.data.object.payment_intent);
      const purchase = paymentIntent ? await purchaseBy(db, 'payment_intent_id', paymentIntent) : null;
      if (purchase?.status !== 'refunded' || !purchase.refunded_at) return [];
      return [
        await outbox.queueEmail(db, 'access_ending', {
          member: purchase.user_id,
          ref: purchase.checkout_session_id,
          params: { reason: 'refund', priceId: purchase.price_id, endedAt: new Date(purchase.refunded_at).toISOString() },
        }),
      ];
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = await subscriptionBy(db, event.data.object.id);
      if (!subscription?.subscription_id || !subscription.price_id || subscription.subscription_status !== 'canceled') return [];
      const member = await memberOf(db, subscription.customer_id);
      if (!member) return [];
      const ended = event.data.object.ended_at ?? event.created;
      return [
        await outbox.queueEmail(db, 'access_ending', {
          member,
          ref: subscription.subscription_id,
          params: { reason: subscription.dispute_status === 'lost' ? 'dispute' : 'ended', priceId: subscription.price_id, endedAt: new Date(ended * 1000).toISOString() },
        }),
      ];
    }
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed':
      return lostDisputeEmails(db, event.data.object.id, outbox);
    default:
      return [];
  }
}
