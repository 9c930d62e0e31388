/**
 * The reads that feed the member's access (./store.ts): their Stripe customer, that customer's
 * subscription, and their one-time purchases, through the browser's database client (row-level
 * security: their own rows only). A member without a customer or a subscription is normal (every
 * Explorer), so those reads ask for "at most one row" (`maybeSingle`): none is an answer (200 and
 * null), never an error response (`single` made PostgREST answer 406 for it, in red in the console).
 */
import { dbRequest, type DbResult } from '../db/client';
import type { SubscriptionRecord } from './subscription';
import type { PurchaseRecord } from './purchases';

/** stripe_customers: the member's Stripe customer id, or null when they have none. */
export function fetchCustomerId(memberId: string): Promise<DbResult<string>> {
  return dbRequest(
    (db) => db.from('stripe_customers').select('customer_id').eq('user_id', memberId).maybeSingle<{ customer_id: string }>(),
    (row) => row.customer_id,
  );
}

/** stripe_subscriptions: the customer's subscription, or null when there is none. */
export function fetchSubscription(customerId: string): Promise<DbResult<SubscriptionRecord>> {
  return dbRequest((db) =>
    db
      .from('stripe_subscriptions')
      .select(
        'subscription_id, price_id, subscription_status, current_period_start, current_period_end, cancel_at_period_end, payment_method_brand, payment_method_last4, dispute_status',
      )
      .eq('customer_id', customerId)
      .maybeSingle<SubscriptionRecord>(),
  );
}

/** purchases: the member's one-time purchases, oldest first. */
export function fetchPurchases(memberId: string): Promise<DbResult<PurchaseRecord[]>> {
  return dbRequest((db) =>
    db
      .from('purchases')
      .select('price_id, product_type, status, purchased_at, refunded_at, checkout_session_id, dispute_status')
      .eq('user_id', memberId)
      .order('purchased_at', { ascending: true })
      ,
  );
}
