/**
 * When Rapid Fire Coaching Live meets, in one place: the last Thursday of every month, 18:00 to
 * 19:00 on the coach's clock (Europe/Berlin), 20 seats, the next three sessions always open.
 * The daily scheduler (netlify/functions/coaching-schedule.mts) and the seed follow it; the
 * coach's page adds one-off sessions in the same zone. Pure: the time is passed in.
 */
import { instantOf, wallTimeAt } from '../../core/zoned-time';

export const COACHING_SCHEDULE = {
  /** The coach's IANA zone: the session's clock. */
  timeZone: 'Europe/Berlin',
  /** ISO weekday of the session (4: Thursday), on the last such day of each month. */
  isoWeekday: 4,
  start: { hour: 18, minute: 0 },
  minutes: 60,
  seats: 20,
  /** How many sessions ahead always exist. */
  ahead: 3,
} as const;

export type CoachingSchedule = {
  timeZone: string;
  isoWeekday: number;
  start: { hour: number; minute: number };
  minutes: number;
  seats: number;
  ahead: number;
};

/** The day of the month of the last `isoWeekday` (1 Monday ... 7 Sunday) of `month` (1-12) in `year`. */
export function lastWeekdayOfMonth(year: number, month: number, isoWeekday: number): number {
  const lastDay = new Date(Date.UTC(year, month, 0));
  const isoDay = lastDay.getUTCDay() === 0 ? 7 : lastDay.getUTCDay();
  return lastDay.getUTCDate() - ((isoDay - isoWeekday + 7) % 7);
}

export interface ScheduledSession {
  /**
   * The slot the session fills: the first day of its month ('2027-04-01'). The database keeps one
   * session a slot, so a session the coach moved or cancelled is never made again.
   */
  schedule_month: string;
  /** ISO instants, as the database takes them. */
  starts_at: string;
  ends_at: string;
  time_zone: string;
  max_spots: number;
}

/**
 * The next `schedule.ahead` sessions of the schedule that start after `now`: this month's last
 * Thursday while it is still to come, then the following months'.
 */
export function upcomingScheduledSessions(now: Date, schedule: CoachingSchedule = COACHING_SCHEDULE): ScheduledSession[] {
  const sessions: ScheduledSession[] = [];
  const today = wallTimeAt(now.getTime(), schedule.timeZone);
  let year = today.year;
  let month = today.month;
  while (sessions.length < schedule.ahead) {
    const day = lastWeekdayOfMonth(year, month, schedule.isoWeekday);
    const starts = instantOf({ year, month, day, ...schedule.start }, schedule.timeZone);
    if (starts > now.getTime()) {
      sessions.push({
        schedule_month: `${year}-${String(month).padStart(2, '0')}-01`,
        starts_at: new Date(starts).toISOString(),
        ends_at: new Date(starts + schedule.minutes * 60_000).toISOString(),
        time_zone: schedule.timeZone,
        max_spots: schedule.seats,
      });
    }
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return sessions;
}
