/**
 * The signed-in member's access: their subscription ($subscription) and their purchases
 * ($purchases), read once per member and shared by every island of the page (navigation badge, products, dashboard library, app
 * pages). The decisions live in src/core/access/access.ts; this store only loads what it needs.
 */
import { computed } from 'nanostores';
import catalogueEntries from '../../content/catalogue.json?access-entries';
import type { AccessInputs, AccessProduct } from './access';
import { isNoRows } from '../db/result';
import { PURCHASE_ERRORS, type PurchaseRecord } from './purchases';
import { fetchCustomerId, fetchPurchases, fetchSubscription } from './api';
import { memberResource, type Resource } from '../session/member-store';
import { SUBSCRIPTION_ERRORS, type SubscriptionRecord } from './subscription';

/**
 * The signed-in member's subscription: their Stripe customer, then that customer's
 * subscription. "No row" (PGRST116) at either step means no subscription, not an error.
 */
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

/**
 * The built-in catalogue: it names the plans and the products the library lists. What the access
 * model reads of it only (integrations/catalogue-entries.mjs): no descriptions nor prices.
 */
export const BUILT_IN_CATALOGUE: readonly AccessProduct[] = catalogueEntries;

export type PurchasesState = { purchases: PurchaseRecord[]; error: null } | { purchases: PurchaseRecord[]; error: string };

/** The member's purchases, oldest first. An error leaves the list empty and says so. */
export const $purchases = memberResource<PurchasesState>(async (user) => {
  try {
    const { data, error } = await fetchPurchases(user.id);
    if (error && !isNoRows(error)) {
      console.error('Purchases:', error.message);
      return { purchases: [], error: PURCHASE_ERRORS.fetch };
    }
    return { purchases: data ?? [], error: null };
  } catch (error) {
    console.error('Purchases:', error);
    return { purchases: [], error: PURCHASE_ERRORS.unexpected };
  }
});

export interface MemberAccess extends Omit<AccessInputs, 'now' | 'catalogue'> {
  purchases: PurchaseRecord[];
  /** The first error of either read, or null. What could be read still counts. */
  error: string | null;
}

/** Ready once both the subscription and the purchases of the signed-in member are read. */
export const $memberAccess = computed([$subscription, $purchases], (subscription, purchases): Resource<MemberAccess> => {
  if (subscription.status !== 'ready' || purchases.status !== 'ready') return { status: 'loading' };
  return {
    status: 'ready',
    value: {
      subscription: subscription.value.subscription,
      purchases: purchases.value.purchases,
      error: subscription.value.error ?? purchases.value.error,
    },
  };
});
