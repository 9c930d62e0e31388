/**
 * The product catalogue as the products page shows it: display names without the store
 * prefixes, price labels, the three sections, the reading of the catalogue function's answer,
 * and the mapping of a payment-provider price to a catalogue entry by its price id (used by the
 * functions), with what a live price and the catalogue disagree on.
 * Pure: no zod here, so the products island stays small; the function validates with zod.
 */
import type { Product } from '../../core/access/product';
// With its extension: scripts/check-stripe-catalogue.mjs runs this file in Node, which resolves no bare path.
import { formatPrice } from '../../core/money.ts';

export type ProductType = Product['productType'];
export type CheckoutMode = Product['mode'];

const PRODUCT_TYPES: readonly ProductType[] = ['app', 'course', 'membership'];
const MODES: readonly CheckoutMode[] = ['payment', 'subscription'];

// The names as shown, apart: the dashboard's library needs only them (./product-names.ts).
import { displayName } from './product-names.ts';
export { displayName, NAME_PREFIXES } from './product-names.ts';

export interface PriceLabel {
  /** "Free", or the amount with its currency sign. */
  amount: string;
  /** "/month" for a paid subscription, otherwise empty. */
  period: '' | '/month';
}

/** "Free" at 0; "/month" after the amount of a subscription above 0. */
export function priceLabel(product: Pick<Product, 'price' | 'mode' | 'currency'>): PriceLabel {
  if (product.price === 0) return { amount: 'Free', period: '' };
  return {
    amount: formatPrice(product.price, product.currency),
    period: product.mode === 'subscription' ? '/month' : '',
  };
}

export interface Section {
  type: ProductType;
  /** Section heading on /products. */
  title: string;
  /** Anchor of the section. */
  id: string;
}

/** The sections of /products, in order. */
export const SECTIONS: readonly Section[] = [
  { type: 'membership', title: 'Membership Tiers', id: 'membership-tiers' },
  { type: 'app', title: 'Inner Alchemy Apps', id: 'apps' },
  { type: 'course', title: 'Courses & Programs', id: 'courses' },
];

/** The sections that have products, each with its products in catalogue order. */
export function groupBySection<P extends Pick<Product, 'productType'>>(products: readonly P[]): { section: Section; products: P[] }[] {
  return SECTIONS.map((section) => ({ section, products: products.filter((p) => p.productType === section.type) })).filter(
    (group) => group.products.length > 0,
  );
}

/** Whether `value` has every field of a catalogue entry with the right type. */
export function isProduct(value: unknown): value is Product {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.priceId === 'string' &&
    v.priceId.length > 0 &&
    typeof v.name === 'string' &&
    v.name.length > 0 &&
    typeof v.description === 'string' &&
    typeof v.mode === 'string' &&
    (MODES as readonly string[]).includes(v.mode) &&
    typeof v.price === 'number' &&
    Number.isFinite(v.price) &&
    v.price >= 0 &&
    typeof v.currency === 'string' &&
    v.currency.length === 3 &&
    typeof v.productType === 'string' &&
    (PRODUCT_TYPES as readonly string[]).includes(v.productType)
  );
}

/**
 * What the products page does with an answer of the catalogue function:
 * - `fallback`: the call failed (network, HTTP error, not JSON) or the answer is not an array.
 *   The spec says the built-in catalogue is used then, so the page keeps what it shows.
 * - `empty`: an empty array, "No Products Available".
 * - `live`: an array; entries that are not catalogue entries are left out.
 * - `error`: an array with entries, none of which is a catalogue entry. The service is up but
 *   answers something the page cannot show: "Unable to Load Products".
 */
export type ProductsAnswer =
  | { kind: 'live'; products: Product[]; skipped: number }
  | { kind: 'empty' }
  | { kind: 'fallback'; reason: string }
  | { kind: 'error'; reason: string };

export function classifyProductsAnswer(body: unknown): ProductsAnswer {
  if (!Array.isArray(body)) return { kind: 'fallback', reason: 'the answer is not an array' };
  if (body.length === 0) return { kind: 'empty' };
  const products = body.filter(isProduct);
  if (products.length === 0) return { kind: 'error', reason: 'no entry of the answer is a product' };
  return { kind: 'live', products, skipped: body.length - products.length };
}

