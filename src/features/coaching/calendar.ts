/**
 * "Add to calendar" for a coaching session: the session's free-text time ('6:00 PM – 7:00 PM CET'
 * as the seed writes it, '6:00 PM CET', '18:30 Europe/Berlin', '7pm UTC+1') read into its start
 * and end instants, and an iCalendar file (RFC 5545) with one event. Pure: no DOM, no SDK (Intl gives the zones' offsets).
 */
import { parseIsoDate } from '../../core/dates';

/** How long a Rapid Fire Coaching Live session lasts. */
export const SESSION_MINUTES = 60;
export const SESSION_TITLE = 'Rapid Fire Coaching Live';
export const CALENDAR_PRODID = '-//Inner Alchemy//Coaching Sessions//EN';

/** Abbreviations people write after a time, and the zone they mean (with its summer time). */
const ZONES: Record<string, string> = {
  UTC: 'UTC',
  GMT: 'Europe/London',
  BST: 'Europe/London',
  WET: 'Europe/Lisbon',
  WEST: 'Europe/Lisbon',
  CET: 'Europe/Berlin',
  CEST: 'Europe/Berlin',
  EET: 'Europe/Athens',
  EEST: 'Europe/Athens',
  ET: 'America/New_York',
  EST: 'America/New_York',
  EDT: 'America/New_York',
  CT: 'America/Chicago',
  CST: 'America/Chicago',
  CDT: 'America/Chicago',
  MT: 'America/Denver',
  MST: 'America/Denver',
  MDT: 'America/Denver',
  PT: 'America/Los_Angeles',
  PST: 'America/Los_Angeles',
  PDT: 'America/Los_Angeles',
};

export interface WallTime {
  hour: number;
  minute: number;
}

export interface SessionTime extends WallTime {
  /** When the session ends, when the text says ('6:00 PM – 7:00 PM CET'); null for a bare start. */
  end: WallTime | null;
  /** An IANA zone, or a fixed offset in minutes east of UTC. */
  zone: { tz: string } | { offsetMinutes: number };
  /** The zone as written, for people ('CET'). */
  zoneLabel: string;
}

/** One clock time: '6', '6:00', '18.30', '18h30', each with an optional 'pm', 'p.m.', 'PM'. */
const CLOCK = String.raw`(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?`;
/** Between the start and the end: an en or em dash, a hyphen, 'to', 'until', 'till'. */
const SEPARATOR = String.raw`\s*(?:[\u2013\u2014\u2012\u2212-]|to|until|till)\s*`;
/** A zone written after the start as well ('6:00 PM CET – 7:00 PM CET'): letters and slashes. */
const START_ZONE = String.raw`(?:\s+([a-z][a-z/_]*))?`;
/** A range ('6:00 PM – 7:00 PM CET'), and a bare start ('6:00 PM CET'; also what 'GMT-5' needs). */
const RANGE = new RegExp(String.raw`^(?:from\s+)?${CLOCK}${START_ZONE}${SEPARATOR}${CLOCK}(?:\s+|$)(.*)$`, 'i');
const SINGLE = new RegExp(String.raw`^${CLOCK}()()()()(?:\s+|$)(.*)$`, 'i');
const OFFSET = /^(?:UTC|GMT)\s*([+\-\u2212])\s*(\d{1,2})(?::?(\d{2}))?$/i;
/** The longest session a range may describe; a longer one is more likely a typo than a session. */
const MAX_RANGE_MINUTES = 12 * 60;

function isZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

type Meridiem = 'am' | 'pm' | null;

const meridiemOf = (text: string | undefined): Meridiem => (text ? (text.toLowerCase().replace(/\./g, '') as 'am' | 'pm') : null);

/** Minutes after midnight of a clock time read with `meridiem` (null: 24-hour), or null when invalid. */
function minutesOf(hour: number, minute: number, meridiem: Meridiem): number | null {
  if (minute > 59) return null;
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    return ((hour % 12) + (meridiem === 'pm' ? 12 : 0)) * 60 + minute;
  }
  return hour > 23 ? null : hour * 60 + minute;
}

/**
 * The start and end of a range in minutes after midnight. A meridiem written once applies to
 * both times ('6–7 PM'), except where that would put the start after the end ('11:30–12:30 PM'
 * starts in the morning). An end at or before the start is the next day ('11 PM – 1 AM').
 */
