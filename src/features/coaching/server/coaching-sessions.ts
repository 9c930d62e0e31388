/**
 * What the coach's functions do with the sessions (coach-sessions, coach-join-link,
 * coach-registrants), with the service role, after `requireCoach` (./coach.ts): read the sessions
 * with their registrants and links, add a one-off session, change the seats, cancel, set a
 * session's join link or the standing one. Input is checked by the coach's rules
 * (src/features/coaching/coach/coach-rules.ts) before anything is written; each change is one
 * statement whose WHERE states what must still be true (the session exists, is not cancelled,
 * is not over), and the database has the last word on seats (never below the signups: its
 * trigger refuses with 23514). A refusal is an HttpError with the coach's message; a failed
 * database call is an Upstream error (logged once by the function).
 */
import {
  checkAttendance,
  checkJoinUrl,
  checkNewSession,
  checkSeats,
  COACH_MESSAGES,
  seatsBelowTaken,
  type Attendance,
  type CoachOverview,
  type CoachSession,
} from '../coach/coach-rules';
import { COACHING_SCHEDULE } from '../schedule';
import { HttpError } from '../../../../netlify/functions/_shared/http';
import { Upstream } from '../../../../netlify/functions/_shared/log';
import { describeDbError, type AdminDb } from '../../../../netlify/functions/_shared/supabase';

export const DATABASE_DOWN = 'The sessions could not be read or saved just now. Please try again.';

const SESSION_COLUMNS = 'id, starts_at, ends_at, time_zone, date, time, is_active, cancelled_at, max_spots, spots_available';
const WITH_REGISTRANTS = `${SESSION_COLUMNS}, coaching_session_signups(id, name, email, created_at, joined_at, attendance), coaching_waitlist(status)`;
/** How many past sessions the coach's page lists (the most recent). */
export const PAST_SESSIONS = 24;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type DbError = { code?: string | null; message: string; hint?: string | null };
type SessionRow = Omit<CoachSession, 'join_url' | 'registrants' | 'waiting'> & {
  coaching_session_signups?: { id: string; name: string; email: string; created_at: string; joined_at: string | null; attendance: string | null }[];
  coaching_waitlist?: { status: string }[];
};

function fail(what: string, error: DbError): never {
  throw new Upstream(DATABASE_DOWN, describeDbError(what, error));
}

function toCoachSession(row: SessionRow, links: Map<string, string>): CoachSession {
  const { coaching_session_signups: signups = [], coaching_waitlist: line = [], ...session } = row;
  return {
    ...session,
    join_url: links.get(row.id) ?? null,
    registrants: signups
      .map((s) => ({
        id: s.id,
        name: s.name,
        email: s.email,
        signed_up_at: s.created_at,
        joined_at: s.joined_at,
        attendance: s.attendance === 'joined' || s.attendance === 'absent' ? (s.attendance as Attendance) : null,
      }))
      .sort((a, b) => Date.parse(a.signed_up_at) - Date.parse(b.signed_up_at)),
    waiting: line.filter((p) => p.status === 'waiting' || p.status === 'offered').length,
  };
}

/** Everything the coach's page shows: upcoming sessions soonest first, the latest past ones, the links. */
export async function coachOverview(db: AdminDb, now: Date): Promise<CoachOverview> {
  const at = now.toISOString();
  const [upcoming, past, links, standing] = await Promise.all([
    db.from('coaching_sessions').select(WITH_REGISTRANTS).gt('ends_at', at).order('starts_at', { ascending: true }),
    db.from('coaching_sessions').select(WITH_REGISTRANTS).lte('ends_at', at).order('starts_at', { ascending: false }).limit(PAST_SESSIONS),
    db.from('coaching_join_links').select('session_id, url'),
    db.from('coaching_standing_link').select('url').maybeSingle(),
  ]);
  if (upcoming.error) fail('coaching_sessions select', upcoming.error);
  if (past.error) fail('coaching_sessions select', past.error);
  if (links.error) fail('coaching_join_links select', links.error);
  if (standing.error) fail('coaching_standing_link select', standing.error);
  const byId = new Map((links.data ?? []).map((l) => [l.session_id, l.url]));
  return {
    time_zone: COACHING_SCHEDULE.timeZone,
    default_seats: COACHING_SCHEDULE.seats,
    standing_url: standing.data?.url ?? null,
    upcoming: ((upcoming.data ?? []) as SessionRow[]).map((s) => toCoachSession(s, byId)),
    past: ((past.data ?? []) as SessionRow[]).map((s) => toCoachSession(s, byId)),
  };
}

/** One session with its registrants and link; a 404 when there is no such session. */
export async function coachSession(db: AdminDb, id: unknown): Promise<CoachSession> {
  if (typeof id !== 'string' || !id) throw new HttpError(400, COACH_MESSAGES.sessionRequired);
  if (!UUID.test(id)) throw new HttpError(404, COACH_MESSAGES.sessionMissing);
  const [session, link] = await Promise.all([
    db.from('coaching_sessions').select(WITH_REGISTRANTS).eq('id', id).maybeSingle(),
    db.from('coaching_join_links').select('session_id, url').eq('session_id', id).maybeSingle(),
  ]);
  if (session.error) fail('coaching_sessions select', session.error);
  if (link.error) fail('coaching_join_links select', link.error);
  if (!session.data) throw new HttpError(404, COACH_MESSAGES.sessionMissing);
  return toCoachSession(session.data as SessionRow, new Map(link.data ? [[link.data.session_id, link.data.url]] : []));
}

