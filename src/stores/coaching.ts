/** Coaching: the member's own signups (dashboard), the upcoming sessions and signing up. */
import { COACHING_MESSAGES, coachingSignupRow, type CoachingSignupInput } from '../lib/coaching';
import { todayIsoDate } from '../lib/dates';
import type { CoachingSession, CoachingSignupWithSession } from '../lib/members';
import { fetchCoachingSignups, fetchUpcomingSessions, insertCoachingSignup } from '../services/members';
import { memberResource } from './member-resource';
import { $session } from './session';

/** The member's signups, newest first. Errors are ignored silently (the list is then empty). */
export const $mySignups = memberResource<CoachingSignupWithSession[]>(async (user) => {
  try {
    const { data } = await fetchCoachingSignups(user.id);
    return data ?? [];
  } catch {
    return [];
  }
});

/** Active sessions from today on, soonest first; null when they could not be loaded. */
export async function loadUpcomingSessions(now: Date = new Date()): Promise<CoachingSession[] | null> {
  try {
    const { data, error } = await fetchUpcomingSessions(todayIsoDate(now));
    if (error) console.error('Coaching sessions:', error.message);
    return error ? null : (data ?? []);
  } catch (error) {
    console.error('Coaching sessions:', error);
    return null;
  }
}

/** Signs the member up; answers null on success or the message to show. */
export async function signUpForSession(input: CoachingSignupInput): Promise<string | null> {
  const session = $session.get();
  if (session.status !== 'signedIn' || !input.sessionId) return COACHING_MESSAGES.authRequired;
  try {
    const { error } = await insertCoachingSignup(coachingSignupRow(session.user.id, { ...input, sessionId: input.sessionId }));
    if (error) {
      console.error('Coaching signup:', error.message);
      return COACHING_MESSAGES.failed;
    }
    return null;
  } catch (error) {
    console.error('Coaching signup:', error);
    return COACHING_MESSAGES.failed;
  }
}
