/**
 * Chargebacks, for the webhook: a charge.dispute.* event re-reads the dispute from Stripe (an
 * event's own copy is never trusted), finds what its charge bought, a purchase (the Checkout
 * Session of its payment intent) or a membership (the subscription of the invoice its payment
 * intent paid), and writes one disputes row in one statement. The database keeps the status
 * moving forward (open, then won or lost) and marks the purchase or subscription
 * (20261201120000_disputes.sql), whatever the order, the retries or the overlap of deliveries.
 */
import type Stripe from 'stripe';
import type { AdminDb } from '../../../../netlify/functions/_shared/supabase';
import { describeDbError } from '../../../../netlify/functions/_shared/supabase';
import { describeStripeError } from '../../../../netlify/functions/_shared/stripe';
import type { DisputeStatus } from '../../../core/db/values';

/**
 * What a Stripe dispute status means for access: open until the bank decides; won (or an
 * inquiry closed without a chargeback) gives back what the charge bought; lost (or prevented: the
 * buyer was refunded through the card network's prevention program) ends it, as a refund does.
 */
export function disputeState(status: string): DisputeStatus {
  if (status === 'won' || status === 'warning_closed') return 'won';
  if (status === 'lost' || status === 'prevented') return 'lost';
  return 'open';
}

export type DisputeOutcome =
  /** About a purchase: its Checkout Session. */
  | { dispute: 'recorded'; status: DisputeStatus; checkoutSession: string }
  /** About a membership: its subscription. */
  | { dispute: 'recorded'; status: DisputeStatus; membership: string }
  | { dispute: 'ignored'; reason: string };

/** Stripe or the database failed: the webhook answers 502 and Stripe retries. */
export class DisputeError extends Error {}

const idOf = (v: string | { id: string } | null | undefined) => (v == null ? null : typeof v === 'string' ? v : v.id);

/** The Checkout Session (payment mode) the payment intent paid: the purchase's row, else Stripe's list. */
async function sessionOf(client: Stripe, db: AdminDb, paymentIntent: string): Promise<string | null> {
  const found = await db.from('purchases').select('checkout_session_id').eq('payment_intent_id', paymentIntent).maybeSingle<{ checkout_session_id: string }>();
  if (found.error) throw new DisputeError(describeDbError('purchases select', found.error));
  if (found.data) return found.data.checkout_session_id;
  try {
    const sessions = await client.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
    const session = sessions.data[0];
    return session && session.mode === 'payment' ? session.id : null;
  } catch (error) {
    throw new DisputeError(`sessions of ${paymentIntent}: ${describeStripeError(error)}`);
  }
}

/** The subscription whose invoice the payment intent paid, or null. */
async function subscriptionOf(client: Stripe, paymentIntent: string): Promise<string | null> {
  try {
    const payments = await client.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntent }, expand: ['data.invoice'], limit: 1 });
    const invoice = payments.data[0]?.invoice;
    if (!invoice || typeof invoice === 'string' || invoice.deleted) return null;
    return idOf(invoice.parent?.subscription_details?.subscription);
  } catch (error) {
    throw new DisputeError(`invoice payments of ${paymentIntent}: ${describeStripeError(error)}`);
  }
}

/**
 * Records the dispute `disputeId` as Stripe has it now; `at` (the event's time) is when it
 * closed, if it has. Answers the status stored (never older than what was stored before) and
 * what it is about, or 'ignored' for a charge that bought nothing of ours.
 */
export async function recordDispute(client: Stripe, db: AdminDb, disputeId: string, at: Date): Promise<DisputeOutcome> {
  let dispute: Stripe.Dispute;
  try {
    dispute = await client.disputes.retrieve(disputeId);
  } catch (error) {
    throw new DisputeError(`dispute ${disputeId}: ${describeStripeError(error)}`);
  }
  const paymentIntent = idOf(dispute.payment_intent);
  const charge = idOf(dispute.charge);
  if (!paymentIntent || !charge) return { dispute: 'ignored', reason: 'no payment intent' };

  const session = await sessionOf(client, db, paymentIntent);
  const subscription = session ? null : await subscriptionOf(client, paymentIntent);
  if (!session && !subscription) return { dispute: 'ignored', reason: 'not a purchase or a membership of this site' };

  const status = disputeState(dispute.status);
  const row = {
    dispute_id: dispute.id,
    charge_id: charge,
    checkout_session_id: session,
    subscription_id: subscription,
    status,
    opened_at: new Date(dispute.created * 1000).toISOString(),
    closed_at: status === 'open' ? null : at.toISOString(),
  };
  const written = await db.from('disputes').upsert(row, { onConflict: 'dispute_id' }).select('status');
  if (written.error) throw new DisputeError(describeDbError('disputes upsert', written.error));
  const stored = (written.data as { status: DisputeStatus }[] | null)?.[0]?.status;
  if (!stored) throw new DisputeError('disputes upsert: no row returned');
  return session ? { dispute: 'recorded', status: stored, checkoutSession: session } : { dispute: 'recorded', status: stored, membership: subscription! };
}
