/**
 * /api/coach-sessions, for the coach only (`Authorization: Bearer <ID token>` with the `coach`
 * claim; src/features/coaching/server/coach.ts):
 *
 *   GET    the coach's page: upcoming sessions (soonest first) and the latest past ones, each
 *          with its registrants (name, email, when they signed up), seats and join link; the
 *          standing link; the coach's time zone and the schedule's seats.
 *   POST   { date: 'YYYY-MM-DD', start: 'HH:MM', minutes?, seats? } adds a one-off session on the
 *          coach's clock: 201 { session }.
 *   PATCH  { id, seats } changes the seats (never below those taken);
 *          { id, registrant, attendance: 'joined' | 'absent' | null } records whether a
 *          registrant came (the coach's word, over the join link's mark; null takes it back),
 *          from the start of the session on;
 *          { id, cancel: true } cancels the session (registrants keep it, marked cancelled, and
 *          are emailed at once: the database queued their notices with the cancellation).
 *          200 { session }.
 *
 * Errors: 400 (bad input: a clear message, nothing written), 401 (no token), 403 (a token that is
 * not a coach's, or from another site), 404 (no such session), 405, 409 (the session is
 * cancelled or over, or a session already starts then), 413, 502 (the database failed), 503.
 */
import { requireCoach } from './coach';
import { addSession, cancelSession, coachOverview, setAttendance, setSeats } from './coaching-sessions';
import { sendChangeNotices, sendSeatOffers } from './email/notices';
import { HttpError, json, readJsonObject, requireMethod } from '../../../../netlify/functions/_shared/http';
import { limitMember } from '../../../../netlify/functions/_shared/member-limit';
import { requireSameSite } from '../../../../netlify/functions/_shared/origin';
import { supabaseAdmin } from '../../../../netlify/functions/_shared/supabase';
import type { Outbox } from '../../../../netlify/functions/_shared/email/outbox';

const NAME = 'coach-sessions';

/** The function's answer to `req` (netlify/functions/coach-sessions.mts). */
export async function coachSessions(req: Request, outbox: Outbox): Promise<Response> {
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
    await sendChangeNotices(db, outbox);
    return json({ session });
  }
  if ('seats' in body) {
    const session = await setSeats(db, body.id, body.seats, now);
    // Seats added are offered to the first in line by the database, with the change: send the offers now.
    await sendSeatOffers(db, outbox);
    return json({ session });
  }
  if ('attendance' in body) return json({ session: await setAttendance(db, body.id, body.registrant, body.attendance, now) });
  throw new HttpError(400, 'Say what to change: { id, seats }, { id, cancel: true } or { id, registrant, attendance }.');
}
