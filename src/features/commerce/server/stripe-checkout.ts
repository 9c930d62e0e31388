/**
 * POST /api/stripe-checkout with `Authorization: Bearer <Firebase ID token>` and the JSON body
 * { price_id, success_url, cancel_url, mode }. Answers { url } of a Stripe Checkout session,
 * or { error } with 400 (malformed or invalid body), 401 (no or bad token), 403 (sent from
 * another site), 405, 409 (the member already has this membership), 413, 502 (Stripe or the
 * database failed) or 503 (not configured).
 *
 * The price must be one of the live catalogue's (named by its lookup key, else its Stripe id)
 * and the mode its own; both addresses must be on this site and the success address must carry
 * {CHECKOUT_SESSION_ID}. The member's Stripe customer is found (stripe_customers, then Stripe
 * by metadata) or created, and kept in stripe_customers; the session names the member in
 * client_reference_id. A subscription to the plan the member already holds (active, trialing
 * or past due in stripe_subscriptions) is refused, so nobody is billed twice for the same
 * membership; so is an app, course or Founding Membership the member owns, has in their plan,
 * or is still paying for (purchases; src/core/access/access.ts).
 */
import type Stripe from 'stripe';
import { bearerToken, HttpError, json, readJson, requireMethod } from '../../../../netlify/functions/_shared/http';
import { verifyIdToken } from '../../../../netlify/functions/_shared/auth';
import { limitMember } from '../../../../netlify/functions/_shared/member-limit';
import { describeDbError, supabaseAdmin } from '../../../../netlify/functions/_shared/supabase';
import { endpoint, Upstream, upstreamFailure } from '../../../../netlify/functions/_shared/log';
import { describeStripeError, stripe } from '../../../../netlify/functions/_shared/stripe';
import { BUILT_IN_CATALOGUE, livePrices } from './catalogue';
import { requireSameSite, siteOrigins } from '../../../../netlify/functions/_shared/origin';
import { checkAgainstCatalogue, parseCheckoutRequest } from '../checkout';
import { findProduct } from '../catalogue';
import { ENTITLING_STATUSES } from '../../../core/access/tiers';
import { checkoutRefusal } from '../checkout-refusal';
import { MemberAccessError, readMemberAccess } from './member-access';
import type { Product } from '../../../core/access/product';

const NAME = 'stripe-checkout';
const STRIPE_DOWN = 'The payment provider could not be reached. Please try again.';
const DATABASE_DOWN = 'Your account could not be prepared for checkout. Please try again.';
export const ALREADY_SUBSCRIBED = 'You already have this membership. You can see it on your dashboard.';

/** The member's Stripe customer id: stored, found at Stripe by metadata, or newly created. */
async function customerFor(client: Stripe, memberId: string, email: string | undefined): Promise<string> {
  const db = supabaseAdmin();
  const stored = await db.from('stripe_customers').select('customer_id').eq('user_id', memberId).maybeSingle<{ customer_id: string }>();
  if (stored.error) throw new Upstream(DATABASE_DOWN, describeDbError('stripe_customers select', stored.error));
  if (stored.data?.customer_id) return stored.data.customer_id;

  let customerId: string;
  try {
    const found = await client.customers.search({ query: `metadata['firebase_uid']:'${memberId.replace(/'/g, "\\'")}'`, limit: 1 });
    customerId =
      found.data[0]?.id ??
      (
        await client.customers.create(
          { ...(email ? { email } : {}), metadata: { firebase_uid: memberId } },
          { idempotencyKey: `customer-for-${memberId}` },
        )
      ).id;
  } catch (error) {
    throw new Upstream(STRIPE_DOWN, `customer: ${describeStripeError(error)}`);
  }

  const saved = await db.from('stripe_customers').upsert({ user_id: memberId, customer_id: customerId }, { onConflict: 'user_id' });
  if (saved.error) throw new Upstream(DATABASE_DOWN, describeDbError('stripe_customers upsert', saved.error));
  return customerId;
}

/**
 * 409 when the member already has what they are buying: a subscription to the plan they hold
 * (active, trialing or past due), or an app, course or Founding Membership they own, their
 * plan includes, or whose payment is still settling (src/core/access/access.ts decides).
 */
async function refuseWhatTheyHave(memberId: string, customerId: string, product: Product): Promise<void> {
  let rows;
  try {
    rows = await readMemberAccess(supabaseAdmin(), memberId, customerId);
  } catch (error) {
    if (error instanceof MemberAccessError) throw new Upstream(DATABASE_DOWN, error.detail);
    throw error;
  }
  const current = rows.subscription;
  if (product.mode === 'subscription') {
    if (current?.price_id === product.priceId && ENTITLING_STATUSES.includes(current.subscription_status)) throw new HttpError(409, ALREADY_SUBSCRIBED);
    return;
  }
  // What the member's purchases and plan are, is the built-in catalogue's word (by price id).
  const refusal = checkoutRefusal(product, { subscription: current, purchases: rows.purchases, catalogue: BUILT_IN_CATALOGUE, now: new Date() });
  if (refusal) throw new HttpError(409, refusal);
}

export default endpoint(NAME, async (req) => {
  requireMethod(req, 'POST');
  requireSameSite(req);
  const token = bearerToken(req);
  const body = await readJson(req);
  const parsed = parseCheckoutRequest(body, siteOrigins(req));
  if (!parsed.ok) throw new HttpError(400, parsed.error);
  const request = parsed.value;

  const user = await verifyIdToken(token);
  const client = stripe();
  // 503 before any call when the database is not configured; then the member's own rate.
  await limitMember(supabaseAdmin(), user.uid, NAME, { most: 30, windowSeconds: 600 });

  try {
    let live;
    try {
      live = await livePrices(client);
    } catch (error) {
      throw new Upstream(STRIPE_DOWN, `prices: ${describeStripeError(error)}`);
    }
    const mismatch = checkAgainstCatalogue(request, live);
    if (mismatch) throw new HttpError(400, mismatch);
    // The catalogue id may be a lookup key; Stripe's line items take the price's own id.
    const { stripePriceId } = findProduct(live, request.price_id)!;

    const customer = await customerFor(client, user.uid, user.email);
    await refuseWhatTheyHave(user.uid, customer, findProduct(live, request.price_id)!);

    let session: Stripe.Checkout.Session;
    try {
      session = await client.checkout.sessions.create({
        mode: request.mode,
        line_items: [{ price: stripePriceId, quantity: 1 }],
        customer,
        client_reference_id: user.uid,
        success_url: request.success_url,
        cancel_url: request.cancel_url,
        metadata: { firebase_uid: user.uid },
        ...(request.mode === 'subscription' ? { subscription_data: { metadata: { firebase_uid: user.uid } } } : {}),
      });
    } catch (error) {
      throw new Upstream(STRIPE_DOWN, `checkout session: ${describeStripeError(error)}`);
    }
    if (!session.url) throw new Upstream(STRIPE_DOWN, `checkout session ${session.id} has no url`);
    return json({ url: session.url });
  } catch (error) {
    if (error instanceof Upstream) return upstreamFailure(NAME, 502, error.publicMessage, error.detail);
    throw error;
  }
});