/**
 * A short key of what the products page shows of a catalogue (each entry's id, name, text,
 * price, currency, mode and section, in order): two catalogues with the same key look the same.
 * The page writes the built-in catalogue's key into its HTML; a visitor's browser compares the
 * live catalogue's with it and wakes the catalogue island only when they differ.
 */
export function catalogueKey(products: readonly Product[]): string {
  const text = JSON.stringify(products.map((p) => [p.priceId, displayName(p.name), p.description, p.price, p.currency, p.mode, p.productType]));
  // cyrb53: a 53-bit string hash, enough to tell two catalogues apart.
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The fields of a payment-provider price (with its product expanded) the mapping reads. */
export interface ProviderPrice {
  id: string;
  /**
   * The price's lookup key. Set to the built-in id (`price_app_stillpoint`), it names the price
   * in the catalogue, so the static app pages, the dashboard badge and checkout agree on it.
   */
  lookup_key?: string | null;
  active: boolean;
  currency: string;
  unit_amount: number | null;
  type: 'one_time' | 'recurring';
  recurring: { interval: string; interval_count: number } | null;
  product:
    | string
    | { deleted: true }
    | { deleted?: void; active: boolean; name: string; description: string | null; metadata: Record<string, string> };
}

/**
 * The id a provider price has in the catalogue: its lookup key when set, else its own id.
 * Stripe generates the ids of new prices, so the built-in catalogue's ids (which the static app
 * pages and the dashboard use) are given to the live prices as lookup keys.
 */
export function catalogueId(price: Pick<ProviderPrice, 'id' | 'lookup_key'>): string {
  return price.lookup_key?.trim() ? price.lookup_key : price.id;
}

/** Currencies whose amounts the provider counts in whole units (no cents). */
const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);

/** The catalogue entry a provider price stands for (by its catalogue id: its lookup key), or undefined. */
export function catalogueEntryOf<P extends Pick<Product, 'priceId'>>(price: Pick<ProviderPrice, 'id' | 'lookup_key'>, catalogue: readonly P[]): P | undefined {
  return findProduct(catalogue, catalogueId(price));
}

/** The mode a provider price is sold in: a recurring price is a subscription, any other a payment. */
const modeOf = (price: Pick<ProviderPrice, 'type'>): CheckoutMode => (price.type === 'recurring' ? 'subscription' : 'payment');

/**
 * A catalogue entry from a provider price, or null when the price cannot be sold from the
 * page: inactive, product not expanded, deleted or archived, no fixed amount, a recurring
 * interval other than one month (the page only says "/month"), or a price the site's catalogue
 * does not know (its lookup key is no entry's priceId) or sells in the other mode. What the
 * product is (app, course, membership) and how it is sold are the catalogue's, never the
 * product's metadata or name: a purchase of it grants what the catalogue says it is. The name,
 * description and amount are Stripe's (what the buyer is charged and reads at Checkout).
 */
export function productFromProviderPrice(price: ProviderPrice, catalogue: readonly Product[]): Product | null {
  const product = price.product;
  if (!price.active || typeof product === 'string' || product.deleted || !product.active) return null;
  if (price.unit_amount === null || price.unit_amount < 0) return null;
  if (price.type === 'recurring' && (price.recurring?.interval !== 'month' || price.recurring.interval_count !== 1)) return null;
  const entry = catalogueEntryOf(price, catalogue);
  const mode = modeOf(price);
  if (!entry || entry.mode !== mode) return null;
  const currency = price.currency.toLowerCase();
  return {
    priceId: entry.priceId,
    name: product.name,
    description: product.description ?? '',
    mode,
    price: amountOf(price.unit_amount, currency),
    currency,
    productType: entry.productType,
  };
}

/** An amount in the currency's smallest unit, in major units. */
const amountOf = (unitAmount: number, currency: string) => (ZERO_DECIMAL.has(currency.toLowerCase()) ? unitAmount : unitAmount / 100);

