/**
 * POST /api/coaching-confirmation with `Authorization: Bearer <Firebase ID token>`: sends the
 * member's coaching signup confirmations now. The database queued each one with its signup row
 * (a trigger: the member's insert cannot reach the outbox itself); the dashboard calls this right
 * after its insert so the email arrives at once, and the hourly run sends whatever this call did
 * not (it failed, or was never made). Only that member's queued, unclaimed confirmations are
 * sent, each once (netlify/functions/_shared/email/outbox.ts): calling again sends nothing new.
 *
 * The dashboard also calls it after a seat is given back or a place in line left: the seat offers
 * the database queued then (to whoever is first in line) are sent now too (./email/notices.ts).
 *
 * Answers 200 { sent, failed, given_up, skipped, left } (the member's own confirmations), or { configured: false } without email
 * settings. Errors: 401 (no or bad token), 405, 429 (more than 20 calls from one member in ten
 * minutes), 502 (the database failed), 503.
 */
import { verifyIdToken } from '../../../../netlify/functions/_shared/auth';
import { bearerToken, json, requireMethod } from '../../../../netlify/functions/_shared/http';
import { limitMember } from '../../../../netlify/functions/_shared/member-limit';
import { supabaseAdmin } from '../../../../netlify/functions/_shared/supabase';
import type { Outbox } from '../../../../netlify/functions/_shared/email/outbox';
import { sendSeatOffers } from './email/notices';

const NAME = 'coaching-confirmation';
/** How long this call keeps sending (a member has at most a few fresh signups). */
const SEND_SECONDS = 8;

/** The function's answer to `req` (netlify/functions/coaching-confirmation.mts). */
export async function coachingConfirmation(req: Request, outbox: Outbox): Promise<Response> {
  requireMethod(req, 'POST');
  const user = await verifyIdToken(bearerToken(req));
  const db = supabaseAdmin();
  // Per member too (Netlify's limit is per address): a member has at most a few signups to confirm.
  await limitMember(db, user.uid, NAME, { most: 20, windowSeconds: 600 });
  const summary = await outbox.sendQueued(db, { kind: 'coaching_confirmation', member: user.uid, deadline: Date.now() + SEND_SECONDS * 1000 });
  await sendSeatOffers(db, outbox);
  return json(summary ?? { configured: false }, 200, { 'Cache-Control': 'private, no-store' });
}