function readRange(
  start: { hour: number; minute: number; meridiem: Meridiem },
  end: { hour: number; minute: number; meridiem: Meridiem } | null,
): { start: number; end: number | null } | null {
  if (!end) {
    const minutes = minutesOf(start.hour, start.minute, start.meridiem);
    return minutes === null ? null : { start: minutes, end: null };
  }
  let endMinutes = minutesOf(end.hour, end.minute, end.meridiem ?? (end.hour <= 12 ? start.meridiem : null));
  let startMinutes: number | null;
  if (start.meridiem || !end.meridiem || start.hour > 12) {
    startMinutes = minutesOf(start.hour, start.minute, start.meridiem);
  } else {
    startMinutes = minutesOf(start.hour, start.minute, end.meridiem);
    if (startMinutes !== null && endMinutes !== null && startMinutes >= endMinutes) {
      startMinutes = minutesOf(start.hour, start.minute, end.meridiem === 'pm' ? 'am' : 'pm');
    }
  }
  if (startMinutes === null || endMinutes === null) return null;
  if (endMinutes <= startMinutes) endMinutes += 24 * 60;
  if (endMinutes - startMinutes > MAX_RANGE_MINUTES) return null;
  return { start: startMinutes, end: endMinutes };
}

/** The zone written after the time: an abbreviation ('CET', 'CET/CEST', '(CET)'), an IANA name, or 'UTC+1'. */
function readZone(text: string): SessionTime['zone'] | null {
  const zoneText = text.replace(/^\((.*)\)$/, '$1').trim();
  if (!zoneText) return null;
  const offset = OFFSET.exec(zoneText);
  if (offset) {
    const minutes = Number(offset[2]) * 60 + (offset[3] ? Number(offset[3]) : 0);
    if (minutes > 14 * 60 || (offset[3] && Number(offset[3]) > 59)) return null;
    return { offsetMinutes: offset[1] === '+' ? minutes : -minutes };
  }
  const named = ZONES[zoneText.toUpperCase()];
  if (named) return { tz: named };
  // 'CET/CEST': two abbreviations of one zone (winter and summer).
  const pair = zoneText.toUpperCase().split('/');
  if (pair.length === 2 && ZONES[pair[0]!] && ZONES[pair[0]!] === ZONES[pair[1]!]) return { tz: ZONES[pair[0]!]! };
  if (zoneText.includes('/') && isZone(zoneText)) return { tz: zoneText };
  return null;
}

/**
 * '6:00 PM CET', '18:00 CET', '6pm cet', '18.30 Europe/Berlin', '7:00 PM UTC+1', and ranges as
 * the site writes them ('6:00 PM – 7:00 PM CET', seed.sql) or an owner types them ('6-7pm CET',
 * '18:00 to 19:00 CET', '6:00 PM CET - 7:00 PM CET', '6:00 PM - 7:00 PM Europe/Berlin') -> the
 * start, the end when given, and the zone; null when a time or the zone cannot be read (no zone is ever guessed).
 */
export function parseSessionTime(text: string): SessionTime | null {
  const normalized = text.trim().replace(/\s+/g, ' ');
  for (const pattern of [RANGE, SINGLE]) {
    const match = pattern.exec(normalized);
    const parsed = match ? readMatch(match) : null;
    if (parsed) return parsed;
  }
  return null;
}

/** The groups of RANGE or SINGLE (start, start zone, end, zone) read into a SessionTime. */
function readMatch(match: RegExpExecArray): SessionTime | null {
  const start = { hour: Number(match[1]), minute: match[2] ? Number(match[2]) : 0, meridiem: meridiemOf(match[3]) };
  const end = match[5] ? { hour: Number(match[5]), minute: match[6] ? Number(match[6]) : 0, meridiem: meridiemOf(match[7]) } : null;
  const range = readRange(start, end);
  const zone = readZone(match[8] ?? '');
  if (!range || !zone) return null;
  // A zone after the start too must be the same zone as the end's.
  if (match[4] && JSON.stringify(readZone(match[4])) !== JSON.stringify(zone)) return null;
  return {
    hour: Math.floor(range.start / 60),
    minute: range.start % 60,
    end: range.end === null ? null : { hour: Math.floor(range.end / 60), minute: range.end % 60 },
    zone,
    zoneLabel: (match[8] ?? '').trim(),
  };
}