/** Something a live price and the site's catalogue disagree on, for the owner to fix at Stripe. */
export interface CatalogueProblem {
  /** The catalogue's id (the price's lookup key), when the price has one or the entry is missing. */
  priceId: string | null;
  /** Stripe's id of the price, when there is one. */
  stripePriceId: string | null;
  problem: string;
}

/**
 * Where the active Stripe prices and the site's catalogue disagree (what /debug and
 * scripts/check-stripe-catalogue.mjs report; docs/deploying.md says what must agree):
 *   - a price without a lookup key, or whose lookup key is no catalogue entry: the site does not
 *     sell it, and a purchase of it grants nothing;
 *   - a price sold in the other mode than its entry (one-time against monthly): not sold;
 *   - a product whose `productType` metadata names another kind than the entry (the site follows
 *     the catalogue; metadata alone never decides);
 *   - an amount or currency other than the entry's (the static pages show the entry's);
 *   - an entry no active price carries: it cannot be bought.
 * Products not expanded, deleted or archived count as no price. Pure.
 */
export function catalogueProblems(prices: readonly ProviderPrice[], catalogue: readonly Product[]): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  const sold = new Set<string>();
  for (const price of prices) {
    const product = price.product;
    if (!price.active || typeof product === 'string' || product.deleted || !product.active) continue;
    const name = `"${product.name}"`;
    const key = price.lookup_key?.trim() ? price.lookup_key : null;
    if (!key) {
      problems.push({ priceId: null, stripePriceId: price.id, problem: `The price ${price.id} of ${name} has no lookup key: the site does not sell it, and a purchase of it grants nothing. Give it the catalogue's priceId as its lookup key.` });
      continue;
    }
    const entry = findProduct(catalogue, key);
    if (!entry) {
      problems.push({ priceId: key, stripePriceId: price.id, problem: `The lookup key ${key} of ${name} is not in the site's catalogue: the site does not sell it, and a purchase of it grants nothing.` });
      continue;
    }
    const mode = modeOf(price);
    if (mode !== entry.mode) {
      problems.push({ priceId: key, stripePriceId: price.id, problem: `${name} is sold ${mode === 'subscription' ? 'as a subscription' : 'once'} at Stripe, but the catalogue sells ${key} ${entry.mode === 'subscription' ? 'monthly' : 'once'}: the site does not sell this price.` });
      continue;
    }
    sold.add(key);
    const metadataType = product.metadata?.productType;
    if (metadataType !== undefined && metadataType !== entry.productType) {
      problems.push({ priceId: key, stripePriceId: price.id, problem: `${name} says productType "${metadataType}" in its Stripe metadata, but the catalogue says ${key} is a ${entry.productType}: the site follows the catalogue. Correct the metadata.` });
    }
    if (price.unit_amount !== null && (price.currency.toLowerCase() !== entry.currency || amountOf(price.unit_amount, price.currency) !== entry.price)) {
      problems.push({ priceId: key, stripePriceId: price.id, problem: `${name} costs ${formatPrice(amountOf(price.unit_amount, price.currency), price.currency)} at Stripe, but the catalogue says ${formatPrice(entry.price, entry.currency)} for ${key}: the site's pages show the catalogue's price.` });
    }
  }
  for (const entry of catalogue) {
    if (!sold.has(entry.priceId)) problems.push({ priceId: entry.priceId, stripePriceId: null, problem: `No active Stripe price has the lookup key ${entry.priceId} ("${entry.name}"): it cannot be bought.` });
  }
  return problems;
}

/**
 * Orders products like `reference` (the built-in catalogue), so the live catalogue replaces
 * the pre-rendered one without cards moving; products it does not know follow, cheapest first.
 */
export function orderLike(products: readonly Product[], reference: readonly Pick<Product, 'priceId'>[]): Product[] {
  const rank = new Map(reference.map((p, i) => [p.priceId, i]));
  const key = (p: Product) => rank.get(p.priceId) ?? Number.POSITIVE_INFINITY;
  return [...products].sort((a, b) => key(a) - key(b) || a.price - b.price || a.name.localeCompare(b.name));
}

/** The catalogue entry with this price identifier. */
export function findProduct<P extends Pick<Product, 'priceId'>>(products: readonly P[], priceId: string): P | undefined {
  return products.find((p) => p.priceId === priceId);
}
