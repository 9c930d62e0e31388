/**
 * The access model's inputs as the tests build them (tests/core/access.test.ts and commerce's
 * tests of what it says of the model): the built-in catalogue with one more course, a purchase,
 * a member's plan and purchases at a date.
 */
import catalogueFile from '../../src/content/catalogue.json';
import type { AccessInputs, PurchaseLike } from '../../src/core/access/access';
import type { Product } from '../../src/core/access/product';

export const catalogue = catalogueFile.map(({ id: _id, ...p }) => p as Product);
export const product = (priceId: string) => catalogue.find((p) => p.priceId === priceId)!;
export const STILLPOINT = product('price_app_stillpoint');
export const MINDSTAGE = product('price_app_mindstage');
export const COURSE = product('price_master_alchemist_course');
export const FOUNDING = product('price_founding_membership');
export const EXPLORER = product('price_explorer_free');
export const ADVENTURER = product('price_adventurer_monthly');
export const ALCHEMIST = product('price_alchemist_monthly');
export const OTHER_COURSE: Product = { priceId: 'price_boundaries', name: 'Boundaries Masterclass', description: '', mode: 'payment', price: 99, currency: 'usd', productType: 'course' };

export const NOW = new Date('2026-11-24T12:00:00Z');
export const bought = (price_id: string, product_type: PurchaseLike['product_type'], status: PurchaseLike['status'] = 'paid', purchased_at = '2026-11-01T10:00:00.000Z'): PurchaseLike => ({
  price_id,
  product_type,
  status,
  purchased_at,
  refunded_at: status === 'refunded' ? '2026-11-03T10:00:00.000Z' : null,
});
export type Plan = 'none' | 'Adventurer' | 'Alchemist';
export const inputs = (plan: Plan, purchases: PurchaseLike[] = [], status = 'active', now = NOW): AccessInputs => ({
  subscription: plan === 'none' ? null : { price_id: plan === 'Adventurer' ? 'price_adventurer_monthly' : 'price_alchemist_monthly', subscription_status: status },
  purchases,
  catalogue: [...catalogue, OTHER_COURSE],
  now,
});

/** A Founding Member's purchases. */
export const FOUNDER = [bought('price_founding_membership', 'membership')];
