/** Coaching: the member's own signups (dashboard), the upcoming sessions, signing up (and its confirmation email), the join link. */
import { COACHING_MESSAGES, coachingSignupRow, type CoachingSession, type CoachingSignupInput, type CoachingSignupWithSession } from './coaching';
import { deleteCoachingSignup, fetchCoachingSignups, fetchJoinLink, fetchUpcomingSessions, fetchWaitingSessions, insertCoachingSignup, sendSignupConfirmation } from './api';
import { readerTimeZone } from './session-time';
import { dbFailureKind } from '../../core/db/result';
import { memberResource } from '../../core/session/member-store';
import { $session } from '../../core/session/store';

/** The member's signups, newest first. Errors are ignored silently (the list is then empty). */
export const $mySignups = memberResource<CoachingSignupWithSession[]>(async (user) => {
  try {
    const { data } = await fetchCoachingSignups(user.id);
    return data ?? [];
  } catch {
    return [];
  }
});

/** How many open sessions the dashboard shows coming up. */
export const NEXT_SESSIONS = 3;

/** Active sessions not over yet, soonest first (the first `limit`); null when they could not be loaded. */
export async function loadUpcomingSessions(now: Date = new Date(), limit?: number): Promise<CoachingSession[] | null> {
  try {
    const { data, error } = await fetchUpcomingSessions(now, limit);
    if (error) console.error('Coaching sessions:', error.message);
    return error ? null : (data ?? []);
  } catch (error) {
    console.error('Coaching sessions:', error);
    return null;
  }
}

/**
 * The next open sessions, for the dashboard, and any later one where the member has a place in
 * line (their place is shown with its session however far off it is); null when the next ones
 * could not be loaded. Soonest first.
 */
export const $nextSessions = memberResource<CoachingSession[] | null>(async () => {
  const now = new Date();
  const [next, waiting] = await Promise.all([
    loadUpcomingSessions(now, NEXT_SESSIONS),
    fetchWaitingSessions(now).then(
      ({ data }) => data ?? [],
      () => [],
    ),
  ]);
  if (!next) return null;
  const later = waiting.filter((w) => !next.some((s) => s.id === w.id));
  return [...next, ...later].sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
});

/** Signs the member up; answers null on success or the message to show. */
export async function signUpForSession(input: CoachingSignupInput): Promise<string | null> {
  const session = $session.get();
  if (session.status !== 'signedIn' || !input.sessionId) return COACHING_MESSAGES.authRequired;
  try {
    const { error } = await insertCoachingSignup(coachingSignupRow(session.user.id, { ...input, sessionId: input.sessionId }, readerTimeZone()));
    if (error) {
      console.error('Coaching signup:', error.message);
      // Already registered: trying again can never succeed, so say so.
      if (dbFailureKind(error) === 'duplicate') {
        void $mySignups.reload();
        return COACHING_MESSAGES.duplicate;
      }
      // A rule of the signup (the session has begun, the address is not verified yet, one
      // address, the name's length): the database's words, written for the member.
      if (dbFailureKind(error) === 'limit' && error.message) {
        void $nextSessions.reload();
        return error.message;
      }
      return COACHING_MESSAGES.failed;
    }
    void $mySignups.reload();
    void $nextSessions.reload();
    // The confirmation email, queued with the row: sent now (the hourly run sends it otherwise).
    void sendSignupConfirmation().catch(() => false);
    return null;
  } catch (error) {
    console.error('Coaching signup:', error);
    return COACHING_MESSAGES.failed;
  }
}

/**
 * Gives the member's seat back (their own signup for a session not yet started; the database
 * refuses anything else and returns the seat to the session). Null on success, else the message.
 */
export async function giveSeatBack(signupId: string): Promise<string | null> {
  try {
    const { error, deleted } = await deleteCoachingSignup(signupId);
    if (error || !deleted) {
      console.error('Coaching cancel:', error?.message ?? 'no row deleted');
      return COACHING_MESSAGES.cancelFailed;
    }
    await Promise.all([$mySignups.reload(), $nextSessions.reload()]);
    // The seat went to the first in line, if anyone waits: their offer is sent now.
    void sendSignupConfirmation().catch(() => false);
    return null;
  } catch (error) {
    console.error('Coaching cancel:', error);
    return COACHING_MESSAGES.cancelFailed;
  }
}

/** The join link of a session the member is registered for, while it is open: `{ url }`, or `{ error }` to show. */
export async function loadJoinLink(sessionId: string): Promise<{ url: string } | { error: string }> {
  try {
    return { url: await fetchJoinLink(sessionId, COACHING_MESSAGES.joinFailed) };
  } catch (error) {
    return { error: error instanceof Error && error.message ? error.message : COACHING_MESSAGES.joinFailed };
  }
}
