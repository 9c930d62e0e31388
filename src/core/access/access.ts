/**
 * What a member may open, and why: one pure model for the products page, the app pages, the
 * dashboard's library, the navigation badge, the checkout function and the content gate (what
 * commerce alone says of it, the library's lines and checkout's refusals, is in
 * src/features/commerce: library.ts, checkout-refusal.ts).
 *
 * - Buying an app, the course or the Founding Membership grants it for life ("owned"). What a
 *   purchase or a subscription is, is the catalogue's entry for its price id, never the kind the
 *   row or Stripe's metadata says: a price the catalogue does not know grants nothing.
 * - The Founding Membership gives lifetime access to every current and future program: every
 *   app and course is owned by a Founding Member, who counts as Alchemist for access.
 * - An Adventurer or Alchemist subscription includes every app; Alchemist includes the Master
 *   Alchemist Course, while the subscription entitles (active, trialing, past due).
 * - A purchase counts while it is paid; a pending one (a bank debit not settled yet) grants
 *   nothing yet but cannot be bought again; a refunded or failed one grants nothing.
 * - A chargeback (a dispute of the charge with the buyer's bank) holds back what the charge
 *   bought while it is open and ends it when it is lost, a purchase and a subscription alike; a
 *   dispute won gives it back (the rows' dispute_status, kept by the database).
 */
import { isFoundingProduct } from './founding';
export { isFoundingProduct, PENDING_NOTE } from './founding';
import type { Tables } from '../db/database.types';
import type { Product } from './product';

import { effectiveTier, tierOfName, type SubscriptionLike, type Tier } from './tiers';

export type { Tier };

/** The fields of a purchases row the model reads. */
export type PurchaseLike = Pick<Tables<'purchases'>, 'price_id' | 'product_type' | 'status' | 'purchased_at'> &
  Partial<Pick<Tables<'purchases'>, 'refunded_at' | 'dispute_status'>>;

export type AccessProduct = Pick<Product, 'priceId' | 'name' | 'mode' | 'productType'>;

export interface AccessInputs {
  subscription: SubscriptionLike | null | undefined;
  purchases: readonly PurchaseLike[];
  /**
   * The catalogue that says what each price id is: the subscription's plan, the Founding
   * Membership (built-in, or the live one, whose entries are the built-in's).
   */
  catalogue: readonly AccessProduct[];
  now: Date;
}

export type Access =
  /** Bought (reason 'purchased'), or everything a Founding Member has (reason 'founding'). */
  | { kind: 'owned'; reason: 'purchased' | 'founding'; since: string }
  /**
   * In the member's plan: 'plan' (an app or the course their subscription includes),
   * 'subscribed' (the plan they pay for), 'higherPlan' (a plan below theirs), 'free' (Explorer).
   */
  | { kind: 'included'; reason: 'plan' | 'subscribed' | 'higherPlan' | 'free'; tier: Tier }
  /** Not available: 'pending' (a payment still settling) or 'notOwned'. */
  | { kind: 'none'; reason: 'pending' | 'notOwned' };


/** The course a plan includes: the Master Alchemist Course. */
function isMasterCourse(product: Pick<Product, 'productType' | 'name'>): boolean {
  return product.productType === 'course' && product.name.includes('Master Alchemist');
}

/** Whether a chargeback holds back (open) or ended (lost) what a purchase or a subscription bought. */
function disputed(row: { dispute_status?: string | null }): boolean {
  return row.dispute_status === 'open' || row.dispute_status === 'lost';
}

/** A purchase that grants access now: paid, not refunded, not held back by a chargeback. */
function grants(purchase: PurchaseLike): boolean {
  return purchase.status === 'paid' && !purchase.refunded_at && !disputed(purchase);
}

/** The paid purchase of this price, earliest first, or undefined. */
function paidPurchase(purchases: readonly PurchaseLike[], priceId: string): PurchaseLike | undefined {
  return purchases
    .filter((p) => p.price_id === priceId && grants(p))
    .sort((a, b) => a.purchased_at.localeCompare(b.purchased_at))[0];
}

