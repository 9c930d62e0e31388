/**
 * Coaching's calls: its rows through the browser's database client (the upcoming sessions,
 * readable by anyone; the member's own signups under row-level security), the join link
 * through the coaching-join function (a secret the database never hands the browser), and the
 * call that sends a new signup's confirmation at once (coaching-confirmation).
 */
import type { TablesInsert } from '../../core/db/database.types';
import { dbRequest, type DbError, type DbResult } from '../../core/db/client';
import { askAsMember, callAsMember } from '../../core/member-api';
import type { CoachingSession, CoachingSignupWithSession } from './coaching';

/** The member's coaching signups with their session, newest first. */
export function fetchCoachingSignups(memberId: string): Promise<DbResult<CoachingSignupWithSession[]>> {
  return dbRequest((db) =>
    db
      .from('coaching_session_signups')
      .select('id, name, email, created_at, coaching_sessions(id, date, time, starts_at, ends_at, time_zone, cancelled_at)')
      .eq('user_id', memberId)
      .order('created_at', { ascending: false }),
  );
}

/**
 * Active sessions not over at `now`, soonest first (the spec's "active sessions dated today or
 * later", decided by the instant: a session late tonight in Berlin is still to come for a member
 * whose calendar already says tomorrow). `limit` keeps the first few.
 */
export function fetchUpcomingSessions(now: Date, limit?: number): Promise<DbResult<CoachingSession[]>> {
  return dbRequest((db) => {
    const query = db
      .from('coaching_sessions')
      .select('id, date, time, is_active, spots_available, max_spots, starts_at, ends_at, time_zone, coaching_waitlist(id)')
      .eq('is_active', true)
      .gt('ends_at', now.toISOString())
      .order('starts_at', { ascending: true });
    return limit ? query.limit(limit) : query;
  });
}

/**
 * Active sessions not over at `now` where the member has a place in line, however far off (the
 * dashboard shows them beside the next few): the member's own coaching_waitlist rows (row-level
 * security shows a member only theirs), then those sessions.
 */
export async function fetchWaitingSessions(now: Date): Promise<DbResult<CoachingSession[]>> {
  const places = await dbRequest((db) => db.from('coaching_waitlist').select('session_id'));
  if (places.error || !places.data?.length) return { data: [], error: places.error };
  const ids = [...new Set(places.data.map((p) => p.session_id))];
  return dbRequest((db) =>
    db
      .from('coaching_sessions')
      .select('id, date, time, is_active, spots_available, max_spots, starts_at, ends_at, time_zone, coaching_waitlist(id)')
      .in('id', ids)
      .eq('is_active', true)
      .gt('ends_at', now.toISOString())
      .order('starts_at', { ascending: true }),
  );
}

/** A signup as the member sends it (the id and time are the database's). */
export type NewCoachingSignup = Pick<TablesInsert<'coaching_session_signups'>, 'user_id' | 'session_id' | 'name' | 'email' | 'time_zone'>;

export async function insertCoachingSignup(row: NewCoachingSignup): Promise<{ error: DbError | null }> {
  const { error } = await dbRequest((db) => db.from('coaching_session_signups').insert(row));
  return { error };
}

/**
 * Asks the coaching-confirmation function to send the member's signup confirmation now (the
 * database queued it with the signup). Whether it worked or not: the hourly run sends what this
 * did not.
 */
export async function sendSignupConfirmation(): Promise<boolean> {
  const answer = await askAsMember('/api/coaching-confirmation', { method: 'POST' });
  return answer.kind === 'answered' && answer.ok;
}

/**
 * Deletes one of the member's signups (row-level security: their own, for a session not yet
 * started). `deleted` is false when no row matched (already gone, or not theirs to delete).
 */
export async function deleteCoachingSignup(signupId: string): Promise<{ error: DbError | null; deleted: boolean }> {
  const { data, error } = await dbRequest((db) => db.from('coaching_session_signups').delete().eq('id', signupId).select('id'));
  return { error, deleted: Array.isArray(data) && data.length > 0 };
}

/** The join link of a session the member is registered for, while it is open; throws with the function's message otherwise. */
export async function fetchJoinLink(sessionId: string, fallback: string): Promise<string> {
  const res = await callAsMember(`/api/coaching-join?session=${encodeURIComponent(sessionId)}`, { method: 'GET' }, fallback);
  const body = (res.body ?? {}) as { url?: unknown };
  if (typeof body.url !== 'string') throw new Error(fallback);
  return body.url;
}

