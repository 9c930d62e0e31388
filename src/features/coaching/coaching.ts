/** Rapid Fire Coaching Live: its rows as the pages read them, availability labels and the signup form's rules. */
import type { Tables } from '../../core/db/database.types';

/**
 * A coaching_sessions row as the pages read it: the spec's columns (`date` is 'YYYY-MM-DD' and
 * `time` '6:00 PM – 7:00 PM CET', both written by the database from the instants) and the
 * instants themselves, which everything shown is computed from.
 */
export type CoachingSession = Pick<
  Tables<'coaching_sessions'>,
  'id' | 'date' | 'time' | 'is_active' | 'spots_available' | 'max_spots' | 'starts_at' | 'ends_at' | 'time_zone'
> & {
  /** The member's own places in its line (row-level security shows only theirs; issue 46). */
  coaching_waitlist?: { id: string }[];
};

/** The session of a signup, as the dashboard reads it (cancelled_at set when the coach cancelled it). */
export type SignupSession = Pick<Tables<'coaching_sessions'>, 'id' | 'date' | 'time' | 'starts_at' | 'ends_at' | 'time_zone' | 'cancelled_at'>;

/** A signup as the dashboard reads it, with its session nested. */
export type CoachingSignupWithSession = Pick<Tables<'coaching_session_signups'>, 'id' | 'name' | 'email' | 'created_at'> & {
  coaching_sessions: SignupSession | null;
};

export const COACHING_MESSAGES = {
  nameRequired: 'Please enter your name',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  /** The database's own words for the same rules (20261205110000_signups_close.sql). */
  nameTooLong: 'Please keep your name to 100 characters or fewer.',
  emailNotOne: 'Please enter one email address, with no commas or spaces.',
  sessionRequired: 'Please select a session',
  authRequired: 'Authentication required',
  failed: 'Failed to sign up for the session. Please try again.',
  /** A second signup for the same session (the database answers 23505). */
  duplicate: 'You’re already registered for this session. You can see it on your dashboard.',
  registered: 'You’re registered',
  cancelFailed: 'Your seat could not be given back. Please try again.',
  cancelled: 'Your seat has been given back. Thank you for making room for someone else.',
  /** A session the coach cancelled, on the member's dashboard. */
  sessionCancelled: 'Cancelled by the coach. We’re sorry: your seat for the next session is yours to choose.',
  joinFailed: 'The join link could not be fetched just now. Please try again in a moment.',
} as const;

type Timed = { coaching_sessions: Pick<SignupSession, 'starts_at' | 'ends_at' | 'cancelled_at'> | null };

/**
 * A member's signups at `now` (epoch ms): upcoming (not over yet, a session in progress
 * included) soonest first; cancelled by the coach and not yet due, soonest first; past (over,
 * cancelled or not) latest first. Signups without a session they may read are dropped.
 */
export function splitSignups<T extends Timed>(signups: readonly T[], now: number): { upcoming: T[]; cancelled: T[]; past: T[] } {
  const timed = signups.filter((s) => s.coaching_sessions);
  const start = (s: T) => Date.parse(s.coaching_sessions!.starts_at);
  const over = (s: T) => Date.parse(s.coaching_sessions!.ends_at) <= now;
  const soonest = (a: T, b: T) => start(a) - start(b);
  return {
    upcoming: timed.filter((s) => !over(s) && !s.coaching_sessions!.cancelled_at).sort(soonest),
    cancelled: timed.filter((s) => !over(s) && s.coaching_sessions!.cancelled_at).sort(soonest),
    past: timed.filter(over).sort((a, b) => soonest(b, a)),
  };
}

export type Availability = 'Available' | 'Limited' | 'Almost Full' | 'Full';

/**
 * The label of a session from its free spots relative to its size: above 50% Available, above
 * 20% Limited, above 0 Almost Full, otherwise Full.
 */
export function availability(spotsAvailable: number, maxSpots: number): Availability {
  if (!(maxSpots > 0) || !(spotsAvailable > 0)) return 'Full';
  const share = spotsAvailable / maxSpots;
  if (share > 0.5) return 'Available';
  if (share > 0.2) return 'Limited';
  return 'Almost Full';
}

/** Full sessions cannot be chosen. */
export function isSelectable(spotsAvailable: number, maxSpots: number): boolean {
  return availability(spotsAvailable, maxSpots) !== 'Full';
}

export interface CoachingSignupInput {
  name: string;
  email: string;
  sessionId: string | null;
}

/** The longest name a signup keeps, and the longest address (RFC 5321's path limit). */
export const SIGNUP_NAME_MAX = 100;
export const SIGNUP_EMAIL_MAX = 254;

/**
 * One address, as the database takes it: one '@', no commas, semicolons, white space, quotes or
 * angle brackets (a list, or a "Name <address>" form, is more than the coach's one contact).
 */
export const isOneAddress = (email: string): boolean => email.length <= SIGNUP_EMAIL_MAX && /^[^@\s,;<>"]+@[^@\s,;<>"]+$/.test(email);

/** The first problem with the form, in the spec's order, or null when it can be sent. */
export function validateCoachingSignup(input: CoachingSignupInput): string | null {
  const name = input.name.trim();
  const email = input.email.trim();
  if (!name) return COACHING_MESSAGES.nameRequired;
  if (name.length > SIGNUP_NAME_MAX) return COACHING_MESSAGES.nameTooLong;
  if (!email) return COACHING_MESSAGES.emailRequired;
  if (!email.includes('@')) return COACHING_MESSAGES.emailInvalid;
  if (!isOneAddress(email)) return COACHING_MESSAGES.emailNotOne;
  if (!input.sessionId) return COACHING_MESSAGES.sessionRequired;
  return null;
}

/**
 * The row the signup inserts: name trimmed, email trimmed and lower-cased, and the member's own
 * time zone (`timeZone`, their browser's), which the emails about the seat give the time in.
 */
export function coachingSignupRow(memberId: string, input: CoachingSignupInput & { sessionId: string }, timeZone: string) {
  return {
    user_id: memberId,
    session_id: input.sessionId,
    name: input.name.trim(),
    email: input.email.trim().toLowerCase(),
    time_zone: timeZone,
  };
}
