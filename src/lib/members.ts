/**
 * The rows a member's pages read (the database contract of issue 5), and the small rules that
 * turn them into what the dashboard shows.
 */

import type { Tier } from './tiers';

export interface Profile {
  id: string;
  email: string | null;
  full_name: string | null;
  membership_tier: Tier | null;
  project_id: string | null;
  created_at: string | null;
}

export interface CoachingSession {
  id: string;
  /** 'YYYY-MM-DD' */
  date: string;
  time: string;
  is_active: boolean;
  spots_available: number;
  max_spots: number;
}

/** A signup as the dashboard reads it, with its session nested. */
export interface CoachingSignupWithSession {
  id: string;
  name: string;
  email: string;
  created_at: string;
  coaching_sessions: Pick<CoachingSession, 'id' | 'date' | 'time'> | null;
}

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
