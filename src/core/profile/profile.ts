/** The member's profile row, and the small rules that turn it into what the dashboard shows. */
import type { Tables } from '../db/database.types';

/** A profiles row. */
export type Profile = Tables<'profiles'>;

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
