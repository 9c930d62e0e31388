/**
 * What the webhook's handlers share (./events.ts lists them): the subscription as Stripe has it
 * now, written with the tier that follows from the stored row; the member's customer; ending a
 * subscription; and the one log line of an event written without a member or a product.
 */
import type Stripe from 'stripe';
import { describeDbError, supabaseAdmin } from '../../../../../netlify/functions/_shared/supabase';
import { Upstream } from '../../../../../netlify/functions/_shared/log';
import { describeStripeError } from '../../../../../netlify/functions/_shared/stripe';
import { fetchSubscription, isStaleEnd, planOf, subscriptionRow, tierOfSubscription, type SubscriptionLike, type SubscriptionRow } from '../subscriptions';
import type { PurchaseOutcome } from '../purchases';
import { isDeletedMember, TombstoneError } from '../../../../../netlify/functions/_shared/deleted-members';
import { ENTITLING_STATUSES, type Tier } from '../../../../core/access/tiers';

export const NAME = 'stripe-webhook';
/** Stripe events are a few kilobytes; a generous limit that still refuses floods. */
export const MAX_EVENT_BYTES = 512 * 1024;
export const FAILED = 'The event could not be processed.';
/** Statuses after which a subscription never charges again. */
export const ENDED = new Set(['canceled', 'incomplete_expired']);

/** The foreign key that refuses a subscription row whose customer is not in stripe_customers. */
export const CUSTOMER_FOREIGN_KEY = 'stripe_subscriptions_customer_id_fkey';

/**
 * Whether the database refused the row because its customer is unknown: Postgres' foreign key
 * violation (23503, PostgREST's 409) on that constraint, which Postgres names in the message.
 */
export function isUnknownCustomer(error: { code?: string; message: string }): boolean {
  return error.code === '23503' && error.message.includes(`"${CUSTOMER_FOREIGN_KEY}"`);
}

export type SyncOutcome = { subscription: 'written' | 'kept'; tier?: Tier | null } | { subscription: 'ignored'; reason: 'unknown customer' };

export const idOf = (v: string | { id: string } | null | undefined) => (v == null ? null : typeof v === 'string' ? v : v.id);

export async function rememberCustomer(memberId: string, customerId: string): Promise<void> {
  const { error } = await supabaseAdmin().from('stripe_customers').upsert({ user_id: memberId, customer_id: customerId }, { onConflict: 'user_id' });
  if (error) throw new Upstream(FAILED, describeDbError('stripe_customers upsert', error));
}

/**
 * Sets the membership tier of the member who owns `customerId` (found in stripe_customers);
 * nothing when no member owns it yet. Returns the tier written, or null.
 */
export async function updateTier(customerId: string, tier: Tier): Promise<Tier | null> {
  const db = supabaseAdmin();
  const member = await db.from('stripe_customers').select('user_id').eq('customer_id', customerId).maybeSingle<{ user_id: string }>();
  if (member.error) throw new Upstream(FAILED, describeDbError('stripe_customers select', member.error));
  if (!member.data) return null;
  const { error } = await db.from('profiles').update({ membership_tier: tier }).eq('id', member.data.user_id);
  if (error) throw new Upstream(FAILED, describeDbError('profiles update', error));
  return tier;
}

/**
 * Writes the subscription as Stripe has it now and the member's tier that follows from the row
 * actually stored. The database keeps an ended subscription ended and a newer live one in place
 * (20261125000200_webhook_order.sql), whatever the order deliveries write in, so the upsert
 * returns the stored row (return=representation) and the tier is written from it: the product's
 * tier when our write was kept, Explorer when the stored subscription has ended, nothing when
 * another live subscription stays. 'kept' when the row stayed as it was; 'ignored' when the
 * database refused the row because no stripe_customers row has its customer (a deleted account).
 * The read before the write only answers a late end of an older subscription early; the
 * database decides.
 */
export async function syncSubscription(client: Stripe, subscriptionId: string): Promise<SyncOutcome> {
  let sub: SubscriptionLike;
  try {
    sub = await fetchSubscription(client, subscriptionId);
  } catch (error) {
    throw new Upstream(FAILED, `subscription ${subscriptionId}: ${describeStripeError(error)}`);
  }
  const row: SubscriptionRow = subscriptionRow(sub);
  if (!planOf(sub) && ENTITLING_STATUSES.includes(sub.status)) {
    console.warn(`[${NAME}] subscription ${sub.id}: price ${row.price_id ?? '(none)'} is no plan of the site's catalogue: it grants nothing`);
  }
  const db = supabaseAdmin();
  const existing = await db
    .from('stripe_subscriptions')
    .select('subscription_id, subscription_status')
    .eq('customer_id', row.customer_id)
    .maybeSingle<Pick<SubscriptionRow, 'subscription_id' | 'subscription_status'>>();
  if (existing.error) throw new Upstream(FAILED, describeDbError('stripe_subscriptions select', existing.error));
  if (isStaleEnd(existing.data, row)) return { subscription: 'kept' };
  const written = await db
    .from('stripe_subscriptions')
    .upsert(row, { onConflict: 'customer_id' })
    .select('subscription_id, subscription_status');
  if (written.error && isUnknownCustomer(written.error)) return { subscription: 'ignored', reason: 'unknown customer' };
  if (written.error) throw new Upstream(FAILED, describeDbError('stripe_subscriptions upsert', written.error));
  const stored = (written.data as Pick<SubscriptionRow, 'subscription_id' | 'subscription_status'>[] | null)?.[0];
  if (!stored) throw new Upstream(FAILED, 'stripe_subscriptions upsert: no row returned');
  const ours = stored.subscription_id === row.subscription_id && stored.subscription_status === row.subscription_status;
  if (ours) return { subscription: 'written', tier: await updateTier(row.customer_id, tierOfSubscription(sub)) };
  if (ENTITLING_STATUSES.includes(stored.subscription_status)) return { subscription: 'kept' };
  return { subscription: 'kept', tier: await updateTier(row.customer_id, 'Explorer') };
}

