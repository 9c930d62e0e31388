/**
 * The days a member practised, as the dashboard's small calendar shows them: the last weeks
 * (Monday to Sunday, ending with this week) in the member's own days (../shared/local-day.ts),
 * each day with what was done on it. Built only from what the apps and the course already
 * store: an instant (a finished breathing session, rehearsal or reset, a completed lesson) counts
 * on the member's calendar day in their zone; a day the app already keeps as the member's day
 * (a Bloom Book page, a Rise Mode morning) counts as it is. Pure: the clock and the zone are
 * passed in.
 */
import { addDays, dayIn, dayNumber } from '../shared/local-day';

/** How many weeks the calendar shows. */
export const WEEKS = 5;

/** What a member may have practised, named as the calendar says it. */
export const PRACTICES = {
  stillpoint: 'Stillpoint',
  bloom: 'The Bloom Book',
  rise: 'Rise Mode',
  mindstage: 'Mindstage',
  reset: 'The Reset Room',
  course: 'The course',
} as const;
export type Practice = keyof typeof PRACTICES;

/** What was read: instants (ISO timestamps) or the member's days ('YYYY-MM-DD'), by practice. */
export interface PracticeRecords {
  instants: Partial<Record<Practice, string[]>>;
  days: Partial<Record<Practice, string[]>>;
}

export interface GridDay {
  /** 'YYYY-MM-DD'. */
  day: string;
  /** What the member did that day, in the order of PRACTICES (none: an empty list). */
  practised: Practice[];
  /** After today: shown empty, never "not practised". */
  future: boolean;
  today: boolean;
}

/** The Monday of the week of `day` (a calendar count: 1970-01-01 was a Thursday). */
export function mondayOf(day: string): string {
  const weekday = (dayNumber(day) + 3) % 7; // 0 Monday … 6 Sunday
  return addDays(day, -weekday);
}

/** The first and last day the calendar shows for `today`: the Monday WEEKS - 1 weeks back, and this week's Sunday. */
export function gridRange(today: string, weeks = WEEKS): { first: string; last: string } {
  const first = addDays(mondayOf(today), -7 * (weeks - 1));
  return { first, last: addDays(first, 7 * weeks - 1) };
}

/** The days practised: each record on the member's day in `timeZone` (the browser's by default), by day. */
export function practisedDays(records: PracticeRecords, timeZone?: string): Map<string, Set<Practice>> {
  const byDay = new Map<string, Set<Practice>>();
  const mark = (day: string, practice: Practice) => {
    const set = byDay.get(day) ?? new Set<Practice>();
    set.add(practice);
    byDay.set(day, set);
  };
  for (const [practice, instants] of Object.entries(records.instants) as [Practice, string[]][]) {
    for (const iso of instants) {
      const at = new Date(iso);
      if (!Number.isNaN(at.getTime())) mark(dayIn(at, timeZone), practice);
    }
  }
  for (const [practice, days] of Object.entries(records.days) as [Practice, string[]][]) for (const day of days) mark(day, practice);
  return byDay;
}

/** The calendar: WEEKS rows of seven days, Monday first, ending with the week of `today`. */
export function dayGrid(today: string, practised: Map<string, Set<Practice>>, weeks = WEEKS): GridDay[][] {
  const { first } = gridRange(today, weeks);
  const order = Object.keys(PRACTICES) as Practice[];
  return Array.from({ length: weeks }, (_, w) =>
    Array.from({ length: 7 }, (_, d) => {
      const day = addDays(first, w * 7 + d);
      const future = dayNumber(day) > dayNumber(today);
      const done = future ? undefined : practised.get(day);
      return { day, practised: done ? order.filter((p) => done.has(p)) : [], future, today: day === today };
    }),
  );
}

/** How many of the shown days, up to today, were practised. */
export function practisedCount(grid: GridDay[][]): { practised: number; days: number } {
  const past = grid.flat().filter((d) => !d.future);
  return { practised: past.filter((d) => d.practised.length > 0).length, days: past.length };
}

/** 'Monday, November 2' of a 'YYYY-MM-DD' day (its calendar date, free of time zones). */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** What a screen reader hears for a day: 'Monday, November 2: practised (Stillpoint, The course)'. */
export function dayText(cell: GridDay): string {
  const label = `${dayLabel(cell.day)}${cell.today ? ' (today)' : ''}`;
  if (cell.future) return `${label}: still to come`;
  return cell.practised.length ? `${label}: practised (${cell.practised.map((p) => PRACTICES[p]).join(', ')})` : `${label}: not practised`;
}
