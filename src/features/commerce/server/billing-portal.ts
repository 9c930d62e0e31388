/**
 * POST /api/billing-portal with `Authorization: Bearer <Firebase ID token>`: a Stripe Customer
 * Portal session for the member's Stripe customer (stripe_customers), answered as { url }. In
 * the portal the member updates their card, reads and downloads invoices, cancels at the end
 * of the period and switches plans, as configured in Stripe (README). The portal's "Return"
 * link comes back to this site's /dashboard (the request's own origin), never elsewhere.
 *
 * Errors: 401 (no or bad token), 403 (sent from another site), 404 (no billing account yet:
 * the member never started a checkout), 405, 502 (Stripe or the database failed), 503 (not
 * configured). No body is read.
 */
import { verifyIdToken } from '../../../../netlify/functions/_shared/auth';
import { limitMember } from '../../../../netlify/functions/_shared/member-limit';
import { bearerToken, HttpError, json, requireMethod } from '../../../../netlify/functions/_shared/http';
import { endpoint, upstreamFailure } from '../../../../netlify/functions/_shared/log';
import { requireSameSite } from '../../../../netlify/functions/_shared/origin';
import { describeStripeError, stripe } from '../../../../netlify/functions/_shared/stripe';
import { describeDbError, supabaseAdmin } from '../../../../netlify/functions/_shared/supabase';

const NAME = 'billing-portal';
export const NO_BILLING_ACCOUNT = 'You have no billing account yet. Your invoices and payment details appear here after your first purchase.';
const STRIPE_DOWN = 'The billing portal could not be opened. Please try again.';
const DATABASE_DOWN = 'Your billing account could not be found just now. Please try again.';

/** Where the portal's return link leads: this site's dashboard, on the origin the call came in on. */
export function portalReturnUrl(req: Request): string {
  return new URL('/dashboard', new URL(req.url).origin).href;
}

export default endpoint(NAME, async (req) => {
  requireMethod(req, 'POST');
  requireSameSite(req);
  const token = bearerToken(req);
  const user = await verifyIdToken(token);
  const client = stripe();
  const db = supabaseAdmin();
  await limitMember(db, user.uid, NAME, { most: 30, windowSeconds: 600 });

  const stored = await db.from('stripe_customers').select('customer_id').eq('user_id', user.uid).maybeSingle<{ customer_id: string }>();
  if (stored.error) return upstreamFailure(NAME, 502, DATABASE_DOWN, describeDbError('stripe_customers select', stored.error));
  if (!stored.data?.customer_id) throw new HttpError(404, NO_BILLING_ACCOUNT);

  try {
    const session = await client.billingPortal.sessions.create({ customer: stored.data.customer_id, return_url: portalReturnUrl(req) });
    return json({ url: session.url });
  } catch (error) {
    return upstreamFailure(NAME, 502, STRIPE_DOWN, `portal session: ${describeStripeError(error)}`);
  }
});
