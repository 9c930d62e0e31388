/**
 * POST /api/account-email with `Authorization: Bearer <Firebase ID token>`: the member's own
 * address (docs/decisions/accounts.md).
 *
 *   { "action": "verify" }   sends the verification link again, to the account's address, at most
 *       3 times an hour (the outbox's key is the limit). An address already verified answers
 *       { verified: true } and sends nothing.
 *   { "action": "change", "email": "<new address>" }   after signing in again (the token's sign-in
 *       at most 5 minutes old): sends a link to the new address; the account keeps its address
 *       until that link is opened (account-action.mts), and then the old address gets a notice
 *       with a way to undo. At most 3 an hour. The answer is the same whether or not the new
 *       address has an account (its link then is not sent).
 *
 * Answers 202 { sent: true } (or { verified: true }), or { error }: 400 (body, the spec's email
 * messages), 401 (token; too old for a change), 405, 429 (the hour's links are used), 502, 503
 * (no database, no email settings, no Firebase service account outside the emulator).
 */
import { describeAdminError, firebaseUserAdmin, verifyIdToken } from '../../../../netlify/functions/_shared/auth';
import { bearerToken, HttpError, json, readJsonObject, requireMethod } from '../../../../netlify/functions/_shared/http';
import { endpoint, Upstream } from '../../../../netlify/functions/_shared/log';
import { limitMember } from '../../../../netlify/functions/_shared/member-limit';
import { supabaseAdmin } from '../../../../netlify/functions/_shared/supabase';
import type { Outbox } from '../../../../netlify/functions/_shared/email/outbox';
import { plainAddress, validateEmail, VALIDATION_MESSAGES } from '../auth-validation';
import { ACCOUNT_LINK_MESSAGES, FRESH_SIGN_IN_SECONDS, LINKS_PER_HOUR } from '../account-links';

const NAME = 'account-email';

/** The account as Firebase has it now; a failed call is the server's (502), never a 500. */
async function liveAccount(memberId: string) {
  try {
    return await firebaseUserAdmin().getUser(memberId);
  } catch (error) {
    throw new Upstream('Your account could not be read just now. Please try again.', `accounts:lookup: ${describeAdminError(error)}`);
  }
}

/** The outbox's answer as the member's: sent (or kept for the hourly run), or the limit's words. */
function answered(delivery: Awaited<ReturnType<Outbox['queueEmailLimited']>>): Response {
  if (delivery === 'limited') throw new HttpError(429, ACCOUNT_LINK_MESSAGES.tooMany);
  if (delivery === 'not configured') throw new HttpError(503, ACCOUNT_LINK_MESSAGES.emailUnavailable);
  return json({ sent: true }, 202);
}

/** The handler, sending through `outbox` (the site's, given by the entry). */
export const accountEmail = (outbox: Outbox) => endpoint(NAME, async (req) => {
  requireMethod(req, 'POST');
  const token = bearerToken(req);
  const body = await readJsonObject(req);
  const action = body['action'];
  if (action !== 'verify' && action !== 'change') throw new HttpError(400, 'action must be "verify" or "change".');
  const user = await verifyIdToken(token, action === 'change' ? { maxAgeSeconds: FRESH_SIGN_IN_SECONDS } : {});
  // Checked first, so a half-configured server answers 503 and queues nothing.
  firebaseUserAdmin();
  const db = supabaseAdmin();
  // Past the 3 links an hour (the outbox key), asking again and again is still counted per member.
  await limitMember(db, user.uid, NAME, { most: 20, windowSeconds: 600 });

  if (action === 'verify') {
    const account = await liveAccount(user.uid);
    if (account.emailVerified) return json({ verified: true });
    return answered(await outbox.queueEmailLimited(db, 'email_verification', { member: user.uid, prefix: 'again', perHour: LINKS_PER_HOUR }));
  }

  const typed = typeof body['email'] === 'string' ? body['email'] : '';
  const problem = validateEmail(typed);
  if (problem) throw new HttpError(400, problem);
  const newEmail = plainAddress(typed);
  if (!newEmail) throw new HttpError(400, VALIDATION_MESSAGES.loginEmailInvalid);
  const account = await liveAccount(user.uid);
  if (account.email?.toLowerCase() === newEmail) throw new HttpError(400, ACCOUNT_LINK_MESSAGES.sameAddress);
  return answered(await outbox.queueEmailLimited(db, 'email_change', { member: user.uid, prefix: 'change', perHour: LINKS_PER_HOUR, params: { newEmail } }));
});
