/**
 * The signed-in member's access: their subscription and their purchases, read once per member
 * and shared by every island of the page (navigation badge, products, dashboard library, app
 * pages). The decisions live in src/lib/access.ts; this store only loads what it needs.
 */
import { computed } from 'nanostores';
import catalogueFile from '../content/catalogue.json';
import type { AccessInputs } from '../lib/access';
import type { Product } from '../lib/product-schema';
import { isNoRows } from '../lib/members';
import { PURCHASE_ERRORS, type PurchaseRecord } from '../lib/purchases';
import { fetchPurchases } from '../services/members';
import { memberResource, type Resource } from './member-resource';
import { $subscription } from './subscription';

/** The built-in catalogue: it names the plans and the products the library lists. */
export const BUILT_IN_CATALOGUE: readonly Product[] = catalogueFile.map(({ id: _id, ...product }) => product as Product);

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
