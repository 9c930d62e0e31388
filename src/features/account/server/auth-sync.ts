/**
 * POST /api/auth-sync, called by the browser right after a sign-in or sign-up with the fresh
 * Firebase ID token as a bearer token (at most 5 minutes after that sign-in). It
 *   1. verifies the token (_shared/auth.ts; 401 when it is missing, bad, expired or stale, or
 *      when its session has ended: revoked, disabled, or an account that was deleted, whose token
 *      stays valid for up to an hour and must not bring the profile back: the tombstone,
 *      _shared/deleted-members.ts, read by the token check itself; nothing is written),
 *   2. sets the custom claim `role: 'authenticated'` that Supabase's third-party auth needs,
 *      keeping the claims the user already has (the client then refreshes its token),
 *   3. creates the member's Explorer profile with the service role when there is none (an
 *      existing profile keeps its name and tier), and records whether its address is proven
 *      (profiles.email_verified, from the token's email_verified: Firebase's verification or a
 *      Google sign-in); a proven address is never un-proven by an older token,
 *   4. queues the verification link once for an account that signs in with a password and whose
 *      address is not proven (the outbox key 'signup': once an account, however often it signs in),
 *   5. records the campaign the sign-up came with (the sign-up page's utm_source, which the page
 *      sends) on the member's sign-up in the owner's funnel: one statement that fills a source
 *      still empty, and only for the sign-up this sign-in created (public.funnel_signup_source;
 *      docs/decisions/funnel.md). A value that is not a campaign tag, or a request with Sec-GPC
 *      or DNT, records nothing; it never fails the sign-in.
 * Body: optional JSON `{ "full_name": string, "utm_source": string }`, the name used when the
 * token carries none yet.
 * Answers `{ ok: true, claimsUpdated }`, or `{ error }`: 400 (body), 401 (token, a deleted account), 405 (method),
 * 413 (size), 502 (Firebase refused the claim, or the profile write failed), 503 (server not
 * configured: no database, or no Firebase service account outside the emulator; checked before
 * anything is written).
 *
 * GET /api/auth-sync?check answers `{ configured, reason? }`: whether sign-in can complete on
 * this server (a project id, a usable service account or the emulator, and the database), for
 * the /debug page. It names what is missing, never a value.
 */
import { describeAdminError, firebaseUserAdmin, userAdminStatus, verifyIdToken } from '../../../../netlify/functions/_shared/auth';
export { DELETED } from '../../../../netlify/functions/_shared/auth';
import { bearerToken, HttpError, json, parseJsonObject, readText, requireMethod } from '../../../../netlify/functions/_shared/http';
import { endpoint, upstreamFailure } from '../../../../netlify/functions/_shared/log';
import { describeDbError, isSupabaseConfigured, supabaseAdmin } from '../../../../netlify/functions/_shared/supabase';
import type { Outbox } from '../../../../netlify/functions/_shared/email/outbox';
import { limitMember } from '../../../../netlify/functions/_shared/member-limit';
import { asksNotToBeTracked, sourceValue } from '../../../core/hit';

/** How long after signing in the token may be used here: 5 minutes. */
export const MAX_TOKEN_AGE_SECONDS = 300;

const MAX_NAME = 200;

/**
 * The optional body (checked by hand: zod would add a quarter of a megabyte to this function's
 * zip). A utm_source that is not a campaign tag is dropped, never refused: the funnel's source
 * must not stand in the way of a sign-up.
 */
async function readBody(req: Request): Promise<{ full_name?: string; source: string | null }> {
  const text = await readText(req);
  if (!text.trim()) return { source: null };
  const body = parseJsonObject(text);
  const source = sourceValue(body['utm_source']);
  const name = body['full_name'];
  if (name === undefined) return { source };
  if (typeof name !== 'string') throw new HttpError(400, 'full_name must be text.');
  const fullName = name.trim();
  if (fullName.length > MAX_NAME) throw new HttpError(400, `full_name must be at most ${MAX_NAME} characters`);
  return { full_name: fullName, source };
}

const NAME = 'auth-sync';
const CLAIMS_FAILED = 'Your sign-in could not be completed just now. Please try again.';
const PROFILE_FAILED = 'Your profile could not be created. Please try again.';

