/**
 * Coaching sessions for the members end-to-end specs, as the scheduler and the coach add them:
 * instants on the coach's clock (Europe/Berlin), written as the database owner through the local
 * endpoint, with seats taken by signups of made-up guests (the database counts the rows; no spec
 * can claim a session is full without them). Each start is a few random seconds past the minute,
 * so specs running side by side never share one (the start is unique).
 */
import { instantOf, isoDateIn, wallTimeAt } from '../../src/core/zoned-time';
import { sessionTimeLabel } from '../../src/features/coaching/session-time';
import { asOwner } from '../support/members-commerce';

export const COACH_ZONE = 'Europe/Berlin';

export interface TestSession {
  id: string;
  starts_at: string;
  ends_at: string;
  time_zone: string;
  max_spots: number;
  is_active: boolean;
  /** The session's date on the coach's clock ('YYYY-MM-DD'). */
  date: string;
  /** '6:00 PM – 7:00 PM CET', as the pages show it on the coach's clock. */
  time: string;
}

const jitter = () => 1_000 + Math.floor(Math.random() * 58_000);

/** A session starting at the instant `startMs` (plus a few seconds), `length` minutes long. */
export function sessionAt(startMs: number, options: { length?: number; seats?: number; active?: boolean } = {}): TestSession {
  const starts = startMs + jitter();
  const session = {
    id: crypto.randomUUID(),
    starts_at: new Date(starts).toISOString(),
    ends_at: new Date(starts + (options.length ?? 60) * 60_000).toISOString(),
    time_zone: COACH_ZONE,
    max_spots: options.seats ?? 20,
    is_active: options.active ?? true,
  };
  return { ...session, date: isoDateIn(starts, COACH_ZONE), time: sessionTimeLabel(session) };
}

/** A session `days` from today at `hour`:00 on the coach's clock. */
export function sessionOn(days: number, options: { hour?: number; length?: number; seats?: number; active?: boolean } = {}): TestSession {
  const today = wallTimeAt(Date.now(), COACH_ZONE);
  const day = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
  const wall = { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour: options.hour ?? 18, minute: 0 };
  return sessionAt(instantOf(wall, COACH_ZONE), options);
}

/** Writes the sessions as the owner, then `taken[i]` guests' signups into session i. */
export async function addSessions(sessions: TestSession[], taken: number[] = []): Promise<void> {
  await asOwner(
    'coaching_sessions',
    sessions.map(({ id, starts_at, ends_at, time_zone, max_spots, is_active }) => ({ id, starts_at, ends_at, time_zone, max_spots, is_active })),
  );
  for (const [i, count] of taken.entries()) {
    const session = sessions[i];
    if (!session || !count) continue;
    await asOwner(
      'coaching_session_signups',
      Array.from({ length: count }, (_, n) => ({ user_id: `guest-${session.id.slice(0, 8)}-${n}`, session_id: session.id, name: `Guest ${n + 1}`, email: `guest${n + 1}@example.com` })),
    );
  }
}
