/**
 * The member's own calendar day, pure: The Bloom Book's page of the day, Rise Mode's day (the
 * statement of the day, the check-in), both apps' streaks and the dates on Mindstage's and The
 * Reset Room's histories are the member's days in their own time zone (the browser's), never
 * the server's.
 */

/** The member's calendar day ('YYYY-MM-DD') at `instant` in `timeZone` (the browser's by default). */
export function dayIn(instant: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Days since 1970-01-01 of a 'YYYY-MM-DD' day (a calendar count, free of time zones). */
export function dayNumber(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return Math.floor(Date.UTC(y!, m! - 1, d!) / 86_400_000);
}

/** The day `days` before (negative) or after a 'YYYY-MM-DD' day. */
export function addDays(day: string, days: number): string {
  return new Date((dayNumber(day) + days) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Days in a row that have an entry, ending today, or yesterday while today's is not there yet
 * (a streak is not lost before the day is over). Days are the member's calendar days, so
 * crossing midnight or flying across time zones counts by the day the member wrote on.
 */
export function streak(days: Iterable<string>, today: string): number {
  const done = new Set(days);
  let day = done.has(today) ? today : addDays(today, -1);
  let count = 0;
  while (done.has(day)) {
    count++;
    day = addDays(day, -1);
  }
  return count;
}
