/**
 * What checkout refuses to sell, and what it says: a product the member would buy a second time
 * or already has in their plan (the stripe-checkout function answers 409 with it; the products
 * page shows it when a stale page offers the button). What the member has is the access model's
 * (src/core/access/access.ts); this is commerce's rule on top of it.
 */
import { access, isFoundingProduct, type AccessInputs, type AccessProduct } from '../../core/access/access';

export const CHECKOUT_REFUSALS = {
  owned: 'You already own this. You can open it from your dashboard.',
  included: 'Your membership already includes this. You can open it from your dashboard.',
  pending: 'Your payment for this is still being processed. You can see it on your dashboard.',
} as const;

/**
 * Why checkout must refuse to sell `product` to this member, or null. Only products the member
 * would buy a second time or already has in their plan are refused; a plan upgrade (say from
 * Adventurer to Alchemist) and memberships are decided by the checkout's own rules.
 */
export function checkoutRefusal(product: AccessProduct, inputs: AccessInputs): string | null {
  if (product.productType === 'membership' && !isFoundingProduct(product)) return null;
  const a = access(product, inputs);
  if (a.kind === 'owned') return CHECKOUT_REFUSALS.owned;
  if (a.kind === 'included') return CHECKOUT_REFUSALS.included;
  if (a.reason === 'pending') return CHECKOUT_REFUSALS.pending;
  return null;
}