/** The session may still change: it exists, is not cancelled, and has not ended. */
function assertChangeable(session: CoachSession, now: Date): void {
  if (session.cancelled_at) throw new HttpError(409, COACH_MESSAGES.sessionCancelled);
  if (Date.parse(session.ends_at) <= now.getTime()) throw new HttpError(409, COACH_MESSAGES.sessionOver);
}

/**
 * After a guarded update matched no row: the session changed in between (gone, cancelled, over).
 * Says which, from a fresh read.
 */
async function explainMiss(db: AdminDb, id: string, now: Date): Promise<never> {
  assertChangeable(await coachSession(db, id), now);
  throw new HttpError(409, COACH_MESSAGES.sessionOver);
}

/** A one-off session from the coach's input, on the coach's clock; 400 for bad input, 409 for a start taken. */
export async function addSession(db: AdminDb, input: Record<string, unknown>, now: Date): Promise<CoachSession> {
  const checked = checkNewSession(input, now, COACHING_SCHEDULE.timeZone, COACHING_SCHEDULE.seats);
  if (!checked.ok) throw new HttpError(400, checked.error);
  const { data, error } = await db.from('coaching_sessions').insert(checked.value).select(SESSION_COLUMNS).single();
  if (error) {
    if (error.code === '23505') throw new HttpError(409, COACH_MESSAGES.duplicate);
    fail('coaching_sessions insert', error);
  }
  return toCoachSession(data as SessionRow, new Map());
}

/** New seats for an upcoming session; never below the seats taken (the database's check). */
export async function setSeats(db: AdminDb, id: unknown, seats: unknown, now: Date): Promise<CoachSession> {
  const checked = checkSeats(seats);
  if (!checked.ok) throw new HttpError(400, checked.error);
  const session = await coachSession(db, id);
  assertChangeable(session, now);
  const { data, error } = await db
    .from('coaching_sessions')
    .update({ max_spots: checked.value })
    .eq('id', session.id)
    .is('cancelled_at', null)
    .gt('ends_at', now.toISOString())
    .select('id');
  if (error) {
    if (error.code === '23514' && error.hint === 'seats_below_taken') {
      const taken = (await coachSession(db, session.id)).registrants.length;
      throw new HttpError(400, seatsBelowTaken(taken));
    }
    fail('coaching_sessions update', error);
  }
  if (!data?.length) return explainMiss(db, session.id, now);
  return coachSession(db, session.id);
}

/**
 * Cancels an upcoming session: it closes (is_active false) and records when, which the members'
 * dashboards show and coaching_session_changes keeps for the email to the registrants. Their
 * signups stay, so they can be told.
 */
export async function cancelSession(db: AdminDb, id: unknown, now: Date): Promise<CoachSession> {
  const session = await coachSession(db, id);
  assertChangeable(session, now);
  const { data, error } = await db
    .from('coaching_sessions')
    .update({ is_active: false, cancelled_at: now.toISOString() })
    .eq('id', session.id)
    .is('cancelled_at', null)
    .gt('ends_at', now.toISOString())
    .select('id');
  if (error) fail('coaching_sessions update', error);
  if (!data?.length) return explainMiss(db, session.id, now);
  return coachSession(db, session.id);
}

/**
 * Sets the join link of a session (`session` its id) or the standing link (`session` null); an
 * empty link removes it. A session's link is for an upcoming session that is not cancelled.
 */
export async function setJoinLink(db: AdminDb, session: unknown, url: unknown, now: Date): Promise<{ session: string | null; url: string | null }> {
  const checked = checkJoinUrl(url);
  if (!checked.ok) throw new HttpError(400, checked.error);
  const updated_at = now.toISOString();
  if (session === null || session === undefined) {
    const { error } = checked.value
      ? await db.from('coaching_standing_link').upsert({ id: true, url: checked.value, updated_at }, { onConflict: 'id' })
      : await db.from('coaching_standing_link').delete().eq('id', true);
    if (error) fail('coaching_standing_link write', error);
    return { session: null, url: checked.value };
  }
  const target = await coachSession(db, session);
  assertChangeable(target, now);
  const { error } = checked.value
    ? await db.from('coaching_join_links').upsert({ session_id: target.id, url: checked.value, updated_at }, { onConflict: 'session_id' })
    : await db.from('coaching_join_links').delete().eq('session_id', target.id);
  if (error) {
    // The session went (deleted) between the read and the write.
    if (error.code === '23503') throw new HttpError(404, COACH_MESSAGES.sessionMissing);
    fail('coaching_join_links write', error);
  }
  return { session: target.id, url: checked.value };
}

/**
 * The coach's word on whether a registrant of a session came ('joined', 'absent', or null to take
 * it back), from the session's start on; the join link's mark is kept beside it. 400 for bad
 * input, 404 for a registrant not signed up for this session, 409 before the start or for a
 * cancelled session.
 */
export async function setAttendance(db: AdminDb, id: unknown, registrant: unknown, attendance: unknown, now: Date): Promise<CoachSession> {
  const checked = checkAttendance(attendance);
  if (!checked.ok) throw new HttpError(400, checked.error);
  if (typeof registrant !== 'string' || !UUID.test(registrant)) throw new HttpError(400, COACH_MESSAGES.registrantMissing);
  const session = await coachSession(db, id);
  if (session.cancelled_at) throw new HttpError(409, COACH_MESSAGES.sessionCancelled);
  if (Date.parse(session.starts_at) > now.getTime()) throw new HttpError(409, COACH_MESSAGES.attendanceTooEarly);
  const { data, error } = await db.from('coaching_session_signups').update({ attendance: checked.value }).eq('id', registrant).eq('session_id', session.id).select('id');
  if (error) fail('coaching_session_signups update', error);
  if (!data?.length) throw new HttpError(404, COACH_MESSAGES.registrantMissing);
  return coachSession(db, session.id);
}