/** Minutes east of UTC of `tz` at the instant `utcMs`. */
function zoneOffsetMinutes(tz: string, utcMs: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - utcMs) / 60_000);
}

/** The instant of a wall time (`wall`: the wall clock read as if it were UTC) in `zone`. */
function wallToInstant(wall: number, zone: SessionTime['zone']): number {
  if ('offsetMinutes' in zone) return wall - zone.offsetMinutes * 60_000;
  // Guess with the offset at the wall instant, then correct once (enough around a change of
  // summer time).
  let utc = wall - zoneOffsetMinutes(zone.tz, wall) * 60_000;
  utc = wall - zoneOffsetMinutes(zone.tz, utc) * 60_000;
  return utc;
}

/**
 * The instants (epoch ms) a session on `date` ('YYYY-MM-DD') at `time` starts and ends: the
 * range's end when the time gives one (the next day when it passes midnight), else
 * SESSION_MINUTES after the start; null if the date or time is unreadable.
 */
export function sessionInterval(date: string, time: string): { start: number; end: number } | null {
  const day = parseIsoDate(date);
  const parsed = parseSessionTime(time);
  if (!day || !parsed) return null;
  const midnight = Date.UTC(day.year, day.month - 1, day.day);
  const start = wallToInstant(midnight + (parsed.hour * 60 + parsed.minute) * 60_000, parsed.zone);
  const end = parsed.end
    ? wallToInstant(midnight + (parsed.end.hour * 60 + parsed.end.minute) * 60_000, parsed.zone)
    : start + SESSION_MINUTES * 60_000;
  return { start, end };
}

/** The instant (epoch ms) a session on `date` ('YYYY-MM-DD') at `time` starts; null if unreadable. */
export function sessionStart(date: string, time: string): number | null {
  return sessionInterval(date, time)?.start ?? null;
}

/** '20260326T170000Z' */
export function icsUtc(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** TEXT escaping (RFC 5545, 3.3.11): backslash, semicolon, comma, and newlines as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Content lines are folded to at most 75 octets (RFC 5545, 3.1): a CRLF and one space, never
 * inside a UTF-8 character.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = out.length === 0 ? 75 : 74; // continuation lines start with a space
    if (size + bytes > limit) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  out.push(current);
  return out.join('\r\n ');
}

export interface CalendarSession {
  id: string;
  date: string;
  time: string;
}

export interface CalendarOptions {
  /** The site's host, for the UID (`coaching-<id>@<host>`). */
  host: string;
  /** How to join, as the owner sets it (shown in the description; a URL also as URL/LOCATION). */
  joinDetails: string;
  joinUrl?: string | null;
  /** DTSTAMP: when the file is made. */
  now?: Date;
}

/**
 * The .ics text of one session (VCALENDAR 2.0 with one VEVENT), or null when its date or
 * time cannot be read. The UID is stable per session, so adding it twice updates one event.
 */
export function sessionCalendar(session: CalendarSession, options: CalendarOptions): string | null {
  const interval = sessionInterval(session.date, session.time);
  if (!interval) return null;
  const { start, end } = interval;
  const description = [`${SESSION_TITLE}, ${session.time}.`, options.joinDetails].filter(Boolean).join('\n\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${CALENDAR_PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:coaching-${session.id}@${options.host}`,
    `DTSTAMP:${icsUtc((options.now ?? new Date()).getTime())}`,
    `DTSTART:${icsUtc(start)}`,
    `DTEND:${icsUtc(end)}`,
    `SUMMARY:${escapeText(SESSION_TITLE)}`,
    `DESCRIPTION:${escapeText(description)}`,
    ...(options.joinUrl ? [`LOCATION:${escapeText(options.joinUrl)}`, `URL:${options.joinUrl}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** The file name the download gets: 'rapid-fire-coaching-2026-03-26.ics'. */
export function calendarFileName(session: Pick<CalendarSession, 'date'>): string {
  return `rapid-fire-coaching-${session.date}.ics`;
}
