/**
 * The catalogue on the server: the built-in one (src/content/catalogue.json) and the live one
 * read from Stripe. The built-in one is validated with the content schema where it is written:
 * by the build (the `catalogue` content collection, src/content.config.ts) and by
 * tests/site/content.test.ts; here it is only read, so the functions carry no zod (a quarter of
 * a megabyte of each zip; docs/decisions/function-size.md).
 */
import type Stripe from 'stripe';
import raw from '../../../content/catalogue.json' with { type: 'json' };
import type { Product } from '../../../core/access/product';
import { catalogueProblems, orderLike, productFromProviderPrice, type CatalogueProblem, type ProviderPrice } from '../catalogue';

/** A live catalogue entry with the id Stripe knows its price by (line items need it). */
export type LiveProduct = Product & { stripePriceId: string };

/** Every plan, app, course and the Founding Membership, in the order /products shows them. */
export const BUILT_IN_CATALOGUE: readonly Product[] = Object.freeze(
  (raw as Product[]).map(({ priceId, name, description, mode, price, currency, productType }) => ({ priceId, name, description, mode, price, currency, productType })),
);

/** Every active Stripe price with its product. Throws what the SDK throws. */
async function activePrices(client: Stripe): Promise<ProviderPrice[]> {
  const prices = await client.prices.list({ active: true, expand: ['data.product'], limit: 100 }).autoPagingToArray({ limit: 1000 });
  return prices as unknown as ProviderPrice[];
}

/**
 * The active prices with their products, as catalogue entries, each with its Stripe price id.
 * Only prices the built-in catalogue knows by their lookup key are sold, as what the catalogue
 * says they are (see productFromProviderPrice); the others are left out. Throws what the SDK throws.
 */
export async function livePrices(client: Stripe): Promise<LiveProduct[]> {
  return (await activePrices(client)).flatMap((price) => {
    const product = productFromProviderPrice(price, BUILT_IN_CATALOGUE);
    return product ? [{ ...product, stripePriceId: price.id }] : [];
  });
}

/** Where the active Stripe prices disagree with the built-in catalogue (catalogueProblems). Throws what the SDK throws. */
export async function liveCatalogueProblems(client: Stripe): Promise<CatalogueProblem[]> {
  return catalogueProblems(await activePrices(client), BUILT_IN_CATALOGUE);
}

/** The live catalogue as /api/stripe-products answers it, in the built-in order. Throws what the SDK throws. */
export async function liveCatalogue(client: Stripe): Promise<Product[]> {
  const products = (await livePrices(client)).map(({ stripePriceId: _stripeId, ...product }) => product);
  return orderLike(products, BUILT_IN_CATALOGUE);
}
