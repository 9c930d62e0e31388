/**
 * Products and prices mirroring the site's catalogue, as the deploy guide asks of a live Stripe
 * account (pure: no server).
 */
import type { CatalogueLike, DoublePrice, DoubleProduct } from './types.ts';

/**
 * The id Stripe gives the price of a catalogue entry in the double. Stripe generates price ids,
 * so the double's differ from the catalogue's, which the prices carry as lookup keys.
 */
export function stripePriceId(catalogueId: string): string {
  return catalogueId.replace(/^price_/, 'price_1Dbl_');
}

/**
 * Products and prices mirroring a catalogue, each app named with its store prefix; each price
 * has a Stripe-made id and the catalogue's id as its lookup key, as the deploy guide asks of a
 * live Stripe account. Each product carries its `productType` metadata, except those of the
 * catalogue ids in `untagged` (a product made by hand in Stripe's dashboard, with no metadata).
 */
export function catalogueAsStripe(catalogue: readonly CatalogueLike[], untagged: readonly string[] = []): { products: DoubleProduct[]; prices: DoublePrice[] } {
  const products: DoubleProduct[] = [];
  const prices: DoublePrice[] = [];
  catalogue.forEach((entry, i) => {
    const productId = `prod_double_${i + 1}`;
    products.push({
      id: productId,
      object: 'product',
      active: true,
      name: entry.name,
      description: entry.description,
      metadata: untagged.includes(entry.priceId) ? {} : { productType: entry.productType },
    });
    prices.push({
      id: stripePriceId(entry.priceId),
      object: 'price',
      lookup_key: entry.priceId,
      active: true,
      currency: entry.currency,
      unit_amount: Math.round(entry.price * 100),
      type: entry.mode === 'subscription' ? 'recurring' : 'one_time',
      recurring: entry.mode === 'subscription' ? { interval: 'month', interval_count: 1 } : null,
      product: productId,
    });
  });
  return { products, prices };
}
