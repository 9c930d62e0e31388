/**
 * The member's effective tier on the products page, from their subscription and the catalogue:
 * no subscription or no price, or a price that is not in the
 * catalogue: Explorer; a product whose name contains "Alchemist": Alchemist; "Adventurer":
 * Adventurer.
 *
 * And a subscription that no longer pays for anything (canceled,
 * unpaid, incomplete, expired, paused) gives Explorer too, as a member would expect. Active,
 * trialing and past-due subscriptions (the provider still grants access while it retries a
 * payment) keep their tier, unless one of its payments is disputed with the bank (open or lost).
 */
import type { Product } from './product';

/**
 * The three tiers, lowest first: the one list the content schemas (tiers.json, programs.json),
 * the database types (profiles.membership_tier) and the access model use.
 */
export const TIERS = ['Explorer', 'Adventurer', 'Alchemist'] as const;
export type Tier = (typeof TIERS)[number];

/** The fields of a stripe_subscriptions row the tier depends on. */
export interface SubscriptionLike {
  price_id: string | null;
  /** Absent when unknown; then only the price decides. */
  subscription_status?: string | null;
  /** A chargeback of one of its payments: open or lost gives Explorer until it is won. */
  dispute_status?: string | null;
}

/** Statuses under which a subscription still grants its tier. */
export const ENTITLING_STATUSES: readonly string[] = ['active', 'trialing', 'past_due'];

/** The tier a product name stands for: Alchemist before Adventurer, otherwise Explorer. */
export function tierOfName(name: string): Tier {
  if (name.includes('Alchemist')) return 'Alchemist';
  if (name.includes('Adventurer')) return 'Adventurer';
  return 'Explorer';
}

export function effectiveTier(
  subscription: SubscriptionLike | null | undefined,
  catalogue: readonly Pick<Product, 'priceId' | 'name'>[],
): Tier {
  if (!subscription?.price_id) return 'Explorer';
  const status = subscription.subscription_status;
  if (status !== undefined && status !== null && !ENTITLING_STATUSES.includes(status)) return 'Explorer';
  if (subscription.dispute_status === 'open' || subscription.dispute_status === 'lost') return 'Explorer';
  const product = catalogue.find((p) => p.priceId === subscription.price_id);
  return product ? tierOfName(product.name) : 'Explorer';
}
