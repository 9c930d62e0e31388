/**
 * POST /api/stripe-webhook from Stripe. The signature is verified on the raw body (400 when
 * missing or wrong). On checkout.session.completed the member's customer is recorded in
 * stripe_customers (from client_reference_id) and, for a subscription, the subscription is
 * synced; on customer.subscription.created, .updated and .deleted the subscription is synced:
 * re-read from Stripe and upserted into stripe_subscriptions on customer_id with every field
 * of the contract, and the member's profiles.membership_tier set from the row stored to the tier
 * it gives (the product's tier while it is active, trialing or past due; Explorer once it has
 * ended).
 * A completed subscription checkout also cancels the member's other live subscriptions (an
 * upgrade replaces the plan; unused time is prorated). Repeated or out-of-order deliveries
 * converge on Stripe's current state.
 * One-time purchases (payment mode) are recorded in purchases, keyed on the Checkout Session
 * id, from checkout.session.completed, .async_payment_succeeded and .async_payment_failed, and
 * marked refunded on charge.refunded (a full refund); each re-reads the session or charge from
 * Stripe and a purchase's status only moves forward (see _shared/purchases.ts).
 * Deliveries race (at the same time, any order, retried): the database settles each write in
 * its one statement (docs/decisions/webhook-ordering.md).
 * An event about a customer we no longer know (its stripe_customers row is gone because the
 * member deleted their account, or it was never ours) is acknowledged with 200 and one log line
 * (event type and id only), and writes nothing: the database refuses the subscription row on its
 * foreign key to stripe_customers (23503 on stripe_subscriptions_customer_id_fkey), and that
 * answer, not a read before the write, decides. A late refund or checkout event of a deleted
 * member's purchase updates the anonymised row, whose 'deleted:' id the database keeps
 * (20261125009000_purchases_stay_anonymised.sql).
 * After each write, the member's email about it is queued and sent (a purchase confirmation, the
 * note that access has ended after a refund, a lost dispute or an ended membership), decided from what was
 * stored (netlify/functions/_shared/email/stripe-events.ts) and sent once whatever the deliveries.
 * What a price is (a plan, an app, the course, the Founding Membership) is the site's catalogue's
 * entry for its lookup key, never the Stripe product's metadata or name: a purchase of a price the
 * catalogue does not sell once records nothing, and a subscription to a price it has no plan for
 * gives Explorer, each with one log line (_shared/purchases.ts, _shared/subscriptions.ts).
 * A chargeback (charge.dispute.created, .updated, .closed) is re-read from Stripe and recorded
 * against what its charge bought, a purchase or a membership (_shared/disputes.ts): while it is
 * open, and once it is lost, that grants nothing; won gives it back; a lost membership is also
 * cancelled at Stripe. The database keeps the dispute's status moving forward and marks the row
 * (20261201120000_disputes.sql).
 * A checkout event of a member who deleted their account (its tombstone, _shared/deleted-members.ts)
 * is acknowledged without writing anything personal: no customer row, the purchase kept without
 * the uid, and a subscription paid through a page left open through the deletion cancelled.
 * Other events are acknowledged and ignored. 503 when Stripe, its webhook secret or the
 * database is not configured; 502 when Stripe or the database fails otherwise (Stripe then
 * retries). There is no platform rate limit (see `config`).
 */
import type { Config } from '@netlify/functions';
import type Stripe from 'stripe';
import { HttpError, json, readText, requireMethod } from './_shared/http';
import { describeDbError, supabaseAdmin } from './_shared/supabase';
import { endpoint, Upstream, upstreamFailure } from './_shared/log';
import { describeStripeError, stripe } from './_shared/stripe';
import { fetchSubscription, isStaleEnd, planOf, subscriptionRow, tierOfSubscription, type SubscriptionLike, type SubscriptionRow } from './_shared/subscriptions';
import { PurchaseError, recordPurchase, refundPurchase, type PurchaseOutcome } from './_shared/purchases';
import { DisputeError, recordDispute } from './_shared/disputes';
import { isDeletedMember, TombstoneError } from './_shared/deleted-members';
import { emailsAfterEvent } from './_shared/email/stripe-events';
import { ENTITLING_STATUSES, type Tier } from '../../src/core/access/tiers';

const NAME = 'stripe-webhook';
/** Stripe events are a few kilobytes; a generous limit that still refuses floods. */
const MAX_EVENT_BYTES = 512 * 1024;
const FAILED = 'The event could not be processed.';
/** Statuses after which a subscription never charges again. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

/** The foreign key that refuses a subscription row whose customer is not in stripe_customers. */
const CUSTOMER_FOREIGN_KEY = 'stripe_subscriptions_customer_id_fkey';