/** Whether a sign-in can complete here; the reason names a variable, never its value. */
function setupStatus(): { configured: boolean; reason?: string } {
  const auth = userAdminStatus();
  if (!auth.configured) return auth;
  if (!isSupabaseConfigured()) return { configured: false, reason: 'SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are needed' };
  return { configured: true };
}

/** The handler, sending through `outbox` (the site's, given by the entry). */
export const authSync = (outbox: Outbox) => endpoint(NAME, async (req) => {
  if (req.method === 'GET' && new URL(req.url).searchParams.has('check')) return json(setupStatus());
  requireMethod(req, 'POST');
  // Checked first, so a half-configured server answers 503 and changes nothing.
  const admin = firebaseUserAdmin();
  const token = bearerToken(req);
  const body = await readBody(req);
  const decoded = await verifyIdToken(token, { maxAgeSeconds: MAX_TOKEN_AGE_SECONDS });
  const db = supabaseAdmin();
  await limitMember(db, decoded.uid, NAME, { most: 20, windowSeconds: 600 });

  let claimsUpdated = false;
  if (decoded['role'] !== 'authenticated') {
    try {
      const user = await admin.getUser(decoded.uid);
      await admin.setCustomUserClaims(decoded.uid, { ...(user.customClaims ?? {}), role: 'authenticated' });
    } catch (error) {
      return upstreamFailure(NAME, 502, CLAIMS_FAILED, `custom claims: ${describeAdminError(error)}`);
    }
    claimsUpdated = true;
  }

  // A name from the token (Google's display name) is kept to the profile's 200 characters.
  const fullName = (typeof decoded['name'] === 'string' && Array.from(decoded['name'].trim()).slice(0, MAX_NAME).join('').trim()) || body.full_name || null;
  // profiles.email is required; every sign-in method of the site (email, Google) gives one.
  if (!decoded.email) return upstreamFailure(NAME, 502, PROFILE_FAILED, 'profiles upsert: the account has no email address');
  const email = decoded.email.toLowerCase();
  const verified = decoded.email_verified === true;
  const { error } = await db.from('profiles').upsert(
    { id: decoded.uid, email, full_name: fullName, membership_tier: 'Explorer', email_verified: verified },
    { onConflict: 'id', ignoreDuplicates: true },
  );
  if (error) {
    return upstreamFailure(NAME, 502, PROFILE_FAILED, describeDbError('profiles upsert', error));
  }
  // An existing profile follows the account's address: proven when the token says so; an address
  // that changed and is not proven is not. A proven address stays proven (an older token cannot undo it).
  const follow = verified
    ? db.from('profiles').update({ email, email_verified: true }).eq('id', decoded.uid)
    : db.from('profiles').update({ email, email_verified: false }).eq('id', decoded.uid).neq('email', email);
  const followed = await follow;
  if (followed.error) return upstreamFailure(NAME, 502, PROFILE_FAILED, describeDbError('profiles update', followed.error));

  if (!verified && decoded.firebase?.sign_in_provider === 'password') {
    try {
      await outbox.queueEmail(db, 'email_verification', { member: decoded.uid, ref: 'signup' });
    } catch (failure) {
      // The sign-in is complete without it; the member can ask for the link again on the dashboard.
      console.error(`[${NAME}] the verification link could not be queued: ${failure instanceof Error ? failure.message : String(failure)}`);
    }
  }

  // The campaign of the sign-up page (none when the browser asks not to be tracked). Only a
  // source still empty, on the sign-up this sign-in created, is filled: retries and later
  // sign-ins change nothing. A failure is logged; the sign-in is complete without it.
  if (body.source && !asksNotToBeTracked(req.headers)) {
    const recorded = await db.rpc('funnel_signup_source', {
      member: decoded.uid,
      source: body.source,
      signed_in_at: new Date(decoded.auth_time * 1000).toISOString(),
    });
    if (recorded.error) console.error(`[${NAME}] ${describeDbError('funnel_signup_source', recorded.error)}`);
  }

  return json({ ok: true, claimsUpdated });
});
