/**
 * The signed-in member's subscription: their Stripe customer, then that customer's
 * subscription. "No row" (PGRST116) at either step means no subscription, not an error.
 */
import { isNoRows } from '../lib/members';
import { SUBSCRIPTION_ERRORS, type SubscriptionRecord } from '../lib/subscription';
import { fetchCustomerId, fetchSubscription } from '../services/members';
import { memberResource } from './member-resource';

export type SubscriptionState = { subscription: SubscriptionRecord | null; error: null } | { subscription: null; error: string };

export const $subscription = memberResource<SubscriptionState>(async (user) => {
  try {
    const customer = await fetchCustomerId(user.id);
    if (customer.error && !isNoRows(customer.error)) {
      console.error('Subscription:', customer.error.message);
      return { subscription: null, error: SUBSCRIPTION_ERRORS.customer };
    }
    if (!customer.data) return { subscription: null, error: null };
    const subscription = await fetchSubscription(customer.data);
    if (subscription.error && !isNoRows(subscription.error)) {
      console.error('Subscription:', subscription.error.message);
      return { subscription: null, error: SUBSCRIPTION_ERRORS.subscription };
    }
    return { subscription: subscription.data, error: null };
  } catch (error) {
    console.error('Subscription:', error);
    return { subscription: null, error: SUBSCRIPTION_ERRORS.unexpected };
  }
});
