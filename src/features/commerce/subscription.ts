/**
 * The dashboard's subscription badge: what it says for a subscription row (the plan, its status,
 * its period's end, what to do after a failed payment), the colour of each status and the icon
 * of each plan, and the messages when the subscription cannot be read.
 */
import { epochSecondsToMs } from '../../core/dates';
import { tierOfName, type Tier } from '../../core/access/tiers';
import type { SubscriptionRecord } from '../../core/access/subscription';

export const BADGE_TEXT = {
  error: 'Error loading subscription',
  free: 'Free Explorer Plan',
  unknown: 'Unknown subscription',
} as const;

/** The catalogue fields the badge needs. */
export interface CatalogueProduct {
  priceId: string;
  name: string;
}

export type StatusTone = 'green' | 'blue' | 'yellow' | 'red' | 'grey';

/** active green, trialing blue, past_due yellow, canceled red, anything else grey. */
export function statusTone(status: string | null | undefined): StatusTone {
  switch (status) {
    case 'active':
      return 'green';
    case 'trialing':
      return 'blue';
    case 'past_due':
      return 'yellow';
    case 'canceled':
      return 'red';
    default:
      return 'grey';
  }
}

/** "past_due" -> "Past due". */
export function statusLabel(status: string): string {
  const words = status.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type SubscriptionView =
  | { kind: 'free'; text: typeof BADGE_TEXT.free; plan: 'Explorer' }
  | { kind: 'unknown'; text: typeof BADGE_TEXT.unknown; priceId: string }
  | {
      kind: 'plan';
      name: string;
      plan: Tier;
      tone: StatusTone;
      /** Shown next to the plan name unless the status is active. */
      statusText: string | null;
      /** Epoch milliseconds. */
      periodStart: number | null;
      periodEnd: number | null;
      cancelAtPeriodEnd: boolean;
      /** "Visa ending in 4242", when known. */
      paymentMethod: string | null;
      /** What the period end means for this status ("Renews on", "Ends on", "Ended on"), or null. */
      endLabel: EndLabel | null;
      /** What the member should do, for a status that needs them (past due, unpaid, incomplete). */
      action: string | null;
    };

export type EndLabel = 'Renews on' | 'Ends on' | 'Ended on';

/** What the badge asks a member to do when their payment failed. */
export const PAYMENT_ACTION = {
  past_due: 'Your last payment failed. Update your payment method to keep your membership.',
  unpaid: 'Your membership is paused until the open invoice is paid. Update your payment method to restore it.',
  incomplete: 'Your first payment needs attention. Update your payment method to start your membership.',
} as const;

/** What the badge says of a membership whose payment the member disputed with their bank. */
export const DISPUTE_ACTION = {
  open: 'Your membership is on hold while a payment you disputed with your bank is reviewed. If you did not mean to dispute it, write to us and we will sort it out together.',
  lost: 'Your membership has ended because your bank reversed a payment. You are welcome to join again whenever you like.',
} as const;

/**
 * The label of the period end, told truthfully per status: an active (or trialing, or past due
 * but still retried) subscription that will renew "Renews on"; one cancelling at period end
 * "Ends on"; a cancelled or expired one "Ended on"; none for a status without a next renewal
 * (unpaid, incomplete, paused).
 */
export function endLabelOf(status: string, cancelAtPeriodEnd: boolean): EndLabel | null {
  if (status === 'canceled' || status === 'incomplete_expired') return 'Ended on';
  if (status === 'active' || status === 'trialing' || status === 'past_due') return cancelAtPeriodEnd ? 'Ends on' : 'Renews on';
  return null;
}

/**
 * The badge for a member's subscription row: none (or no price) is the free Explorer plan; a
 * price outside the catalogue is unknown; otherwise the product with its status and periods, or,
 * while one of its payments is disputed with the bank, on hold (open) or ended (lost).
 */
export function describeSubscription(record: SubscriptionRecord | null, catalogue: readonly CatalogueProduct[]): SubscriptionView {
  if (!record || !record.price_id) return { kind: 'free', text: BADGE_TEXT.free, plan: 'Explorer' };
  const product = catalogue.find((p) => p.priceId === record.price_id);
  if (!product) return { kind: 'unknown', text: BADGE_TEXT.unknown, priceId: record.price_id };
  const status = record.subscription_status ?? '';
  const brand = record.payment_method_brand?.trim();
  const last4 = record.payment_method_last4?.trim();
  const dispute = record.dispute_status === 'open' || record.dispute_status === 'lost' ? record.dispute_status : null;
  return {
    kind: 'plan',
    name: product.name,
    plan: tierOfName(product.name),
    tone: dispute === 'open' ? 'yellow' : dispute === 'lost' ? 'red' : statusTone(status),
    statusText: dispute === 'open' ? 'On hold' : dispute === 'lost' ? 'Ended' : status === 'active' || !status ? null : statusLabel(status),
    periodStart: record.current_period_start ? epochSecondsToMs(record.current_period_start) : null,
    periodEnd: record.current_period_end ? epochSecondsToMs(record.current_period_end) : null,
    cancelAtPeriodEnd: Boolean(record.cancel_at_period_end),
    paymentMethod: brand && last4 ? `${statusLabel(brand)} ending in ${last4}` : null,
    endLabel: dispute ? null : endLabelOf(status, Boolean(record.cancel_at_period_end)),
    action: dispute ? DISPUTE_ACTION[dispute] : status in PAYMENT_ACTION ? PAYMENT_ACTION[status as keyof typeof PAYMENT_ACTION] : null,
  };
}
