/**
 * POST /api/account-delete with `Authorization: Bearer <Firebase ID token>` from a sign-in
 * made in the last 5 minutes (Firebase asks for a recent sign-in before deleting a user; the
 * server enforces it with the token's auth_time), checked against the account as it is now
 * (_shared/auth.ts: a disabled account, or a token from before a revocation, gets 401). A deleted
 * account's token (the tombstone) is let through, and only here: a deletion that stopped part-way
 * is finished by calling again. Body: JSON `{ "confirm": "DELETE" }`, so no stray call deletes an account. In this
 * order, so a failure part-way can simply be retried:
 *   1. cancels the member's live Stripe subscriptions at once (no further charge),
 *   2. expires their open Checkout Sessions (a tab left open on the payment page can no longer
 *      start a subscription nobody could cancel from the site),
 *   3. leaves the tombstone (_shared/deleted-members.ts: the SHA-256 of the uid), so a late
 *      Stripe event or the still-valid token brings nothing back,
 *   4. deletes their rows of every table in src/features/account/server/member-data.ts marked 'delete' (coaching
 *      signups, whose seats return to the sessions; the Stripe customer row, and with it the
 *      subscription row, 'cascade'; the profile last),
 *   5. keeps the rows marked 'anonymise' (purchases, which the business must keep for its
 *      accounts) with the member id replaced by 'deleted:' + md5(uid) (the same for all their
 *      rows, tied to no one),
 *   6. deletes the Firebase user.
 * Answers { deleted: true }, or { error }: 400, 401 (no, bad, stale or revoked token, or a
 * disabled account: sign in again), 403, 405, 413, 502 (Stripe or the database failed; nothing
 * after that step was done), 503 (not configured: no database, no Stripe while the member has a
 * customer, or no Firebase service account to check and delete the account with; checked before
 * anything is deleted).
 */
import { AuthAdminError, describeAdminError, firebaseAdmin, forgetAccount, verifyIdToken } from '../../../../netlify/functions/_shared/auth';
import { limitMember } from '../../../../netlify/functions/_shared/member-limit';
import { bearerToken, HttpError, json, readJson, requireMethod } from '../../../../netlify/functions/_shared/http';
import { endpoint, upstreamFailure } from '../../../../netlify/functions/_shared/log';
import { requireSameSite } from '../../../../netlify/functions/_shared/origin';
import { describeStripeError, isStripeConfigured, stripe } from '../../../../netlify/functions/_shared/stripe';
import { describeDbError, supabaseAdmin } from '../../../../netlify/functions/_shared/supabase';
import { anonymisedMemberId, deleteMemberData } from './member-data';
import { rememberDeletedMember, TombstoneError } from '../../../../netlify/functions/_shared/deleted-members';

const NAME = 'account-delete';
/** How long after signing in an account may be deleted. */
export const RECENT_SIGN_IN_SECONDS = 300;
export const CONFIRMATION = 'DELETE';
const STRIPE_DOWN = 'Your subscription could not be cancelled, so nothing was deleted. Please try again.';
const CHECKOUT_OPEN = 'A checkout you started could not be closed, so nothing was deleted. Please try again.';
const DATABASE_DOWN = 'Your data could not be deleted just now. Please try again.';
export const NO_CREDENTIAL =
  'Your data has been deleted, but your sign-in could not be removed because the server is not fully configured. Please contact support.';

export { anonymisedMemberId };

/** Statuses in which a subscription could still charge or grant anything. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

export default endpoint(NAME, async (req) => {
  requireMethod(req, 'POST');
  requireSameSite(req);
  const token = bearerToken(req);
  const body = (await readJson(req)) as { confirm?: unknown } | null;
  if (!body || typeof body !== 'object' || body.confirm !== CONFIRMATION) {
    throw new HttpError(400, `Send { "confirm": "${CONFIRMATION}" } to delete the account.`);
  }
  const user = await verifyIdToken(token, { maxAgeSeconds: RECENT_SIGN_IN_SECONDS, acceptDeleted: true });
  const db = supabaseAdmin();
  const memberId = user.uid;
  await limitMember(db, memberId, NAME, { most: 10, windowSeconds: 600 });

  const stored = await db.from('stripe_customers').select('customer_id').eq('user_id', memberId).maybeSingle<{ customer_id: string }>();
  if (stored.error) return upstreamFailure(NAME, 502, DATABASE_DOWN, describeDbError('stripe_customers select', stored.error));
  const customerId = stored.data?.customer_id ?? null;

  // 1. No further charge: every subscription of the customer that has not ended is cancelled now.
  // 2. No new one: every Checkout Session still open for the customer is expired.
  if (customerId) {
    if (!isStripeConfigured()) throw new HttpError(503, 'Payments are not configured on the server, so the subscription cannot be cancelled.');
    const client = stripe();
    try {
      for await (const sub of client.subscriptions.list({ customer: customerId, status: 'all', limit: 100 })) {
        if (!ENDED.has(sub.status)) await client.subscriptions.cancel(sub.id);
      }
    } catch (error) {
      return upstreamFailure(NAME, 502, STRIPE_DOWN, `subscriptions: ${describeStripeError(error)}`);
    }
    try {
      for await (const session of client.checkout.sessions.list({ customer: customerId, status: 'open', limit: 100 })) {
        await client.checkout.sessions.expire(session.id);
      }
    } catch (error) {
      return upstreamFailure(NAME, 502, CHECKOUT_OPEN, `checkout sessions: ${describeStripeError(error)}`);
    }
  }

  // 3. The tombstone, before the rows go: whatever arrives from now on finds it.
  try {
    await rememberDeletedMember(db, memberId);
  } catch (error) {
    if (error instanceof TombstoneError) return upstreamFailure(NAME, 502, DATABASE_DOWN, error.message);
    throw error;
  }
  // This instance refuses the account's other tokens at once (other instances within a minute).
  forgetAccount(memberId);

  // 4. and 5. The member's rows, table by table (src/features/account/server/member-data.ts); purchases stay without the member id.
  const failed = await deleteMemberData(db, memberId, anonymisedMemberId(memberId));
  if (failed) return upstreamFailure(NAME, 502, DATABASE_DOWN, describeDbError(failed.what, failed.error));

  // 6. The sign-in itself.
  try {
    await firebaseAdmin().deleteUser(memberId);
  } catch (error) {
    if (error instanceof AuthAdminError && error.code === 'auth/user-not-found') return json({ deleted: true });
    return upstreamFailure(NAME, 503, NO_CREDENTIAL, `deleteUser: ${describeAdminError(error)}`);
  }
  return json({ deleted: true });
});
