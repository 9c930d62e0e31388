/**
 * How a purchase's payment state moves on as the webhook writes it (never backwards), so
 * repeated and out-of-order webhook deliveries converge on one row.
 */
import type { Tables } from '../../core/db/database.types';

export type PurchaseStatus = Tables<'purchases'>['status'];

/**
 * The status a Checkout Session in payment mode stands for, as Stripe has it now:
 * `paid` (or `no_payment_required`) is paid; `unpaid` on a completed session is a delayed
 * payment still settling (pending), unless the event says it failed.
 */
export function statusOfSession(paymentStatus: string, event: 'completed' | 'succeeded' | 'failed'): PurchaseStatus {
  if (event === 'failed') return 'failed';
  if (paymentStatus === 'paid' || paymentStatus === 'no_payment_required') return 'paid';
  return 'pending';
}

const ORDER: Record<PurchaseStatus, number> = { pending: 0, paid: 1, failed: 1, refunded: 2 };

/**
 * The status to keep when `incoming` arrives for a row that has `existing`: a purchase only
 * moves forward (pending -> paid or failed -> refunded), so a late or repeated event never
 * undoes a later one. A delayed payment that failed stays failed when an older "completed"
 * arrives late; a refund stays a refund.
 */
export function nextStatus(existing: PurchaseStatus | null, incoming: PurchaseStatus): PurchaseStatus {
  if (!existing) return incoming;
  return ORDER[incoming] > ORDER[existing] ? incoming : existing;
}

/** Whether a charge is refunded in full (a partial refund leaves the purchase in place). */
export function isFullRefund(charge: { refunded: boolean; amount: number; amount_refunded: number }): boolean {
  return charge.refunded || (charge.amount > 0 && charge.amount_refunded >= charge.amount);
}
