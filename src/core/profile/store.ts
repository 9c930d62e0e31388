/** The signed-in member's profile row (dashboard, navigation tier badge). */
import { PROFILE_ERRORS, type Profile } from './profile';
import { fetchProfile } from './api';
import { isNoRows } from '../db/result';
import { memberResource } from '../session/member-store';

export interface ProfileState {
  /** Null when the member has no profile row (yet). */
  profile: Profile | null;
  /** "Failed to fetch profile data" or "An unexpected error occurred". */
  error: string | null;
}

export const $profile = memberResource<ProfileState>(async (user) => {
  try {
    const { data, error } = await fetchProfile(user.id);
    if (error && !isNoRows(error)) {
      console.error('Profile:', error.message);
      return { profile: null, error: PROFILE_ERRORS.fetch };
    }
    return { profile: data, error: null };
  } catch (error) {
    console.error('Profile:', error);
    return { profile: null, error: PROFILE_ERRORS.unexpected };
  }
});
