/**
 * GET /api/checkout-summary?session_id=cs_... with `Authorization: Bearer <Firebase ID token>`:
 * what the member bought in that Stripe Checkout, for /success. Answers
 * { reference, items: [{ priceId, name, productType }], recorded } where `recorded` says the
 * webhook has already given the member their access (a paid purchase, or the subscription,
 * in the database); or { error } with 400 (no or malformed id), 401, 404 (no such session, or
 * another member's: the two are not told apart), 405, 502 or 503.
 *
 * Lean on purpose: the _shared helpers, the Stripe SDK and pure src/core and feature rule modules only.
 */
import type Stripe from 'stripe';
import { bearerToken, HttpError, json, requireMethod } from '../../../../netlify/functions/_shared/http';
import { verifyIdToken } from '../../../../netlify/functions/_shared/auth';
import { describeDbError, supabaseAdmin } from '../../../../netlify/functions/_shared/supabase';
import { endpoint, upstreamFailure } from '../../../../netlify/functions/_shared/log';
import { describeStripeError, stripe } from '../../../../netlify/functions/_shared/stripe';
import { catalogueEntryOf, displayName } from '../catalogue';
import { BUILT_IN_CATALOGUE } from './catalogue';
import { isCheckoutSessionId, type PurchasedItem } from '../checkout-summary';

const NAME = 'checkout-summary';
const NOT_FOUND = 'No purchase with this reference was found for your account.';
const FAILED = 'Your purchase could not be looked up. Please try again.';

type ExpandedProduct = { name?: string };

export default endpoint(NAME, async (req) => {
  requireMethod(req, 'GET');
  const token = bearerToken(req);
  const id = new URL(req.url).searchParams.get('session_id')?.trim() ?? '';
  if (!isCheckoutSessionId(id)) throw new HttpError(400, 'session_id must be a Checkout Session id (cs_...).');
  const user = await verifyIdToken(token);
  const client = stripe();
  const db = supabaseAdmin();

  let session: Stripe.Checkout.Session;
  try {
    session = await client.checkout.sessions.retrieve(id, { expand: ['line_items.data.price.product'] });
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) throw new HttpError(404, NOT_FOUND);
    return upstreamFailure(NAME, 502, FAILED, `session ${id}: ${describeStripeError(error)}`);
  }
  const member = session.client_reference_id ?? session.metadata?.firebase_uid ?? null;
  if (member !== user.uid) throw new HttpError(404, NOT_FOUND);

  // What each item is, is the catalogue's entry for its price (a price it does not know grants
  // nothing, so it is not listed as bought).
  const items: PurchasedItem[] = (session.line_items?.data ?? []).flatMap((item) => {
    const price = item.price;
    const entry = price ? catalogueEntryOf(price, BUILT_IN_CATALOGUE) : undefined;
    if (!price || !entry) return [];
    const product = (typeof price.product === 'object' ? price.product : null) as ExpandedProduct | null;
    const name = product?.name ?? item.description ?? entry.name;
    return [{ priceId: entry.priceId, name: displayName(name), productType: entry.productType }];
  });

  let recorded = false;
  if (session.mode === 'payment') {
    const row = await db.from('purchases').select('status').eq('checkout_session_id', session.id).maybeSingle<{ status: string }>();
    if (row.error) return upstreamFailure(NAME, 502, FAILED, describeDbError('purchases select', row.error));
    recorded = row.data?.status === 'paid';
  } else if (session.subscription) {
    const subscriptionId = typeof session.subscription === 'string' ? session.subscription : session.subscription.id;
    const row = await db.from('stripe_subscriptions').select('subscription_id').eq('subscription_id', subscriptionId).maybeSingle<{ subscription_id: string }>();
    if (row.error) return upstreamFailure(NAME, 502, FAILED, describeDbError('stripe_subscriptions select', row.error));
    recorded = row.data !== null;
  }
  return json({ reference: session.id, items, recorded });
});
