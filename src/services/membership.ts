/**
 * The signed-in member's subscription as the products page reads it: stripe_customers by
 * user_id, then stripe_subscriptions by customer_id (row-level security lets members read
 * only their own rows). No row is "no subscription", not an error.
 */
import type { SubscriptionLike } from '../lib/tiers';
import { getSupabase } from './supabase';

export type MemberSubscription = Required<SubscriptionLike>;

/** The member's subscription, or null when they have none. Throws with the badge's messages. */
export async function readMemberSubscription(userId: string): Promise<MemberSubscription | null> {
  const db = await getSupabase();
  if (!db) return null;
  const customer = await db.from('stripe_customers').select('customer_id').eq('user_id', userId).maybeSingle<{ customer_id: string }>();
  if (customer.error && customer.error.code !== 'PGRST116') throw new Error('Failed to fetch customer data');
  if (!customer.data?.customer_id) return null;
  const subscription = await db
    .from('stripe_subscriptions')
    .select('price_id, subscription_status')
    .eq('customer_id', customer.data.customer_id)
    .maybeSingle<MemberSubscription>();
  if (subscription.error && subscription.error.code !== 'PGRST116') throw new Error('Failed to fetch subscription data');
  return subscription.data ?? null;
}
