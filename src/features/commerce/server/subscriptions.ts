/**
 * Keeping stripe_subscriptions in step with Stripe, for the webhook. It re-reads the subscription
 * from Stripe and writes every column of the row, keyed on the customer, so a repeated or late
 * delivery writes the same, current state. The browser reads that row as the member (row-level
 * security): the dashboard's Subscription Details show its plan, status, period and card, and
 * the member's badge (navigation and dashboard) is worked out from it and their purchases
 * (`standing` in src/core/access/access.ts), never from the profile.
 */
import type Stripe from 'stripe';
import { ENTITLING_STATUSES, tierOfName, type Tier } from '../../../core/access/tiers';
import { catalogueEntryOf, catalogueId } from '../catalogue';
import { BUILT_IN_CATALOGUE } from './catalogue';
import { PLAN_INTERVALS, type Tables } from '../../../core/db/database.types';

/**
 * A stripe_subscriptions row (database contract): every column the webhook writes. The dispute
 * columns are the database's own (kept from the disputes table, 20261201120000_disputes.sql).
 */
export type SubscriptionRow = Omit<Tables<'stripe_subscriptions'>, 'dispute_status' | 'dispute_since'>;

/** Statuses after which a subscription never grants access again. */
export const ENDED_STATUSES: readonly string[] = ['canceled', 'incomplete_expired'];

/** The fields read from a subscription; older API versions keep the period at the top level. */
export interface SubscriptionLike {
  id: string;
  customer: string | { id: string };
  /** Stripe's status: one of those the table allows. */
  status: SubscriptionRow['subscription_status'];
  cancel_at_period_end: boolean;
  /** When Stripe created it (epoch seconds): a newer live subscription is never replaced by an older one. */
  created?: number | null;
  /** When Stripe ended it (epoch seconds), null while it runs. */
  ended_at?: number | null;
  current_period_start?: number | null;
  current_period_end?: number | null;
  items: {
    data: {
      /** The price; its product is an object with a name when `items.data.price.product` is expanded. */
      price: {
        id: string;
        lookup_key?: string | null;
        product?: string | { id: string; name?: string; deleted?: boolean } | null;
        /** What Stripe bills each interval, in the currency's smallest unit (the owner's numbers). */
        unit_amount?: number | null;
        currency?: string | null;
        recurring?: { interval: string; interval_count?: number | null } | null;
      };
      quantity?: number | null;
      current_period_start?: number | null;
      current_period_end?: number | null;
    }[];
  };
  default_payment_method?: string | null | { type?: string; card?: { brand?: string | null; last4?: string | null } | null };
}

const idOf = (v: string | { id: string }) => (typeof v === 'string' ? v : v.id);

export function subscriptionRow(sub: SubscriptionLike, now: Date = new Date()): SubscriptionRow {
  const item = sub.items.data[0];
  const method = typeof sub.default_payment_method === 'object' ? sub.default_payment_method : null;
  return {
    customer_id: idOf(sub.customer),
    subscription_id: sub.id,
    // The catalogue's id for the price (its lookup key when set), as the badge and checkout use.
    price_id: item ? catalogueId(item.price) : null,
    subscription_status: sub.status,
    current_period_start: item?.current_period_start ?? sub.current_period_start ?? null,
    current_period_end: item?.current_period_end ?? sub.current_period_end ?? null,
    cancel_at_period_end: Boolean(sub.cancel_at_period_end),
    payment_method_brand: method?.card?.brand ?? null,
    payment_method_last4: method?.card?.last4 ?? null,
    updated_at: now.toISOString(),
    subscription_created: sub.created ?? null,
    plan_tier: planTier(sub),
    ended_at: sub.ended_at ?? null,
    ...planPrice(item),
  };
}

const INTERVALS = PLAN_INTERVALS;

/**
 * The price as Stripe bills it, for the owner's MRR (supabase/migrations/20261207000100_owner_numbers.sql):
 * the amount each interval (unit amount times quantity) and its currency, interval and count;
 * nulls when Stripe's item says nothing usable.
 */
export function planPrice(item: SubscriptionLike['items']['data'][number] | undefined): Pick<SubscriptionRow, 'plan_amount' | 'plan_currency' | 'plan_interval' | 'plan_interval_count'> {
  const price = item?.price;
  const interval = INTERVALS.find((i) => i === price?.recurring?.interval);
  const amount = typeof price?.unit_amount === 'number' && price.unit_amount >= 0 ? price.unit_amount * (item?.quantity ?? 1) : null;
  if (!price || !interval || amount === null || !/^[a-z]{3}$/.test(price.currency ?? '')) {
    return { plan_amount: null, plan_currency: null, plan_interval: null, plan_interval_count: null };
  }
  return { plan_amount: amount, plan_currency: price.currency!, plan_interval: interval, plan_interval_count: price.recurring?.interval_count ?? 1 };
}

/**
 * The catalogue's plan for a subscription's price (by its lookup key): a membership sold monthly,
 * or null when the catalogue has no such plan for it (the price grants nothing).
 */
export function planOf(sub: SubscriptionLike): { priceId: string; name: string } | null {
  const price = sub.items.data[0]?.price;
  if (!price) return null;
  const entry = catalogueEntryOf(price, BUILT_IN_CATALOGUE);
  return entry && entry.productType === 'membership' && entry.mode === 'subscription' ? entry : null;
}

/** The tier the subscription's plan gives while it entitles: the catalogue's plan's, Explorer for a price it has no plan for. */
export function planTier(sub: SubscriptionLike): Tier {
  const plan = planOf(sub);
  return plan ? tierOfName(plan.name) : 'Explorer';
}

/**
 * The membership tier a subscription gives its member (the profile's membership_tier, which the
 * site owner reads): the tier of the catalogue's plan for its price ("Alchemist" before
 * "Adventurer" in the plan's name) while the subscription is active, trialing or past due;
 * Explorer once it has ended, or when the catalogue has no plan for its price. Never from the
 * Stripe product's name or metadata.
 */
export function tierOfSubscription(sub: SubscriptionLike): Tier {
  return ENTITLING_STATUSES.includes(sub.status) ? planTier(sub) : 'Explorer';
}

/** The subscription as Stripe has it now, with its payment method expanded (each item carries its price). */
export async function fetchSubscription(client: Stripe, id: string): Promise<SubscriptionLike> {
  const sub = await client.subscriptions.retrieve(id, { expand: ['default_payment_method'] });
  return sub as unknown as SubscriptionLike;
}

/**
 * Whether writing `next` would replace a live subscription of the same customer with an ended
 * one: a late "deleted" event of an old subscription after the member started a new one.
 */
export function isStaleEnd(existing: Pick<SubscriptionRow, 'subscription_id' | 'subscription_status'> | null, next: SubscriptionRow): boolean {
  if (!existing?.subscription_id || existing.subscription_id === next.subscription_id) return false;
  return ENDED_STATUSES.includes(next.subscription_status) && !ENDED_STATUSES.includes(existing.subscription_status);
}
