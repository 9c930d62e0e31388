/**
 * The catalogue on the server: the built-in one (src/content/catalogue.json) and the live one
 * read from Stripe. The built-in one is validated with the content schema where it is written:
 * by the build (the `catalogue` content collection, src/content.config.ts) and by
 * tests/site/content.test.ts; here it is only read, so the functions carry no zod (a quarter of
 * a megabyte of each zip; docs/decisions/function-size.md).
 */
import type Stripe from 'stripe';
import raw from '../../../src/content/catalogue.json' with { type: 'json' };
import type { Product } from '../../../src/core/access/product';
import { orderLike, productFromProviderPrice, type ProviderPrice } from '../../../src/core/access/catalogue';

/** A live catalogue entry with the id Stripe knows its price by (line items need it). */
export type LiveProduct = Product & { stripePriceId: string };

/** Every plan, app, course and the Founding Membership, in the order /products shows them. */
export const BUILT_IN_CATALOGUE: readonly Product[] = Object.freeze(
  (raw as Product[]).map(({ priceId, name, description, mode, price, currency, productType }) => ({ priceId, name, description, mode, price, currency, productType })),
);

/**
 * The active prices with their products, as catalogue entries, each with its Stripe price id.
 * Prices that cannot be sold from the page (see productFromProviderPrice) are left out. An
 * entry's priceId is the price's lookup key when it has one, so prices given the built-in ids
 * as lookup keys keep the ids the static pages use. Throws what the SDK throws.
 */
export async function livePrices(client: Stripe): Promise<LiveProduct[]> {
  const prices = await client.prices.list({ active: true, expand: ['data.product'], limit: 100 }).autoPagingToArray({ limit: 1000 });
  return prices.flatMap((price) => {
    const product = productFromProviderPrice(price as unknown as ProviderPrice);
    return product ? [{ ...product, stripePriceId: price.id }] : [];
  });
}

/** The live catalogue as /api/stripe-products answers it, in the built-in order. Throws what the SDK throws. */
export async function liveCatalogue(client: Stripe): Promise<Product[]> {
  const products = (await livePrices(client)).map(({ stripePriceId: _stripeId, ...product }) => product);
  return orderLike(products, BUILT_IN_CATALOGUE);
}
