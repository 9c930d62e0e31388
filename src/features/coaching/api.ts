/**
 * Coaching's rows through the browser's database client: the upcoming sessions (readable by
 * anyone), and the member's own signups (row-level security: their own only).
 */
import type { TablesInsert } from '../../core/db/database.types';
import { dbRequest, type DbError, type DbResult } from '../../core/db/client';
import type { CoachingSession, CoachingSignupWithSession } from './coaching';

/** The member's coaching signups with their session, newest first. */
export function fetchCoachingSignups(userId: string): Promise<DbResult<CoachingSignupWithSession[]>> {
  return dbRequest((db) =>
    db
      .from('coaching_session_signups')
      .select('id, name, email, created_at, coaching_sessions(id, date, time)')
      .eq('user_id', userId)
      .order('created_at', { ascending: false })
      ,
  );
}

/** Active sessions dated `today` ('YYYY-MM-DD') or later, soonest first. */
export function fetchUpcomingSessions(today: string): Promise<DbResult<CoachingSession[]>> {
  return dbRequest((db) =>
    db
      .from('coaching_sessions')
      .select('id, date, time, is_active, spots_available, max_spots')
      .eq('is_active', true)
      .gte('date', today)
      .order('date', { ascending: true })
      ,
  );
}

/** A signup as the member sends it (the id and time are the database's). */
export type NewCoachingSignup = Pick<TablesInsert<'coaching_session_signups'>, 'user_id' | 'session_id' | 'name' | 'email'>;

export async function insertCoachingSignup(row: NewCoachingSignup): Promise<{ error: DbError | null }> {
  const { error } = await dbRequest((db) => db.from('coaching_session_signups').insert(row));
  return { error };
}

/**
 * Deletes one of the member's signups (row-level security: their own, for a session from today
 * on). `deleted` is false when no row matched (already gone, or not theirs to delete).
 */
export async function deleteCoachingSignup(signupId: string): Promise<{ error: DbError | null; deleted: boolean }> {
  const { data, error } = await dbRequest((db) => db.from('coaching_session_signups').delete().eq('id', signupId).select('id'));
  return { error, deleted: Array.isArray(data) && data.length > 0 };
}
