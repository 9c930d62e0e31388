/**
 * Two small facts several features use without the rest of the access model (./access.ts
 * re-exports them): which product is the one-time Founding Membership, and what a member reads
 * while a payment is confirmed. Apart from access.ts so the products page's buttons
 * (src/features/commerce/product-buttons.ts) do not pull the whole model into a visitor's island.
 */
import type { Product } from './product';

/** The one-time membership (the Founding Membership): a membership sold in payment mode. */
export function isFoundingProduct(product: Pick<Product, 'productType' | 'mode'>): boolean {
  return product.productType === 'membership' && product.mode === 'payment';
}

/** What a member reads while a payment is being confirmed (the products page, an app's room). */
export const PENDING_NOTE = 'We are confirming your payment; your access opens as soon as it settles.';
