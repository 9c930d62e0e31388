/**
 * The scheduler's work (netlify/functions/coaching-schedule.mts): make sure the next sessions of
 * the schedule (src/features/coaching/schedule.ts: the next three last Thursdays, 18:00 to 19:00
 * on the coach's clock, 20 seats) exist. One insert of all three, `on conflict (starts_at) do
 * nothing`: a session already there, with or without signups, cancelled or not, is never touched,
 * so two runs, a retry or a run by hand never make a duplicate nor change a session.
 */
import { COACHING_SCHEDULE, upcomingScheduledSessions, type CoachingSchedule } from '../../../src/features/coaching/schedule';
import { sessionDayLabel, sessionTimeLabel } from '../../../src/features/coaching/session-time';
import { Upstream } from './log';
import { describeDbError, type AdminDb } from './supabase';

export const SCHEDULE_FAILED = 'The coaching schedule could not be kept just now.';

export interface ScheduleRun {
  /** The start instants (ISO) of the sessions this run added, soonest first. */
  created: string[];
  /** Those that were there already. */
  kept: string[];
}

/** Adds the schedule's next sessions that do not exist yet; throws Upstream when the database fails. */
export async function keepSchedule(db: AdminDb, now: Date, schedule: CoachingSchedule = COACHING_SCHEDULE): Promise<ScheduleRun> {
  const wanted = upcomingScheduledSessions(now, schedule);
  const { data, error } = await db
    .from('coaching_sessions')
    .upsert(wanted, { onConflict: 'starts_at', ignoreDuplicates: true })
    .select('starts_at');
  if (error) throw new Upstream(SCHEDULE_FAILED, describeDbError('coaching_sessions insert', error));
  const added = new Set((data ?? []).map((row) => Date.parse(row.starts_at)));
  return {
    created: wanted.filter((s) => added.has(Date.parse(s.starts_at))).map((s) => s.starts_at),
    kept: wanted.filter((s) => !added.has(Date.parse(s.starts_at))).map((s) => s.starts_at),
  };
}

/**
 * The one line a run logs: 'coaching schedule: added Thursday, March 25, 2027 6:00 PM – 7:00 PM
 * CET; already there: Thursday, April 29, 2027 …'.
 */
export function scheduleLogLine(run: ScheduleRun, schedule: CoachingSchedule = COACHING_SCHEDULE): string {
  const label = (startsAt: string) => {
    const session = { starts_at: startsAt, ends_at: new Date(Date.parse(startsAt) + schedule.minutes * 60_000).toISOString(), time_zone: schedule.timeZone };
    return `${sessionDayLabel(session)} ${sessionTimeLabel(session)}`;
  };
  const parts = [
    run.created.length ? `added ${run.created.map(label).join('; ')}` : 'added none',
    run.kept.length ? `already there: ${run.kept.map(label).join('; ')}` : '',
  ].filter(Boolean);
  return `coaching schedule: ${parts.join('; ')}`;
}