/**
 * After a checkout that started a subscription, the member's other live subscriptions are
 * cancelled at once, with the unused time credited (prorated): the new plan replaces the old
 * one (an upgrade from Adventurer to Alchemist), so nobody pays for two memberships. Their
 * "deleted" events then find the new subscription in place and leave it (isStaleEnd).
 * Returns the ids cancelled.
 */
export async function cancelReplaced(client: Stripe, customerId: string, keep: string): Promise<string[]> {
  try {
    const live = await client.subscriptions.list({ customer: customerId, limit: 100 }).autoPagingToArray({ limit: 1000 });
    const replaced = live.filter((s) => s.id !== keep && ENTITLING_STATUSES.includes(s.status)).map((s) => s.id);
    for (const id of replaced) await client.subscriptions.cancel(id, { prorate: true });
    return replaced;
  } catch (error) {
    throw new Upstream(FAILED, `replacing the subscriptions of ${customerId}: ${describeStripeError(error)}`);
  }
}

/** Whether the member a Checkout Session names (client_reference_id, else its metadata) deleted their account. */
export async function fromDeletedMember(session: Stripe.Checkout.Session): Promise<boolean> {
  const memberId = session.client_reference_id ?? session.metadata?.firebase_uid ?? null;
  if (!memberId) return false;
  try {
    return await isDeletedMember(supabaseAdmin(), memberId);
  } catch (error) {
    if (error instanceof TombstoneError) throw new Upstream(FAILED, error.message);
    throw error;
  }
}

/**
 * A subscription started by a deleted member (a payment page left open through the deletion):
 * nobody can cancel it from the site any more, so it ends now. True when this call ended it.
 */
export async function endSubscriptionOfDeletedMember(client: Stripe, subscriptionId: string): Promise<boolean> {
  return endSubscription(client, subscriptionId, 'the subscription of a deleted member');
}

/**
 * A membership whose payment the buyer disputed and lost ends at Stripe as well, so nobody is
 * charged again for it: cancelled at once (no proration, no refund: the bank returned the
 * payment). Stripe then sends customer.subscription.deleted. True when this call ended it.
 */
export async function endDisputedSubscription(client: Stripe, subscriptionId: string): Promise<boolean> {
  return endSubscription(client, subscriptionId, 'the disputed subscription');
}

/** Cancels a subscription at once unless it has ended; true when this call ended it. */
export async function endSubscription(client: Stripe, subscriptionId: string, what: string): Promise<boolean> {
  const ended = async () => ENDED.has((await client.subscriptions.retrieve(subscriptionId)).status);
  try {
    if (await ended()) return false;
    await client.subscriptions.cancel(subscriptionId);
    return true;
  } catch (error) {
    // Another delivery of the same outcome may have cancelled it a moment ago.
    const done = await ended().catch(() => false);
    if (done) return false;
    throw new Upstream(FAILED, `ending ${what} ${subscriptionId}: ${describeStripeError(error)}`);
  }
}

/**
 * The one log line for a purchase of a price the site's catalogue does not sell once: nothing is
 * recorded and nothing granted (the event's type and id and the price, nothing about the person).
 */
export function notePurchase(event: Stripe.Event, outcome: PurchaseOutcome): PurchaseOutcome {
  if (outcome.purchase === 'ignored' && outcome.unknownPrice) {
    console.warn(`[${NAME}] ${event.type} ${event.id}: price ${outcome.unknownPrice} is not sold once in the site's catalogue: nothing recorded, nothing granted`);
  }
  return outcome;
}

/**
 * The one log line for an event acknowledged without a write because its customer is unknown:
 * the event's type and id (enough to find it in Stripe's dashboard), nothing about the person.
 */
export function noteUnknownCustomer(event: Stripe.Event, synced: SyncOutcome): SyncOutcome {
  if (synced.subscription === 'ignored') {
    console.warn(`[${NAME}] ${event.type} ${event.id} acknowledged without a write: its customer is not in stripe_customers (a deleted account)`);
  }
  return synced;
}

