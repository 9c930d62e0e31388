/**
 * A member's subscription as every feature reads it: the row's fields and the messages when it
 * cannot be read (src/features/commerce/subscription.ts says what the badge shows for it).
 */
import type { Tables } from '../db/database.types';

export const SUBSCRIPTION_ERRORS = {
  customer: 'Failed to fetch customer data',
  subscription: 'Failed to fetch subscription data',
  unexpected: 'An unexpected error occurred',
} as const;

/** stripe_subscriptions as the badge uses it. */
export type SubscriptionRecord = Pick<
  Tables<'stripe_subscriptions'>,
  | 'subscription_id'
  | 'price_id'
  | 'subscription_status'
  | 'current_period_start'
  | 'current_period_end'
  | 'cancel_at_period_end'
  | 'payment_method_brand'
  | 'payment_method_last4'
> &
  Partial<Pick<Tables<'stripe_subscriptions'>, 'dispute_status'>>;