/**
 * Whether the database refused the row because its customer is unknown: Postgres' foreign key
 * violation (23503, PostgREST's 409) on that constraint, which Postgres names in the message.
 */
function isUnknownCustomer(error: { code?: string; message: string }): boolean {
  return error.code === '23503' && error.message.includes(`"${CUSTOMER_FOREIGN_KEY}"`);
}

type SyncOutcome = { subscription: 'written' | 'kept'; tier?: Tier | null } | { subscription: 'ignored'; reason: 'unknown customer' };

const idOf = (v: string | { id: string } | null | undefined) => (v == null ? null : typeof v === 'string' ? v : v.id);

async function rememberCustomer(userId: string, customerId: string): Promise<void> {
  const { error } = await supabaseAdmin().from('stripe_customers').upsert({ user_id: userId, customer_id: customerId }, { onConflict: 'user_id' });
  if (error) throw new Upstream(FAILED, describeDbError('stripe_customers upsert', error));
}

/**
 * Sets the membership tier of the member who owns `customerId` (found in stripe_customers);
 * nothing when no member owns it yet. Returns the tier written, or null.
 */
async function updateTier(customerId: string, tier: Tier): Promise<Tier | null> {
  const db = supabaseAdmin();
  const owner = await db.from('stripe_customers').select('user_id').eq('customer_id', customerId).maybeSingle<{ user_id: string }>();
  if (owner.error) throw new Upstream(FAILED, describeDbError('stripe_customers select', owner.error));
  if (!owner.data) return null;
  const { error } = await db.from('profiles').update({ membership_tier: tier }).eq('id', owner.data.user_id);
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
async function syncSubscription(client: Stripe, subscriptionId: string): Promise<SyncOutcome> {
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
async function cancelReplaced(client: Stripe, customerId: string, keep: string): Promise<string[]> {
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
async function fromDeletedMember(session: Stripe.Checkout.Session): Promise<boolean> {
  const uid = session.client_reference_id ?? session.metadata?.firebase_uid ?? null;
  if (!uid) return false;
  try {
    return await isDeletedMember(supabaseAdmin(), uid);
  } catch (error) {
    if (error instanceof TombstoneError) throw new Upstream(FAILED, error.message);
    throw error;
  }
}

/**
 * A subscription started by a deleted member (a payment page left open through the deletion):
 * nobody can cancel it from the site any more, so it ends now. True when this call ended it.
 */
async function endSubscriptionOfDeletedMember(client: Stripe, subscriptionId: string): Promise<boolean> {
  return endSubscription(client, subscriptionId, 'the subscription of a deleted member');
}

/**
 * A membership whose payment the buyer disputed and lost ends at Stripe as well, so nobody is
 * charged again for it: cancelled at once (no proration, no refund: the bank returned the
 * payment). Stripe then sends customer.subscription.deleted. True when this call ended it.
 */
async function endDisputedSubscription(client: Stripe, subscriptionId: string): Promise<boolean> {
  return endSubscription(client, subscriptionId, 'the disputed subscription');
}

/** Cancels a subscription at once unless it has ended; true when this call ended it. */
async function endSubscription(client: Stripe, subscriptionId: string, what: string): Promise<boolean> {
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
function notePurchase(event: Stripe.Event, outcome: PurchaseOutcome): PurchaseOutcome {
  if (outcome.purchase === 'ignored' && outcome.unknownPrice) {
    console.warn(`[${NAME}] ${event.type} ${event.id}: price ${outcome.unknownPrice} is not sold once in the site's catalogue: nothing recorded, nothing granted`);
  }
  return outcome;
}

/**
 * The one log line for an event acknowledged without a write because its customer is unknown:
 * the event's type and id (enough to find it in Stripe's dashboard), nothing about the person.
 */
function noteUnknownCustomer(event: Stripe.Event, synced: SyncOutcome): SyncOutcome {
  if (synced.subscription === 'ignored') {
    console.warn(`[${NAME}] ${event.type} ${event.id} acknowledged without a write: its customer is not in stripe_customers (a deleted account)`);
  }
  return synced;
}

/**
 * Writes what `event` says, as Stripe has it now; the webhook's answer (without `received`).
 * Throws Upstream or PurchaseError when Stripe or the database fails.
 */
async function record(client: Stripe, event: Stripe.Event): Promise<Record<string, unknown>> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const customerId = idOf(session.customer);
      if (await fromDeletedMember(session)) {
        // A late or retried event, or a payment page left open through the deletion: nothing
        // personal is written, and a subscription nobody could cancel from the site is ended.
        const subscriptionId = session.mode === 'subscription' ? idOf(session.subscription) : null;
        const canceled = subscriptionId ? await endSubscriptionOfDeletedMember(client, subscriptionId) : false;
        const purchase = session.mode === 'payment' ? await recordPurchase(client, supabaseAdmin(), session.id, 'completed') : null;
        console.warn(`[${NAME}] ${event.type} ${event.id}: its member deleted their account: acknowledged, nothing personal written${canceled ? ', the subscription cancelled' : ''}`);
        return { deletedMember: true, ...(canceled ? { canceled: true } : {}), ...(purchase ?? {}) };
      }
      if (session.client_reference_id && customerId) await rememberCustomer(session.client_reference_id, customerId);
      const subscriptionId = idOf(session.subscription);
      if (session.mode === 'subscription' && subscriptionId) {
        const synced = noteUnknownCustomer(event, await syncSubscription(client, subscriptionId));
        const replaced = customerId ? await cancelReplaced(client, customerId, subscriptionId) : [];
        return { ...synced, ...(replaced.length ? { replaced } : {}) };
      }
      if (session.mode === 'payment') return { ...notePurchase(event, await recordPurchase(client, supabaseAdmin(), session.id, 'completed')) };
      return {};
    }
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed': {
      const outcome = event.type === 'checkout.session.async_payment_succeeded' ? 'succeeded' : 'failed';
      return { ...notePurchase(event, await recordPurchase(client, supabaseAdmin(), event.data.object.id, outcome)) };
    }
    case 'charge.refunded':
      return { ...notePurchase(event, await refundPurchase(client, supabaseAdmin(), event.data.object.id, new Date(event.created * 1000))) };
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed': {
      const outcome = await recordDispute(client, supabaseAdmin(), event.data.object.id, new Date(event.created * 1000));
      if (outcome.dispute !== 'recorded' || !('membership' in outcome)) return { ...outcome };
      // A membership: lost ends it at Stripe too; the tier follows the stored row either way.
      const canceled = outcome.status === 'lost' && (await endDisputedSubscription(client, outcome.membership));
      const synced = noteUnknownCustomer(event, await syncSubscription(client, outcome.membership));
      return { ...outcome, ...synced, ...(canceled ? { canceled: true } : {}) };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { ...noteUnknownCustomer(event, await syncSubscription(client, event.data.object.id)) };
    default:
      return { ignored: event.type };
  }
}