/**
 * The member's Founding Membership purchase, when paid: a purchase of a price the catalogue
 * sells as the Founding Membership (a membership sold once), whatever the row's product_type.
 */
function foundingPurchase(purchases: readonly PurchaseLike[], catalogue: readonly AccessProduct[]): PurchaseLike | undefined {
  const founding = new Set(catalogue.filter(isFoundingProduct).map((p) => p.priceId));
  return purchases.filter((p) => founding.has(p.price_id) && grants(p)).sort((a, b) => a.purchased_at.localeCompare(b.purchased_at))[0];
}

export interface Standing {
  /** The tier that decides access: the subscription's, Alchemist for a Founding Member. */
  tier: Tier;
  /** The tier the subscription alone gives. */
  subscribedTier: Tier;
  founding: boolean;
  /** What the navigation and the dashboard show: the tier, or "Founding Member". */
  badge: Badge;
}

export type Badge = Tier | 'Founding Member';

const RANK: Record<Tier, number> = { Explorer: 0, Adventurer: 1, Alchemist: 2 };

export function standing(inputs: Pick<AccessInputs, 'subscription' | 'purchases' | 'catalogue'>): Standing {
  const subscribedTier = effectiveTier(inputs.subscription, inputs.catalogue);
  const founding = foundingPurchase(inputs.purchases, inputs.catalogue) !== undefined;
  const tier: Tier = founding ? 'Alchemist' : subscribedTier;
  return { tier, subscribedTier, founding, badge: founding ? 'Founding Member' : tier };
}

/** What the member has of `product`, and why. `now` is part of the inputs for tests and callers. */
export function access(product: AccessProduct, inputs: AccessInputs): Access {
  const { purchases } = inputs;
  const { tier, subscribedTier, founding } = standing(inputs);
  const own = paidPurchase(purchases, product.priceId);
  if (own) return { kind: 'owned', reason: 'purchased', since: own.purchased_at };
  const pending = purchases.some((p) => p.price_id === product.priceId && p.status === 'pending');

  if (product.productType === 'membership') {
    if (isFoundingProduct(product)) return { kind: 'none', reason: pending ? 'pending' : 'notOwned' };
    const planTier = tierOfName(product.name);
    if (planTier === 'Explorer') return { kind: 'included', reason: 'free', tier };
    const subscribed = inputs.subscription?.price_id === product.priceId && subscribedTier === planTier;
    if (subscribed) return { kind: 'included', reason: 'subscribed', tier };
    if (RANK[tier] > RANK[planTier]) return { kind: 'included', reason: 'higherPlan', tier };
    if (founding) return { kind: 'included', reason: 'higherPlan', tier };
    return { kind: 'none', reason: 'notOwned' };
  }

  if (founding) return { kind: 'owned', reason: 'founding', since: foundingPurchase(purchases, inputs.catalogue)!.purchased_at };
  if (product.productType === 'app' && (tier === 'Adventurer' || tier === 'Alchemist')) return { kind: 'included', reason: 'plan', tier };
  if (isMasterCourse(product) && tier === 'Alchemist') return { kind: 'included', reason: 'plan', tier };
  return { kind: 'none', reason: pending ? 'pending' : 'notOwned' };
}

/** Whether the member can open the product now (owned or included). */
export function hasAccess(a: Access): boolean {
  return a.kind !== 'none';
}

/**
 * What a member without access to a product's paid content reads: how to get it. The content
 * gate answers it with its 403, and the course player says it without asking the gate when this
 * model already refuses.
 */
export function howToGetIt(product: Pick<AccessProduct, 'productType' | 'name'>, reason: 'pending' | 'notOwned'): string {
  if (reason === 'pending') return `Your payment for the ${product.name} is still being processed. It opens here as soon as it settles.`;
  if (product.productType === 'course') {
    return `This lesson is part of the ${product.name}. Buy the course for lifetime access, or join the Alchemist plan, which includes it.`;
  }
  return `This is part of ${product.name}. Buy the app for lifetime access, or join the Adventurer or Alchemist plan, which include every app.`;
}
