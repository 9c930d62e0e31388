/**
 * PUT /api/coach-join-link, for the coach only (the `coach` claim; _shared/coach.ts), with
 * { session: <id>, url } to set one session's join link, or { session: null, url } for the
 * standing link every session without its own uses. An empty url removes the link. The links
 * are secrets: only the service role reads them, and members get one through coaching-join.
 *
 * Answers 200 { session, url }. Errors: 400 (not an https link: a clear message, nothing
 * written), 401, 403, 404 (no such session), 405, 409 (the session is cancelled or over), 413,
 * 502, 503.
 */
import type { Config } from '@netlify/functions';
import { requireCoach } from './_shared/coach';
import { setJoinLink } from './_shared/coaching-sessions';
import { json, readJsonObject, requireMethod } from './_shared/http';
import { limitMember } from './_shared/member-limit';
import { endpoint } from './_shared/log';
import { requireSameSite } from './_shared/origin';
import { supabaseAdmin } from './_shared/supabase';
import { sendChangeNotices } from './_shared/email/notices';

const NAME = 'coach-join-link';

export default endpoint(NAME, async (req) => {
  requireMethod(req, 'PUT');
  requireSameSite(req);
  const coach = await requireCoach(req);
  const { session = null, url = null } = await readJsonObject(req);
  const db = supabaseAdmin();
  await limitMember(db, coach.uid, NAME, { most: 120, windowSeconds: 600 });
  const answer = await setJoinLink(db, session, url, new Date());
  // A session's new link is news to those whose reminder carried the old one: the database
  // queued their notices with the change; send them now.
  if (answer.session) await sendChangeNotices(db);
  return json(answer);
});

export const config: Config = {
  path: '/api/coach-join-link',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
