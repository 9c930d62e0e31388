/**
 * GET /api/account-export with `Authorization: Bearer <Firebase ID token>`: everything the site
 * keeps about the member, as a JSON file to download (Content-Disposition: attachment): their
 * profile, coaching signups (with each session's date and time), Stripe customer id,
 * subscription and purchases. Read with the service role, always filtered by the token's uid.
 *
 * Errors: 401, 405, 502 (the database failed), 503 (not configured).
 */
import type { Config } from '@netlify/functions';
import { verifyIdToken } from './_shared/auth';
import { bearerToken, json, requireMethod } from './_shared/http';
import { endpoint, upstreamFailure } from './_shared/log';
import { describeDbError, supabaseAdmin } from './_shared/supabase';

const NAME = 'account-export';
const DATABASE_DOWN = 'Your data could not be gathered just now. Please try again.';

export const EXPORT_FILE_NAME = 'inner-alchemy-my-data.json';

export default endpoint(NAME, async (req) => {
  requireMethod(req, 'GET');
  const token = bearerToken(req);
  const user = await verifyIdToken(token);
  const db = supabaseAdmin();

  const [profile, signups, customer, purchases] = await Promise.all([
    db.from('profiles').select('*').eq('id', user.uid).maybeSingle(),
    db.from('coaching_session_signups').select('id, name, email, created_at, session_id, coaching_sessions(date, time)').eq('user_id', user.uid),
    db.from('stripe_customers').select('customer_id, created_at').eq('user_id', user.uid).maybeSingle<{ customer_id: string; created_at: string }>(),
    db.from('purchases').select('*').eq('user_id', user.uid),
  ]);
  const failed = [
    ['profiles', profile.error],
    ['coaching_session_signups', signups.error],
    ['stripe_customers', customer.error],
    ['purchases', purchases.error],
  ].find(([, error]) => error) as [string, { code?: string; message: string }] | undefined;
  if (failed) return upstreamFailure(NAME, 502, DATABASE_DOWN, describeDbError(`${failed[0]} select`, failed[1]));

  let subscription: unknown = null;
  if (customer.data?.customer_id) {
    const sub = await db.from('stripe_subscriptions').select('*').eq('customer_id', customer.data.customer_id).maybeSingle();
    if (sub.error) return upstreamFailure(NAME, 502, DATABASE_DOWN, describeDbError('stripe_subscriptions select', sub.error));
    subscription = sub.data;
  }

  const body = {
    exported_at: new Date().toISOString(),
    account: { id: user.uid, email: user.email ?? null },
    profile: profile.data ?? null,
    coaching_signups: signups.data ?? [],
    stripe_customer: customer.data ?? null,
    subscription,
    purchases: purchases.data ?? [],
  };
  return json(body, 200, { 'Content-Disposition': `attachment; filename="${EXPORT_FILE_NAME}"` });
});

export const config: Config = {
  path: '/api/account-export',
  rateLimit: { windowLimit: 5, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
