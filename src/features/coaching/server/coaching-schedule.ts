/**
 * The scheduler's work (netlify/functions/coaching-schedule.mts): make sure the next sessions of
 * the schedule (src/features/coaching/schedule.ts: the next three last Thursdays, 18:00 to 19:00
 * on the coach's clock, 20 seats) exist. Each is one slot, its month (`schedule_month`, unique in
 * the database), inserted with `on conflict (schedule_month) do nothing`: a slot already made,
 * whatever the coach has since moved, re-timed or cancelled, is never made again nor touched, so
 * two runs at once, a retry or a run by hand never make a duplicate nor change a session. A slot
 * whose instant a one-off session of the coach already takes (unique starts_at) is left to it.
 */
import { COACHING_SCHEDULE, upcomingScheduledSessions, type CoachingSchedule, type ScheduledSession } from '../schedule';
import { sessionDayLabel, sessionTimeLabel } from '../session-time';
import { Upstream } from '../../../../netlify/functions/_shared/log';
import { describeDbError, type AdminDb } from '../../../../netlify/functions/_shared/supabase';

export const SCHEDULE_FAILED = 'The coaching schedule could not be kept just now.';

export interface ScheduleRun {
  /** The start instants (ISO) of the sessions this run added, soonest first. */
  created: string[];
  /** The slots that were there already (their start as the schedule has it). */
  kept: string[];
}

/** Inserts one slot's session unless its slot (or its instant) is taken; true when this run made it. */
async function makeSlot(db: AdminDb, session: ScheduledSession): Promise<boolean> {
  const { data, error } = await db
    .from('coaching_sessions')
    .upsert(session, { onConflict: 'schedule_month', ignoreDuplicates: true })
    .select('id');
  // Another session starts at that very instant (a one-off the coach added): it stands for the slot.
  if (error?.code === '23505') return false;
  if (error) throw new Upstream(SCHEDULE_FAILED, describeDbError('coaching_sessions insert', error));
  return (data ?? []).length === 1;
}

/** Adds the schedule's next sessions whose slot is not made yet; throws Upstream when the database fails. */
export async function keepSchedule(db: AdminDb, now: Date, schedule: CoachingSchedule = COACHING_SCHEDULE): Promise<ScheduleRun> {
  const run: ScheduleRun = { created: [], kept: [] };
  for (const session of upcomingScheduledSessions(now, schedule)) {
    (await makeSlot(db, session) ? run.created : run.kept).push(session.starts_at);
  }
  return run;
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
