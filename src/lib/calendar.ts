/**
 * "Add to calendar" for a coaching session: the session's free-text time ('6:00 PM CET',
 * '18:30 Europe/Berlin', '7pm UTC+1') read into an instant, and an iCalendar file (RFC 5545)
 * with one event. Pure: no DOM, no SDK (Intl gives the zones' offsets).
 */
import { parseIsoDate } from './dates';

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

export interface SessionTime {
  hour: number;
  minute: number;
  /** An IANA zone, or a fixed offset in minutes east of UTC. */
  zone: { tz: string } | { offsetMinutes: number };
  /** The zone as written, for people ('CET'). */
  zoneLabel: string;
}

const TIME = /^(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?\s*(.*)$/i;
const OFFSET = /^(?:UTC|GMT)\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?$/i;

function isZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * '6:00 PM CET', '18:00 CET', '6pm cet', '18.30 Europe/Berlin', '7:00 PM UTC+1' -> the time and
 * its zone; null when the time or the zone cannot be read (no zone is never guessed).
 */
export function parseSessionTime(text: string): SessionTime | null {
  const match = TIME.exec(text.trim());
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = match[2] ? Number(match[2]) : 0;
  const meridiem = match[3]?.toLowerCase().replace(/\./g, '');
  const zoneText = (match[4] ?? '').trim();
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === 'pm' ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || !zoneText) return null;
  const offset = OFFSET.exec(zoneText);
  if (offset) {
    const minutes = Number(offset[2]) * 60 + (offset[3] ? Number(offset[3]) : 0);
    if (minutes > 14 * 60) return null;
    return { hour, minute, zone: { offsetMinutes: offset[1] === '-' ? -minutes : minutes }, zoneLabel: zoneText };
  }
  const tz = ZONES[zoneText.toUpperCase()] ?? (zoneText.includes('/') && isZone(zoneText) ? zoneText : null);
  if (!tz) return null;
  return { hour, minute, zone: { tz }, zoneLabel: zoneText };
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

/** The instant (epoch ms) a session on `date` ('YYYY-MM-DD') at `time` starts; null if unreadable. */
export function sessionStart(date: string, time: string): number | null {
  const day = parseIsoDate(date);
  const parsed = parseSessionTime(time);
  if (!day || !parsed) return null;
  const wall = Date.UTC(day.year, day.month - 1, day.day, parsed.hour, parsed.minute);
  if ('offsetMinutes' in parsed.zone) return wall - parsed.zone.offsetMinutes * 60_000;
  // The wall time read in the zone: guess with the offset at the wall instant, then correct once
  // (enough around a daylight-saving change).
  const tz = parsed.zone.tz;
  let utc = wall - zoneOffsetMinutes(tz, wall) * 60_000;
  utc = wall - zoneOffsetMinutes(tz, utc) * 60_000;
  return utc;
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
  const start = sessionStart(session.date, session.time);
  if (start === null) return null;
  const end = start + SESSION_MINUTES * 60_000;
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
