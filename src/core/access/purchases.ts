/**
 * Purchases (one-time Stripe Checkouts) as the pages read them: the row's fields and the
 * messages (how the webhook moves a payment's state on is src/features/commerce/purchase-status.ts).
 */
import type { PurchaseLike } from './access';
import type { Tables } from '../db/database.types';

/** A purchases row as the member's pages read it. */
export type PurchaseRecord = PurchaseLike & Pick<Tables<'purchases'>, 'checkout_session_id' | 'refunded_at'>;

export const PURCHASE_ERRORS = {
  fetch: 'Failed to fetch purchase data',
  unexpected: 'An unexpected error occurred',
} as const;
