/**
 * The waitlist's calls (issue 46): the member's places with where they stand, joining a line
 * (row-level security: their own row), leaving it. Loaded with the dialog and the dashboard's
 * waitlist lines, not with the dashboard.
 */
import type { Database } from '../../core/db/database.types';
import { dbRequest, type DbError, type DbResult } from '../../core/db/client';
import type { NewCoachingSignup } from './api';

/** A place in the waitlist as the member reads it (public.coaching_waitlist_mine: with where they stand). */
export type MyPlace = Database['public']['Functions']['coaching_waitlist_mine']['Returns'][number];

/** The member's own places in line for sessions not yet started, with their position. */
export function fetchMyPlaces(): Promise<DbResult<MyPlace[]>> {
  return dbRequest((db) => db.rpc('coaching_waitlist_mine'));
}

/**
 * Joins the line of a full session (the member's own row, row-level security). `registered` is
 * true when a seat was free and the database registered them instead (no place is returned).
 */
export async function insertWaitlistPlace(row: NewCoachingSignup): Promise<{ error: DbError | null; registered: boolean }> {
  const { data, error } = await dbRequest((db) => db.from('coaching_waitlist').insert(row).select('id'));
  return { error, registered: !error && Array.isArray(data) && data.length === 0 };
}

/** Leaves the member's place in line for a session, or lets an offered seat go. */
export async function leaveWaitlist(sessionId: string): Promise<{ error: DbError | null; left: boolean }> {
  const { data, error } = await dbRequest((db) => db.rpc('coaching_waitlist_leave', { session: sessionId }));
  return { error, left: data === true };
}
