/**
 * The reads that feed the access model (src/core/access/access.ts) on the server: the member's
 * subscription (stripe_customers -> stripe_subscriptions) and their purchases, with the service
 * role. Shared by checkout (what a member already has) and the content gate (what a member may
 * read), so both decide from the same rows, read at the request: a refund or an ended
 * subscription written by the webhook a second ago counts at the next request.
 *
 * Every filter is the verified token's uid (or the customer id read for it), never anything the
 * caller sent.
 */
import type { supabaseAdmin } from '../../../../netlify/functions/_shared/supabase';
import type { PurchaseLike } from '../../../core/access/access';

/** A failed read; `detail` is for the log only (table and the database's code and message). */
export class MemberAccessError extends Error {
  constructor(readonly detail: string) {
    super(detail);
  }
}

export interface MemberAccessRows {
  subscription: { price_id: string | null; subscription_status: string; dispute_status: string | null } | null;
  purchases: PurchaseLike[];
}

/** The service-role client (whatever supabase.ts builds it from). */
type Db = ReturnType<typeof supabaseAdmin>;

type DbError = { code?: string | null; message: string } | null;
const fail = (what: string, error: NonNullable<DbError>) => new MemberAccessError(`${what}: ${error.code ?? ''} ${error.message}`);

/** The member's Stripe customer id, or null when they have none. */
export async function customerIdOf(db: Db, memberId: string): Promise<string | null> {
  const { data, error } = await db.from('stripe_customers').select('customer_id').eq('user_id', memberId).maybeSingle<{ customer_id: string }>();
  if (error) throw fail('stripe_customers select', error);
  return data?.customer_id ?? null;
}

/**
 * The member's subscription and purchases. `customerId` when the caller already has it
 * (checkout), else it is read. Throws MemberAccessError when the database fails.
 */
export async function readMemberAccess(db: Db, memberId: string, customerId?: string | null): Promise<MemberAccessRows> {
  const subscriptionOf = async (customer: string | null): Promise<MemberAccessRows['subscription']> => {
    if (!customer) return null;
    const { data, error } = await db
      .from('stripe_subscriptions')
      .select('price_id, subscription_status, dispute_status')
      .eq('customer_id', customer)
      .maybeSingle<{ price_id: string | null; subscription_status: string; dispute_status: string | null }>();
    if (error) throw fail('stripe_subscriptions select', error);
    return data;
  };
  const readPurchases = async (): Promise<PurchaseLike[]> => {
    const { data, error } = await db.from('purchases').select('price_id, product_type, status, purchased_at, refunded_at, dispute_status').eq('user_id', memberId);
    if (error) throw fail('purchases select', error);
    return (data ?? []) as PurchaseLike[];
  };
  // The purchases and the customer-then-subscription chain at the same time.
  const [subscription, purchases] = await Promise.all([
    (customerId === undefined ? customerIdOf(db, memberId) : Promise.resolve(customerId)).then(subscriptionOf),
    readPurchases(),
  ]);
  return { subscription, purchases };
}
