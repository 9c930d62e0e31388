/**
 * GET /api/account-export with `Authorization: Bearer <Firebase ID token>`: everything the site
 * keeps about the member, as a JSON file to download (Content-Disposition: attachment): their
 * profile, coaching signups (with each session's date and time), Stripe customer id,
 * subscription and purchases: every table of src/features/account/server/member-data.ts, each under its export key.
 * Read with the service role, always filtered by the token's uid (a table tied to the member
 * through another, the subscription through the customer, by that table's exported value).
 *
 * The token is checked against the account as it is now, as every member function's is
 * (_shared/auth.ts: accounts:lookup and the tombstone): a deleted or disabled account, or a token
 * from before the account's tokens were revoked, gets 401.
 *
 * Errors: 401, 405, 502 (the database failed), 503 (not configured: no database, or no Firebase
 * service account to look the account up with).
 */
import { verifyIdToken } from '../../../../netlify/functions/_shared/auth';
import { bearerToken, json, requireMethod } from '../../../../netlify/functions/_shared/http';
import { endpoint, upstreamFailure } from '../../../../netlify/functions/_shared/log';
import { describeDbError, supabaseAdmin } from '../../../../netlify/functions/_shared/supabase';
import { exportMemberData } from './member-data';

const NAME = 'account-export';
const DATABASE_DOWN = 'Your data could not be gathered just now. Please try again.';

export const EXPORT_FILE_NAME = 'inner-alchemy-my-data.json';

export default endpoint(NAME, async (req) => {
  requireMethod(req, 'GET');
  const token = bearerToken(req);
  const user = await verifyIdToken(token);
  const db = supabaseAdmin();

  const gathered = await exportMemberData(db, user.uid);
  if ('failure' in gathered) {
    const { what, error } = gathered.failure;
    return upstreamFailure(NAME, 502, DATABASE_DOWN, describeDbError(what, error));
  }

  const body = {
    exported_at: new Date().toISOString(),
    account: { id: user.uid, email: user.email ?? null },
    ...gathered.data,
  };
  return json(body, 200, { 'Content-Disposition': `attachment; filename="${EXPORT_FILE_NAME}"` });
});
