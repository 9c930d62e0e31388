/**
 * Wall clocks and instants in an IANA time zone, with Intl alone: the offset of a zone at an
 * instant, the instant of a wall time in a zone (summer time included), the parts of an
 * instant on a zone's clock, and the zone's abbreviation on a given date (CET in winter, CEST
 * in summer), and the reader's own zone. Pure: no DOM, no SDK. Coaching's sessions and the
 * Lounge's daily reminder use it.
 */

export interface WallTime {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const MINUTE_MS = 60_000;

/** Whether `timeZone` is a zone Intl knows ('Europe/Berlin', 'UTC'). */
export function isTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `timeZone` at the instant `ms`. */
export function wallTimeAt(ms: number, timeZone: string): WallTime {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    partsFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/** Minutes east of UTC of `timeZone` at the instant `ms` (Berlin: 60 in winter, 120 in summer). */
export function offsetMinutes(ms: number, timeZone: string): number {
  const wall = wallTimeAt(ms, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  return Math.round((asUtc - Math.floor(ms / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
}

/**
 * The instant (epoch ms) at which the clocks of `timeZone` show `wall`. Guessed with the offset
 * at the wall time read as UTC, then corrected once with the offset at the guess, which is exact
 * on either side of a change of clocks (a wall time skipped in spring lands an hour later).
 */
export function instantOf(wall: WallTime, timeZone: string): number {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const guess = asUtc - offsetMinutes(asUtc, timeZone) * MINUTE_MS;
  return asUtc - offsetMinutes(guess, timeZone) * MINUTE_MS;
}

const abbreviationFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's short name at the instant `ms`, as people write it: 'CET' or 'CEST' for Berlin,
 * 'PST' or 'PDT' for Los Angeles, 'GMT' or 'BST' for London; 'GMT+9' where English has no
 * abbreviation. Intl's English (US) names the American zones and English (UK) the European
 * ones; the first that is not a bare offset wins.
 */
export function zoneAbbreviation(ms: number, timeZone: string): string {
  let offsetName = '';
  for (const locale of ['en-US', 'en-GB']) {
    const key = `${locale}|${timeZone}`;
    let format = abbreviationFormats.get(key);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' });
      abbreviationFormats.set(key, format);
    }
    const name = format.formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')?.value ?? '';
    if (name && !/^(GMT|UTC)[+-−]/.test(name)) return name;
    offsetName ||= name;
  }
  return offsetName;
}

/** 'YYYY-MM-DD' of the instant `ms` on the clocks of `timeZone`. */
export function isoDateIn(ms: number, timeZone: string): string {
  const { year, month, day } = wallTimeAt(ms, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The zone the reader's browser is set to ('Europe/Berlin'), or UTC when it cannot say. */
export function readerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
