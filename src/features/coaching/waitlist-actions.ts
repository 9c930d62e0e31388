/**
 * The waitlist's actions in the browser (issue 46): joining the line of a full session (the
 * database registers instead when a seat is free), taking a seat offered (the member's own
 * signup, as any: the database checks the offer is theirs and still stands), and leaving the line
 * or letting an offered seat go. Loaded with the signup dialog and with the dashboard's waitlist
 * lines (a chunk of their own), never with the dashboard itself. Each answers null on success
 * or the message to show.
 */
import { COACHING_MESSAGES, coachingSignupRow, type CoachingSignupInput } from './coaching';
import { insertCoachingSignup, sendSignupConfirmation } from './api';
import { insertWaitlistPlace, leaveWaitlist, type MyPlace } from './waitlist-api';
import { $myPlaces } from './waitlist-store';
import { WAITLIST_MESSAGES } from './waitlist-words';
import { readerTimeZone } from './session-time';
import { $mySignups, $nextSessions } from './store';
import { dbFailureKind, type DbError } from '../../core/db/result';
import { $session } from '../../core/session/store';

/** The database's own words (a rule of the line or the signup, written for the member), else `fallback`. */
function wordsOf(error: DbError, fallback: string): string {
  const kind = dbFailureKind(error);
  return (kind === 'limit' || kind === 'duplicate') && error.message ? error.message : fallback;
}

const reloadAll = () => Promise.all([$myPlaces.reload(), $mySignups.reload(), $nextSessions.reload()]);

/** Joins the line of `input.sessionId`: { registered } (a seat was free after all), or { error }. */
export async function joinWaitlist(input: CoachingSignupInput): Promise<{ registered: boolean } | { error: string }> {
  const session = $session.get();
  if (session.status !== 'signedIn' || !input.sessionId) return { error: COACHING_MESSAGES.authRequired };
  try {
    const { error, registered } = await insertWaitlistPlace(coachingSignupRow(session.user.id, { ...input, sessionId: input.sessionId }, readerTimeZone()));
    void reloadAll();
    if (error) {
      console.error('Coaching waitlist:', error.message);
      return { error: wordsOf(error, WAITLIST_MESSAGES.waitlistFailed) };
    }
    if (registered) void sendSignupConfirmation().catch(() => false);
    return { registered };
  } catch (error) {
    console.error('Coaching waitlist:', error);
    return { error: WAITLIST_MESSAGES.waitlistFailed };
  }
}

/** Takes the seat offered for `place`: registered with the name and contact given when joining. */
export async function takeSeat(place: MyPlace): Promise<string | null> {
  const session = $session.get();
  if (session.status !== 'signedIn') return COACHING_MESSAGES.authRequired;
  try {
    const { error } = await insertCoachingSignup({ user_id: session.user.id, session_id: place.session_id, name: place.name, email: place.email, time_zone: place.time_zone });
    await reloadAll();
    if (error) {
      console.error('Coaching take seat:', error.message);
      return wordsOf(error, WAITLIST_MESSAGES.takeFailed);
    }
    void sendSignupConfirmation().catch(() => false);
    return null;
  } catch (error) {
    console.error('Coaching take seat:', error);
    return WAITLIST_MESSAGES.takeFailed;
  }
}

/** Leaves the line of `sessionId`, or lets its offered seat go (then offered to the next, whose email is sent now). */
export async function leavePlace(sessionId: string): Promise<string | null> {
  try {
    const { error, left } = await leaveWaitlist(sessionId);
    await reloadAll();
    if (error || !left) {
      console.error('Coaching leave waitlist:', error?.message ?? 'no place left');
      return WAITLIST_MESSAGES.leaveFailed;
    }
    void sendSignupConfirmation().catch(() => false);
    return null;
  } catch (error) {
    console.error('Coaching leave waitlist:', error);
    return WAITLIST_MESSAGES.leaveFailed;
  }
}
