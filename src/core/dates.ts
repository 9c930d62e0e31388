/**
 * Dates as members read them: "January 5, 2025". Calendar dates ('YYYY-MM-DD', as the database
 * stores coaching sessions) are formatted from their parts, so no time zone can move them to
 * the day before; instants (timestamps, epoch values) use the reader's local calendar.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export interface CalendarDate {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The parts of a 'YYYY-MM-DD' string, or null when it is not a real calendar date. */
export function parseIsoDate(value: string): CalendarDate | null {
  const match = ISO_DATE.exec(value.trim());
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return { year, month, day };
}

function formatParts({ year, month, day }: CalendarDate): string {
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

/**
 * "January 5, 2025" for a 'YYYY-MM-DD' date, an ISO timestamp, epoch milliseconds or a Date;
 * null when the value cannot be read as a date.
 */
export function formatLongDate(value: string | number | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const calendar = parseIsoDate(value);
    if (calendar) return formatParts(calendar);
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return formatParts({ year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() });
}

/** Epoch seconds (as Stripe and the subscription table keep them) as epoch milliseconds. */
export function epochSecondsToMs(seconds: number): number {
  return seconds * 1000;
}

/** Today in the reader's calendar as 'YYYY-MM-DD' (the coaching sessions query compares with it). */
export function todayIsoDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
