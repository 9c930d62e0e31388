/**
 * The rows a member's pages read (the database contract of issue 5), and the small rules that
 * turn them into what the dashboard shows.
 */

import type { Tables } from './database.types';

/** A profiles row. */
export type Profile = Tables<'profiles'>;

/** A coaching_sessions row as the pages read it (`date` is 'YYYY-MM-DD'). */
export type CoachingSession = Pick<Tables<'coaching_sessions'>, 'id' | 'date' | 'time' | 'is_active' | 'spots_available' | 'max_spots'>;

/** A signup as the dashboard reads it, with its session nested. */
export type CoachingSignupWithSession = Pick<Tables<'coaching_session_signups'>, 'id' | 'name' | 'email' | 'created_at'> & {
  coaching_sessions: Pick<CoachingSession, 'id' | 'date' | 'time'> | null;
};

export const PROFILE_ERRORS = {
  fetch: 'Failed to fetch profile data',
  unexpected: 'An unexpected error occurred',
} as const;

/** The name to greet a member by: the profile's, then the account's, else "Member". */
export function greetingName(profileName: string | null | undefined, accountName: string | null | undefined): string {
  return profileName?.trim() || accountName?.trim() || 'Member';
}

export function projectIdText(projectId: string | null | undefined): string {
  return projectId?.trim() || 'Not assigned';
}

/** PostgREST's "no row" answer to a single-row read: not an error, just nothing there. */
export const NO_ROWS_CODE = 'PGRST116';

export function isNoRows(error: { code?: string | null } | null | undefined): boolean {
  return error?.code === NO_ROWS_CODE;
}
