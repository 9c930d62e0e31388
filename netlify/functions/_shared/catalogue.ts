/**
 * The catalogue on the server: the built-in one (src/content/catalogue.json, validated with the
 * content schema when the function loads) and the live one read from Stripe.
 */
import type Stripe from 'stripe';
import raw from '../../../src/content/catalogue.json' with { type: 'json' };
import { productSchema, type Product } from '../../../src/lib/schemas';
import { orderLike, productFromProviderPrice, type ProviderPrice } from '../../../src/lib/catalogue';

/** Every plan, app, course and the Founding Membership, in the order /products shows them. */
export const BUILT_IN_CATALOGUE: readonly Product[] = Object.freeze(
  (raw as unknown[]).map((entry) => productSchema.parse(entry)),
);

/**
 * The active prices with their products, as catalogue entries in the built-in order. Prices
 * that cannot be sold from the page (see productFromProviderPrice) are left out. Throws what
 * the SDK throws.
 */
export async function liveCatalogue(client: Stripe): Promise<Product[]> {
  const prices = await client.prices.list({ active: true, expand: ['data.product'], limit: 100 }).autoPagingToArray({ limit: 1000 });
  const products = prices
    .map((price) => productFromProviderPrice(price as unknown as ProviderPrice))
    .filter((p): p is Product => p !== null);
  return orderLike(products, BUILT_IN_CATALOGUE);
}
