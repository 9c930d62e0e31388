/**
 * /api/coach-sessions, for the coach only (`Authorization: Bearer <ID token>` with the `coach`
 * claim; netlify/functions/_shared/coach.ts):
 *
 *   GET    the coach's page: upcoming sessions (soonest first) and the latest past ones, each
 *          with its registrants (name, email, when they signed up), seats and join link; the
 *          standing link; the coach's time zone and the schedule's seats.
 *   POST   { date: 'YYYY-MM-DD', start: 'HH:MM', minutes?, seats? } adds a one-off session on the
 *          coach's clock: 201 { session }.
 *   PATCH  { id, seats } changes the seats (never below those taken);
 *          { id, cancel: true } cancels the session (registrants keep it, marked cancelled, and
 *          are emailed at once: the database queued their notices with the cancellation).
 *          200 { session }.
 *
 * Errors: 400 (bad input: a clear message, nothing written), 401 (no token), 403 (a token that is
 * not a coach's, or from another site), 404 (no such session), 405, 409 (the session is
 * cancelled or over, or a session already starts then), 413, 502 (the database failed), 503.
 */
import type { Config } from '@netlify/functions';
import { requireCoach } from './_shared/coach';
import { addSession, cancelSession, coachOverview, setSeats } from './_shared/coaching-sessions';
import { HttpError, json, readJsonObject, requireMethod } from './_shared/http';
import { limitMember } from './_shared/member-limit';
import { endpoint } from './_shared/log';
import { requireSameSite } from './_shared/origin';
import { supabaseAdmin } from './_shared/supabase';
import { sendChangeNotices } from './_shared/email/notices';

const NAME = 'coach-sessions';

export default endpoint(NAME, async (req) => {
  requireMethod(req, 'GET', 'POST', 'PATCH');
  if (req.method !== 'GET') requireSameSite(req);
  const db = supabaseAdmin();
  const now = new Date();
  const coach = await requireCoach(req);
  if (req.method === 'GET') return json(await coachOverview(db, now));
  await limitMember(db, coach.uid, NAME, { most: 120, windowSeconds: 600 });
  const body = await readJsonObject(req);
  if (req.method === 'POST') return json({ session: await addSession(db, body, now) }, 201);
  if (body.cancel === true) {
    const session = await cancelSession(db, body.id, now);
    // The database queued the registrants' notices with the cancellation: send them now.
    await sendChangeNotices(db);
    return json({ session });
  }
  if ('seats' in body) return json({ session: await setSeats(db, body.id, body.seats, now) });
  throw new HttpError(400, 'Say what to change: { id, seats } or { id, cancel: true }.');
});

export const config: Config = {
  path: '/api/coach-sessions',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
