/**
 * "Add to calendar" for a coaching session: an iCalendar file (RFC 5545) with one event, written
 * from the session's instants. DTSTART and DTEND are UTC date-times (the form 3.3.5 calls "date
 * with UTC time"), so every calendar places the event at the same moment without a VTIMEZONE;
 * the description names the time on the coach's clock. Escaping and folding: src/core/ics.ts.
 * Pure: no DOM, no SDK.
 */
import { escapeText, icsDocument, icsUtc } from '../../core/ics';
import { sessionTimeLabel, type SessionInstants } from './session-time';

export const SESSION_TITLE = 'Rapid Fire Coaching Live';
export const CALENDAR_PRODID = '-//Inner Alchemy//Coaching Sessions//EN';

export interface CalendarSession extends SessionInstants {
  id: string;
  /** 'YYYY-MM-DD', the session's date on the coach's clock (the file name). */
  date: string;
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
 * The .ics text of one session (VCALENDAR 2.0 with one VEVENT), or null when its instants are
 * not readable. The UID is stable per session, so adding it twice updates one event.
 */
export function sessionCalendar(session: CalendarSession, options: CalendarOptions): string | null {
  const start = Date.parse(session.starts_at);
  const end = Date.parse(session.ends_at);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) return null;
  const description = [`${SESSION_TITLE}, ${sessionTimeLabel(session)}.`, options.joinDetails].filter(Boolean).join('\n\n');
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
  return icsDocument(lines);
}

/** The file name the download gets: 'rapid-fire-coaching-2026-03-26.ics'. */
export function calendarFileName(session: Pick<CalendarSession, 'date'>): string {
  return `rapid-fire-coaching-${session.date}.ics`;
}
