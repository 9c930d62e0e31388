/**
 * A VTIMEZONE component (RFC 5545, 3.6.5) for an IANA zone, written out from the zone's own
 * rules as Intl knows them, so an event with `DTSTART;TZID=<zone>` means the same wall time in
 * every calendar, including those that do not know the zone's name. The zone's changes of
 * clocks are found by reading its offset over the year before the start and the years after;
 * each kind of change (to summer time, back to standard time) that falls every year on the same
 * weekday of the same month at the same wall time is written as a yearly RRULE (the European
 * rule is "last Sunday of March at 02:00"), so the calendar keeps applying it for as long as the
 * event repeats; a zone whose changes follow no such rule gets each change found as an RDATE.
 * A zone without changes is one STANDARD observance. Pure: no DOM, no SDK.
 */
import { offsetMinutes, zoneAbbreviation } from '../../../core/zoned-time';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** How far the zone is read: from a year before the start to this many years after. */
export const YEARS_AFTER = 10;
/** The first observance of a zone that has no change of clocks at all. */
const EPOCH_ONSET = '19700101T000000';

/** A change of clocks: the instant, and the offsets (minutes east of UTC) before and after. */
export interface Transition {
  at: number;
  from: number;
  to: number;
}

/** Every change of clocks of `timeZone` in [start, end), in order, to the minute. */
export function transitions(timeZone: string, start: number, end: number): Transition[] {
  const found: Transition[] = [];
  const step = DAY;
  let t = start;
  let offset = offsetMinutes(t, timeZone);
  while (t < end) {
    const next = Math.min(t + step, end);
    const nextOffset = offsetMinutes(next, timeZone);
    if (nextOffset !== offset) {
      // The first minute with the new offset, by halving the day.
      let lo = t;
      let hi = next;
      while (hi - lo > MINUTE) {
        const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
        if (offsetMinutes(mid, timeZone) === offset) lo = mid;
        else hi = mid;
      }
      found.push({ at: hi, from: offset, to: offsetMinutes(hi, timeZone) });
    }
    t = next;
    offset = nextOffset;
  }
  return found;
}

/** '+0100', '-0500', '+0000' (utc-offset, 3.3.14: never '-0000'). */
export function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/** The wall time (as UTC fields) of the instant `at` on a clock `offset` minutes east of UTC. */
const wall = (at: number, offset: number) => new Date(at + offset * MINUTE);

/** A local date-time ('20260329T020000', "date with local time", 3.3.5) of a wall time. */
function localDateTime(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, '');
}

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/** The day of the month of the nth (1 to 4) or last (-1) `weekday` of a month. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): number {
  if (nth > 0) {
    const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
    return 1 + ((weekday - first + 7) % 7) + (nth - 1) * 7;
  }
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const lastDay = new Date(Date.UTC(year, month, days)).getUTCDay();
  return days - ((lastDay - weekday + 7) % 7);
}

interface YearlyRule {
  month: number;
  weekday: number;
  nth: number;
}

/** The yearly rule every change of `group` follows (same month, weekday, week and wall time), or null. */
function yearlyRule(group: Transition[]): YearlyRule | null {
  const first = wall(group[0]!.at, group[0]!.from);
  const month = first.getUTCMonth();
  const weekday = first.getUTCDay();
  const time = first.getUTCHours() * 60 + first.getUTCMinutes();
  const day = first.getUTCDate();
  const days = new Date(Date.UTC(first.getUTCFullYear(), month + 1, 0)).getUTCDate();
  const candidates = [...(day <= 28 ? [Math.ceil(day / 7)] : []), ...(day + 7 > days ? [-1] : [])];
  const years = group.map((t) => wall(t.at, t.from).getUTCFullYear());
  // One change a year, in consecutive years: a rule, not a one-off.
  if (group.length < 2 || years.some((y, i) => i > 0 && y !== years[i - 1]! + 1)) return null;
  return (
    candidates
      .map((nth) => ({ month, weekday, nth }))
      .find((rule) =>
        group.every((t) => {
          const w = wall(t.at, t.from);
          return (
            w.getUTCMonth() === rule.month &&
            w.getUTCDay() === rule.weekday &&
            w.getUTCDate() === nthWeekday(w.getUTCFullYear(), rule.month, rule.weekday, rule.nth) &&
            w.getUTCHours() * 60 + w.getUTCMinutes() === time
          );
        }),
      ) ?? null
  );
}

/**
 * The VTIMEZONE's content lines (unfolded) for `timeZone` around an event starting at `start`:
 * its observances cover the start and every later instant the zone's rules describe.
 */
export function vtimezoneLines(timeZone: string, start: number): string[] {
  // Whole days (UTC midnights), so every change is found on a whole minute and onsets have no seconds.
  const from = Math.floor(start / DAY) * DAY - 366 * DAY;
  const to = from + Math.round((YEARS_AFTER + 1) * 365.25) * DAY;
  const found = transitions(timeZone, from, to);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  const observance = (kind: 'STANDARD' | 'DAYLIGHT', onset: string, offsetFrom: number, offsetTo: number, name: string, extra: string[]) => [
    `BEGIN:${kind}`,
    `DTSTART:${onset}`,
    ...extra,
    `TZOFFSETFROM:${utcOffset(offsetFrom)}`,
    `TZOFFSETTO:${utcOffset(offsetTo)}`,
    ...(name ? [`TZNAME:${name}`] : []),
    `END:${kind}`,
  ];

  if (found.length === 0) {
    const offset = offsetMinutes(start, timeZone);
    lines.push(...observance('STANDARD', EPOCH_ONSET, offset, offset, zoneAbbreviation(start, timeZone), []));
    return [...lines, 'END:VTIMEZONE'];
  }

  // Changes of the same kind (same offsets before and after) are one observance.
  const groups = new Map<string, Transition[]>();
  for (const t of found) {
    const key = `${t.from}>${t.to}`;
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  const rules = [...groups.values()].map((group) => ({ group, rule: yearlyRule(group) }));
  // Without a yearly rule for every kind, the time before the first change found needs its own observance.
  if (rules.some((r) => !r.rule)) {
    const offset = found[0]!.from;
    lines.push(...observance('STANDARD', localDateTime(wall(from, offset)), offset, offset, zoneAbbreviation(from, timeZone), []));
  }
  for (const { group, rule } of rules) {
    const first = group[0]!;
    const kind = first.to > first.from ? 'DAYLIGHT' : 'STANDARD';
    const extra = rule
      ? [`RRULE:FREQ=YEARLY;BYMONTH=${rule.month + 1};BYDAY=${rule.nth}${WEEKDAYS[rule.weekday]}`]
      : group.length > 1
        ? [`RDATE:${group.slice(1).map((t) => localDateTime(wall(t.at, t.from))).join(',')}`]
        : [];
    lines.push(...observance(kind, localDateTime(wall(first.at, first.from)), first.from, first.to, zoneAbbreviation(first.at, timeZone), extra));
  }
  return [...lines, 'END:VTIMEZONE'];
}
