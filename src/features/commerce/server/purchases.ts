/**
 * Recording one-time purchases (Checkout in payment mode) from Stripe, for the webhook. Each
 * write re-reads the session (or the charge) from Stripe, so an event's own copy is never
 * trusted; what was bought (app, course, Founding Membership) is the catalogue's entry for the
 * price's lookup key, never the product's metadata; the row is keyed on the Checkout Session id, and its status only moves forward
 * (src/core/access/purchases.ts), so repeated and out-of-order deliveries leave exactly one row in the
 * state Stripe has now. Deliveries that overlap can write in the opposite order to their reads:
 * the database keeps the rule in the upsert itself (a trigger on purchases,
 * 20261125000200_webhook_order.sql), and the outcome reports the status actually stored.
 */
import type Stripe from 'stripe';
import type { AdminDb } from '../../../../netlify/functions/_shared/supabase';
import { catalogueEntryOf, catalogueId } from '../catalogue';
import { BUILT_IN_CATALOGUE } from './catalogue';
import { isFullRefund, nextStatus, statusOfSession, type PurchaseStatus } from '../purchase-status';
import { describeDbError } from '../../../../netlify/functions/_shared/supabase';

export type PurchaseOutcome =
  | { purchase: 'recorded'; status: PurchaseStatus; session: string }
  | { purchase: 'ignored'; reason: string; unknownPrice?: string };

export class PurchaseError extends Error {}

const idOf = (v: string | { id: string } | null | undefined) => (v == null ? null : typeof v === 'string' ? v : v.id);

/**
 * Writes the purchase of `sessionId` as Stripe has it now. `event` says which webhook brought
 * it (a delayed payment's failure is only known from its event); `refundedAt` marks a refund
 * that arrived before the purchase itself.
 */
export async function recordPurchase(
  client: Stripe,
  db: AdminDb,
  sessionId: string,
  event: 'completed' | 'succeeded' | 'failed',
  refundedAt: string | null = null,
): Promise<PurchaseOutcome> {
  let session: Stripe.Checkout.Session;
  try {
    session = await client.checkout.sessions.retrieve(sessionId, { expand: ['line_items'] });
  } catch (error) {
    throw new PurchaseError(`checkout session ${sessionId}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (session.mode !== 'payment') return { purchase: 'ignored', reason: `mode ${session.mode}` };
  const memberId = session.client_reference_id ?? session.metadata?.firebase_uid ?? null;
  if (!memberId) return { purchase: 'ignored', reason: 'no member on the session' };
  const item = session.line_items?.data[0];
  const price = item?.price;
  if (!price) return { purchase: 'ignored', reason: 'no line item' };
  // What was bought is what the site's catalogue says its price is (the price's lookup key),
  // never the Stripe product's metadata or name; a price the catalogue does not sell once
  // grants nothing, so nothing is recorded (the webhook logs it).
  const entry = catalogueEntryOf(price, BUILT_IN_CATALOGUE);
  if (!entry || entry.mode !== 'payment') return { purchase: 'ignored', reason: 'price not in the catalogue', unknownPrice: catalogueId(price) };

  const existing = await db
    .from('purchases')
    .select('status, refunded_at')
    .eq('checkout_session_id', session.id)
    .maybeSingle<{ status: PurchaseStatus; refunded_at: string | null }>();
  if (existing.error) throw new PurchaseError(describeDbError('purchases select', existing.error));

  const incoming: PurchaseStatus = refundedAt ? 'refunded' : statusOfSession(session.payment_status, event);
  const status = nextStatus(existing.data?.status ?? null, incoming);
  const row = {
    user_id: memberId,
    price_id: entry.priceId,
    product_type: entry.productType,
    checkout_session_id: session.id,
    payment_intent_id: idOf(session.payment_intent),
    amount: session.amount_total ?? item.amount_total ?? 0,
    currency: (session.currency ?? price.currency).toLowerCase(),
    status,
    purchased_at: new Date(session.created * 1000).toISOString(),
    refunded_at: status === 'refunded' ? (existing.data?.refunded_at ?? refundedAt ?? new Date().toISOString()) : null,
  };
  const written = await db.from('purchases').upsert(row, { onConflict: 'checkout_session_id' }).select('status');
  if (written.error) throw new PurchaseError(describeDbError('purchases upsert', written.error));
  const stored = (written.data as { status: PurchaseStatus }[] | null)?.[0]?.status;
  if (!stored) throw new PurchaseError('purchases upsert: no row returned');
  return { purchase: 'recorded', status: stored, session: session.id };
}

/**
 * charge.refunded: re-reads the charge; a full refund marks the purchase of its payment intent
 * refunded (a partial refund leaves it). When the purchase is not recorded yet (the refund
 * arrived first), the session is found at Stripe by its payment intent and recorded refunded.
 */
export async function refundPurchase(client: Stripe, db: AdminDb, chargeId: string, at: Date): Promise<PurchaseOutcome> {
  let charge: Stripe.Charge;
  try {
    charge = await client.charges.retrieve(chargeId);
  } catch (error) {
    throw new PurchaseError(`charge ${chargeId}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isFullRefund(charge)) return { purchase: 'ignored', reason: 'partial refund' };
  const paymentIntent = idOf(charge.payment_intent);
  if (!paymentIntent) return { purchase: 'ignored', reason: 'no payment intent' };

  const found = await db.from('purchases').select('checkout_session_id').eq('payment_intent_id', paymentIntent).maybeSingle<{ checkout_session_id: string }>();
  if (found.error) throw new PurchaseError(describeDbError('purchases select', found.error));
  let sessionId = found.data?.checkout_session_id ?? null;
  if (!sessionId) {
    try {
      const sessions = await client.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
      sessionId = sessions.data[0]?.id ?? null;
    } catch (error) {
      throw new PurchaseError(`sessions of ${paymentIntent}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (!sessionId) return { purchase: 'ignored', reason: 'not a checkout payment' };
  return recordPurchase(client, db, sessionId, 'completed', at.toISOString());
}