export default endpoint(NAME, async (req) => {
  requireMethod(req, 'POST');
  const secret = process.env.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new HttpError(503, 'Payments are not configured on the server.');
  const client = stripe();
  supabaseAdmin();

  const signature = req.headers.get('stripe-signature');
  if (!signature) throw new HttpError(400, 'Missing Stripe-Signature header.');
  const payload = await readText(req, MAX_EVENT_BYTES);
  let event: Stripe.Event;
  try {
    event = await client.webhooks.constructEventAsync(payload, signature, secret);
  } catch {
    throw new HttpError(400, 'The webhook signature or payload is invalid.');
  }

  try {
    const answer = await record(client, event);
    // The member's email about what was just stored (_shared/email/stripe-events.ts): recorded
    // in the outbox before it is sent, so a repeated event sends nothing new.
    // Nothing for a member who deleted their account: there is no one to write to.
    if (!answer['deletedMember']) await emailsAfterEvent(supabaseAdmin(), event);
    return json({ received: true, ...answer });
  } catch (error) {
    if (error instanceof Upstream) return upstreamFailure(NAME, 502, error.publicMessage, `${event.type} ${event.id}: ${error.detail}`);
    if (error instanceof PurchaseError || error instanceof DisputeError) return upstreamFailure(NAME, 502, FAILED, `${event.type} ${event.id}: ${error.message}`);
    throw error;
  }
});

/**
 * No platform rate limit: Stripe sends from a few addresses, in bursts (a plan switch is several
 * events at once; a day of retries after an outage is many), so a limit by address answered its
 * deliveries with 429 and held refunds and cancellations back, and a limit for the whole site
 * would let anyone use it up. Every request is refused before any work unless Stripe signed it
 * (an HMAC of at most 512 KiB), and Stripe retries what fails on its own.
 */
export const config: Config = {
  path: '/api/stripe-webhook',
};
