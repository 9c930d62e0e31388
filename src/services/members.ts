/**
 * A member's rows in the database, read and written through the browser's Supabase client
 * (row-level security limits every call to the signed-in member's own rows). Each function
 * answers `{ data, error }` and never throws for a database answer; a database that is not
 * configured is reported as an error like any other.
 */
import type { TablesInsert } from '../lib/database.types';
import type { CoachingSession, CoachingSignupWithSession, Profile } from '../lib/members';
import type { SubscriptionRecord } from '../lib/subscription';
import type { PurchaseRecord } from '../lib/purchases';
import { getSupabase } from './supabase';

export interface DbError {
  code: string | null;
  message: string;
}

export interface DbResult<T> {
  data: T | null;
  error: DbError | null;
}

const NOT_CONFIGURED: DbError = { code: null, message: 'The database is not configured' };

const toError = (error: { code?: string | null; message: string } | null): DbError | null =>
  error ? { code: error.code ?? null, message: error.message } : null;

/** profiles: the member's row (PGRST116 when there is none yet). */
export async function fetchProfile(userId: string): Promise<DbResult<Profile>> {
  const db = await getSupabase();
  if (!db) return { data: null, error: NOT_CONFIGURED };
  const { data, error } = await db.from('profiles').select('*').eq('id', userId).single<Profile>();
  return { data, error: toError(error) };
}

/** The member's coaching signups with their session, newest first. */
export async function fetchCoachingSignups(userId: string): Promise<DbResult<CoachingSignupWithSession[]>> {
  const db = await getSupabase();
  if (!db) return { data: null, error: NOT_CONFIGURED };
  const { data, error } = await db
    .from('coaching_session_signups')
    .select('id, name, email, created_at, coaching_sessions(id, date, time)')
    .eq('user_id', userId)
    .order('created_at', { ascending: false });
  return { data: data as CoachingSignupWithSession[] | null, error: toError(error) };
}

/** Active sessions dated `today` ('YYYY-MM-DD') or later, soonest first. */
export async function fetchUpcomingSessions(today: string): Promise<DbResult<CoachingSession[]>> {
  const db = await getSupabase();
  if (!db) return { data: null, error: NOT_CONFIGURED };
  const { data, error } = await db
    .from('coaching_sessions')
    .select('id, date, time, is_active, spots_available, max_spots')
    .eq('is_active', true)
    .gte('date', today)
    .order('date', { ascending: true });
  return { data: data as CoachingSession[] | null, error: toError(error) };
}

/** A signup as the member sends it (the id and time are the database's). */
export type NewCoachingSignup = Pick<TablesInsert<'coaching_session_signups'>, 'user_id' | 'session_id' | 'name' | 'email'>;

export async function insertCoachingSignup(row: NewCoachingSignup): Promise<{ error: DbError | null }> {
  const db = await getSupabase();
  if (!db) return { error: NOT_CONFIGURED };
  const { error } = await db.from('coaching_session_signups').insert(row);
  return { error: toError(error) };
}

/**
 * Deletes one of the member's signups (row-level security: their own, for a session from today
 * on). `deleted` is false when no row matched (already gone, or not theirs to delete).
 */
export async function deleteCoachingSignup(signupId: string): Promise<{ error: DbError | null; deleted: boolean }> {
  const db = await getSupabase();
  if (!db) return { error: NOT_CONFIGURED, deleted: false };
  const { data, error } = await db.from('coaching_session_signups').delete().eq('id', signupId).select('id');
  return { error: toError(error), deleted: Array.isArray(data) && data.length > 0 };
}

/** stripe_customers: the member's Stripe customer id (PGRST116 when there is none). */
export async function fetchCustomerId(userId: string): Promise<DbResult<string>> {
  const db = await getSupabase();
  if (!db) return { data: null, error: NOT_CONFIGURED };
  const { data, error } = await db
    .from('stripe_customers')
    .select('customer_id')
    .eq('user_id', userId)
    .single<{ customer_id: string }>();
  return { data: data?.customer_id ?? null, error: toError(error) };
}

/** stripe_subscriptions: the customer's subscription (PGRST116 when there is none). */
export async function fetchSubscription(customerId: string): Promise<DbResult<SubscriptionRecord>> {
  const db = await getSupabase();
  if (!db) return { data: null, error: NOT_CONFIGURED };
  const { data, error } = await db
    .from('stripe_subscriptions')
    .select(
      'subscription_id, price_id, subscription_status, current_period_start, current_period_end, cancel_at_period_end, payment_method_brand, payment_method_last4',
    )
    .eq('customer_id', customerId)
    .single<SubscriptionRecord>();
  return { data, error: toError(error) };
}

/** purchases: the member's one-time purchases, oldest first (row-level security: their own only). */
export async function fetchPurchases(userId: string): Promise<DbResult<PurchaseRecord[]>> {
  const db = await getSupabase();
  if (!db) return { data: null, error: NOT_CONFIGURED };
  const { data, error } = await db
    .from('purchases')
    .select('price_id, product_type, status, purchased_at, refunded_at, checkout_session_id')
    .eq('user_id', userId)
    .order('purchased_at', { ascending: true });
  return { data: data as PurchaseRecord[] | null, error: toError(error) };
}
