/**
 * The Lounge's daily reminder as a calendar file (RFC 5545): one event that repeats every day
 * (RRULE:FREQ=DAILY) at the wall time the member picked, in their own time zone
 * (DTSTART;TZID=<zone>, with that zone's VTIMEZONE from ./vtimezone.ts), with an alarm at the
 * start, its description saying what to do then and linking to the app's home in the Lounge.
 * It needs no push service: the member's calendar reminds them. Pure: no DOM, no SDK.
 */
import { escapeText, icsDocument, icsUtc } from '../../../core/ics';
import { instantOf, wallTimeAt } from '../../../core/zoned-time';
import { vtimezoneLines } from './vtimezone';
import { isReminderTime, TIME, type ReminderWords } from './reminder-words';

export { isReminderTime, reminderFileName, type ReminderWords } from './reminder-words';

export const REMINDER_PRODID = '-//Inner Alchemy//Lounge Reminders//EN';

export interface ReminderOptions {
  appName: string;
  /** The app's home in the Lounge, absolute ('https://inneralchemy.coach/lounge/stillpoint/'). */
  homeUrl: string;
  /** 'HH:MM' on the member's clock. */
  time: string;
  /** The member's IANA zone ('Europe/Berlin'). */
  timeZone: string;
  /** The UID (stable for one app's reminder on one device, so adding it again updates it). */
  uid: string;
  /** DTSTAMP, and what "the next time" is counted from. */
  now: Date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The first time the reminder rings: today at `time` on the member's clock if that is still
 * ahead, tomorrow otherwise. Answers the wall time (for DTSTART) and its instant.
 */
export function firstReminder(time: string, timeZone: string, now: Date): { date: string; local: string; at: number } {
  const [, h, m] = TIME.exec(time) ?? [];
  const today = wallTimeAt(now.getTime(), timeZone);
  let day = { year: today.year, month: today.month, day: today.day };
  let at = instantOf({ ...day, hour: Number(h), minute: Number(m) }, timeZone);
  if (at <= now.getTime()) {
    const next = new Date(Date.UTC(day.year, day.month - 1, day.day + 1));
    day = { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
    at = instantOf({ ...day, hour: Number(h), minute: Number(m) }, timeZone);
  }
  const date = `${day.year}${pad(day.month)}${pad(day.day)}`;
  return { date, local: `${date}T${h}${m}00`, at };
}

/** The .ics text of the daily reminder, or null for a time that is not 'HH:MM'. */
export function reminderCalendar(words: ReminderWords, options: ReminderOptions): string | null {
  if (!isReminderTime(options.time)) return null;
  const { local, at } = firstReminder(options.time, options.timeZone, options.now);
  const zone = options.timeZone;
  const description = `${words.invitation}\n\nOpen ${options.appName}: ${options.homeUrl}`;
  return icsDocument([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${REMINDER_PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...vtimezoneLines(zone, at),
    'BEGIN:VEVENT',
    `UID:${options.uid}`,
    `DTSTAMP:${icsUtc(options.now.getTime())}`,
    `DTSTART;TZID=${zone}:${local}`,
    `DURATION:PT${words.minutes}M`,
    'RRULE:FREQ=DAILY',
    `SUMMARY:${escapeText(words.summary)}`,
    `DESCRIPTION:${escapeText(description)}`,
    `URL:${options.homeUrl}`,
    'TRANSP:TRANSPARENT',
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeText(words.summary)}`,
    'TRIGGER:PT0S',
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ]);
}
