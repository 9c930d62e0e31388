/**
 * PUT /api/coach-join-link, for the coach only (the `coach` claim; ./coach.ts), with
 * { session: <id>, url } to set one session's join link, or { session: null, url } for the
 * standing link every session without its own uses. An empty url removes the link. The links
 * are secrets: only the service role reads them, and members get one through coaching-join.
 *
 * Answers 200 { session, url }. Errors: 400 (not an https link: a clear message, nothing
 * written), 401, 403, 404 (no such session), 405, 409 (the session is cancelled or over), 413,
 * 502, 503.
 */
import { requireCoach } from './coach';
import { setJoinLink } from './coaching-sessions';
import { sendChangeNotices } from './email/notices';
import { json, readJsonObject, requireMethod } from '../../../../netlify/functions/_shared/http';
import { limitMember } from '../../../../netlify/functions/_shared/member-limit';
import { requireSameSite } from '../../../../netlify/functions/_shared/origin';
import { supabaseAdmin } from '../../../../netlify/functions/_shared/supabase';
import type { Outbox } from '../../../../netlify/functions/_shared/email/outbox';

const NAME = 'coach-join-link';

/** The function's answer to `req` (netlify/functions/coach-join-link.mts). */
export async function coachJoinLink(req: Request, outbox: Outbox): Promise<Response> {
  requireMethod(req, 'PUT');
  requireSameSite(req);
  const coach = await requireCoach(req);
  const { session = null, url = null } = await readJsonObject(req);
  const db = supabaseAdmin();
  await limitMember(db, coach.uid, NAME, { most: 120, windowSeconds: 600 });
  const answer = await setJoinLink(db, session, url, new Date());
  // A session's new link is news to those whose reminder carried the old one: the database
  // queued their notices with the change; send them now.
  if (answer.session) await sendChangeNotices(db, outbox);
  return json(answer);
}
