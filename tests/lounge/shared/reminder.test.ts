/**
 * The daily reminder's calendar file is valid RFC 5545: CRLF lines folded at 75 octets, the
 * required properties, DTSTART on the member's clock with TZID, a daily RRULE, an alarm, TEXT
 * escaping, and a VTIMEZONE that places every day's reminder at the member's wall time across
 * the changes of clocks (checked against Intl, with a small reader of the VTIMEZONE's rules).
 */
import { describe, expect, it } from 'vitest';
import { firstReminder, reminderCalendar, reminderFileName, type ReminderWords } from '../../../src/features/lounge/shared/reminder';
import { transitions, vtimezoneLines } from '../../../src/features/lounge/shared/vtimezone';
import { instantOf } from '../../../src/core/zoned-time';

const words: ReminderWords = {
  defaultTime: '07:30',
  minutes: 5,
  summary: 'A few slow breaths, with Stillpoint; just you',
  invitation: 'Sit back, let your shoulders drop, and breathe with the guide for a few minutes.',
};
const options = {
  appName: 'Stillpoint',
  homeUrl: 'https://inneralchemy.coach/lounge/stillpoint/',
  time: '07:30',
  timeZone: 'Europe/Berlin',
  uid: 'lounge-reminder-stillpoint-0b3c@inneralchemy.coach',
  // Saturday evening before Europe's clocks go forward (Sunday 2027-03-28, 01:00 UTC).
  now: new Date('2027-03-27T20:00:00Z'),
};

const unfold = (text: string) => text.replace(/\r\n /g, '').split('\r\n').slice(0, -1);
const block = (lines: string[], name: string) => lines.slice(lines.indexOf(`BEGIN:${name}`), lines.indexOf(`END:${name}`) + 1);

/** The observances of a VTIMEZONE, as a calendar reads them. */
interface Observance {
  onset: string;
  from: number;
  to: number;
  rrule?: { month: number; nth: number; weekday: number };
  rdates: string[];
}

function parseOffset(value: string): number {
  const [, sign, h, m] = /^([+-])(\d\d)(\d\d)$/.exec(value)!;
  return (sign === '-' ? -1 : 1) * (Number(h) * 60 + Number(m));
}

function observances(lines: string[]): Observance[] {
  const out: Observance[] = [];
  let current: Observance | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:STANDARD' || line === 'BEGIN:DAYLIGHT') current = { onset: '', from: 0, to: 0, rdates: [] };
    else if (line === 'END:STANDARD' || line === 'END:DAYLIGHT') {
      out.push(current!);
      current = null;
    }
    else if (current) {
      const [name, value] = [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)];
      if (name === 'DTSTART') current.onset = value;
      if (name === 'TZOFFSETFROM') current.from = parseOffset(value);
      if (name === 'TZOFFSETTO') current.to = parseOffset(value);
      if (name === 'RDATE') current.rdates = value.split(',');
      if (name === 'RRULE') {
        const rule = Object.fromEntries(value.split(';').map((p) => p.split('=') as [string, string]));
        expect(rule.FREQ).toBe('YEARLY');
        const [, nth, day] = /^(-?\d)(SU|MO|TU|WE|TH|FR|SA)$/.exec(rule.BYDAY!)!;
        current.rrule = { month: Number(rule.BYMONTH) - 1, nth: Number(nth), weekday: ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'].indexOf(day!) };
      }
    }
  }
  return out;
}

/** A local date-time read as if it were UTC (ms). */
const localMs = (v: string) => Date.UTC(+v.slice(0, 4), +v.slice(4, 6) - 1, +v.slice(6, 8), +v.slice(9, 11), +v.slice(11, 13), +v.slice(13, 15));

/** The instants at which each observance begins, up to year `until`. */
function onsets(list: Observance[], until: number): { at: number; to: number }[] {
  const out: { at: number; to: number }[] = [];
  for (const o of list) {
    const first = localMs(o.onset);
    out.push({ at: first - o.from * 60_000, to: o.to });
    for (const r of o.rdates) out.push({ at: localMs(r) - o.from * 60_000, to: o.to });
    if (o.rrule) {
      const { month, nth, weekday } = o.rrule;
      const time = first % 86_400_000;
      for (let y = new Date(first).getUTCFullYear() + 1; y <= until; y++) {
        const days = new Date(Date.UTC(y, month + 1, 0)).getUTCDate();
        const candidates = Array.from({ length: days }, (_, i) => i + 1).filter((d) => new Date(Date.UTC(y, month, d)).getUTCDay() === weekday);
        const day = nth > 0 ? candidates[nth - 1]! : candidates.at(nth)!;
        out.push({ at: Date.UTC(y, month, day) + time - o.from * 60_000, to: o.to });
      }
    }
  }
  return out.sort((a, b) => a.at - b.at);
}

/** The offset the VTIMEZONE gives at the instant `at`. */
function offsetAt(list: Observance[], at: number): number {
  const starts = onsets(list, new Date(at).getUTCFullYear() + 1).filter((o) => o.at <= at);
  expect(starts.length, `an observance covers ${new Date(at).toISOString()}`).toBeGreaterThan(0);
  return starts.at(-1)!.to;
}

/** Every day's reminder for `days` days from DTSTART lands at the member's wall time by both the VTIMEZONE and Intl. */
function expectDailyAtWallTime(text: string, zone: string, days: number) {
  const lines = unfold(text);
  const dtstart = lines.find((l) => l.startsWith('DTSTART;'))!;
  const local = dtstart.slice(dtstart.indexOf(':') + 1);
  const list = observances(block(lines, 'VTIMEZONE'));
  const start = localMs(local);
  for (let d = 0; d < days; d++) {
    const wallMs = start + d * 86_400_000;
    const w = new Date(wallMs);
    const at = instantOf({ year: w.getUTCFullYear(), month: w.getUTCMonth() + 1, day: w.getUTCDate(), hour: w.getUTCHours(), minute: w.getUTCMinutes() }, zone);
    expect(offsetAt(list, at), `${zone} on ${w.toISOString().slice(0, 10)}`).toBe((wallMs - at) / 60_000);
  }
}

describe('reminderCalendar', () => {
  const text = reminderCalendar(words, options)!;
  const lines = unfold(text);

  it('uses CRLF only, folds every line at 75 octets without splitting a character, and ends with CRLF', () => {
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const physical = text.split('\r\n').slice(0, -1);
    for (const line of physical) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(physical.some((l) => l.startsWith(' '))).toBe(true);
    expect(text).not.toContain('\uFFFD');
  });

  it('has one calendar with the required properties and one daily event in the member’s zone', () => {
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('PRODID:-//Inner Alchemy//Lounge Reminders//EN');
    const event = block(lines, 'VEVENT');
    expect(event).toContain(`UID:${options.uid}`);
    expect(event).toContain('DTSTAMP:20270327T200000Z');
    // Still Saturday evening in Berlin: the first reminder is Sunday morning, the day the clocks change.
    expect(event).toContain('DTSTART;TZID=Europe/Berlin:20270328T073000');
    expect(event).toContain('RRULE:FREQ=DAILY');
    expect(event).toContain('DURATION:PT5M');
    expect(lines.filter((l) => l.startsWith('BEGIN:VEVENT'))).toHaveLength(1);
    const alarm = block(event, 'VALARM');
    expect(alarm).toEqual(expect.arrayContaining(['ACTION:DISPLAY', 'TRIGGER:PT0S']));
    expect(alarm.some((l) => l.startsWith('DESCRIPTION:'))).toBe(true);
  });

  it('escapes its text and links the description to the app’s home in the Lounge', () => {
    const event = block(lines, 'VEVENT');
    expect(event).toContain('SUMMARY:A few slow breaths\\, with Stillpoint\\; just you');
    expect(event).toContain(
      'DESCRIPTION:Sit back\\, let your shoulders drop\\, and breathe with the guide for a few minutes.\\n\\nOpen Stillpoint: https://inneralchemy.coach/lounge/stillpoint/',
    );
    expect(event).toContain('URL:https://inneralchemy.coach/lounge/stillpoint/');
  });

  it('writes a VTIMEZONE for the TZID the event uses: CET and CEST on Europe’s yearly rules', () => {
    const zone = block(lines, 'VTIMEZONE');
    expect(zone).toContain('TZID:Europe/Berlin');
    expect(lines.filter((l) => l === 'BEGIN:VTIMEZONE')).toHaveLength(1);
    const daylight = block(zone, 'DAYLIGHT');
    expect(daylight).toEqual(expect.arrayContaining(['TZOFFSETFROM:+0100', 'TZOFFSETTO:+0200', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU', 'TZNAME:CEST']));
    expect(daylight.find((l) => l.startsWith('DTSTART:'))).toMatch(/^DTSTART:\d{4}03\d\dT020000$/);
    const standard = block(zone, 'STANDARD');
    expect(standard).toEqual(expect.arrayContaining(['TZOFFSETFROM:+0200', 'TZOFFSETTO:+0100', 'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU', 'TZNAME:CET']));
    expect(standard.find((l) => l.startsWith('DTSTART:'))).toMatch(/^DTSTART:\d{4}10\d\dT030000$/);
  });

  it('places every day’s reminder at 07:30 in Berlin across the change to CEST and back, for three years', () => {
    expectDailyAtWallTime(text, 'Europe/Berlin', 3 * 366);
  });

  it.each(['America/New_York', 'Australia/Sydney', 'Asia/Tokyo', 'UTC', 'Asia/Kolkata', 'America/Sao_Paulo', 'Africa/Casablanca', 'Asia/Tehran'])(
    'writes %s’s rules so each day lands at the member’s wall time',
    (timeZone) => {
      const zoned = reminderCalendar(words, { ...options, timeZone, time: '21:15' })!;
      expect(unfold(zoned)).toContain(`TZID:${timeZone}`);
      expect(unfold(zoned).some((l) => l.startsWith(`DTSTART;TZID=${timeZone}:`) && l.endsWith('T211500'))).toBe(true);
      expectDailyAtWallTime(zoned, timeZone, 2 * 366);
    },
  );

  it('names New York’s and Sydney’s rules as the nth Sunday of their months', () => {
    const ny = vtimezoneLines('America/New_York', Date.parse('2027-01-10T12:00:00Z'));
    expect(ny).toEqual(expect.arrayContaining(['RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU', 'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU', 'TZOFFSETTO:-0400', 'TZOFFSETTO:-0500']));
    const sydney = vtimezoneLines('Australia/Sydney', Date.parse('2027-01-10T12:00:00Z'));
    expect(sydney).toEqual(expect.arrayContaining(['RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU', 'RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU']));
  });

  it('writes onsets on whole minutes (no seconds) whatever the time of the download', () => {
    const zone = vtimezoneLines('Africa/Casablanca', Date.parse('2026-01-20T13:47:29.512Z'));
    for (const line of zone.filter((l) => /^(DTSTART|RDATE):/.test(l))) expect(line).toMatch(/^(DTSTART|RDATE):\d{8}T\d{4}00(,\d{8}T\d{4}00)*$/);
  });

  it('gives a zone without changes of clocks one observance, and finds Berlin’s changes to the minute', () => {
    expect(vtimezoneLines('Asia/Tokyo', Date.parse('2027-01-10T12:00:00Z'))).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Asia/Tokyo',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:+0900',
      'TZOFFSETTO:+0900',
      'TZNAME:GMT+9',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
    expect(transitions('Europe/Berlin', Date.parse('2027-01-01T00:00:00Z'), Date.parse('2028-01-01T00:00:00Z'))).toEqual([
      { at: Date.parse('2027-03-28T01:00:00Z'), from: 60, to: 120 },
      { at: Date.parse('2027-10-31T01:00:00Z'), from: 120, to: 60 },
    ]);
  });

  it('starts today when the time is still ahead, tomorrow once it has passed, and refuses a time that is not HH:MM', () => {
    // 20:00 UTC is 21:00 in Berlin (CET).
    expect(firstReminder('21:01', 'Europe/Berlin', options.now).local).toBe('20270327T210100');
    expect(firstReminder('21:00', 'Europe/Berlin', options.now).local).toBe('20270328T210000');
    // Already Sunday in Tokyo.
    expect(firstReminder('07:30', 'Asia/Tokyo', options.now).local).toBe('20270328T073000');
    expect(reminderCalendar(words, { ...options, time: '7:30pm' })).toBeNull();
    expect(reminderCalendar(words, { ...options, time: '24:00' })).toBeNull();
    expect(reminderFileName('stillpoint')).toBe('stillpoint-daily-reminder.ics');
  });

  it('keeps the UID and the VTIMEZONE the same from one download to the next, so a calendar updates one event', () => {
    const later = reminderCalendar(words, { ...options, now: new Date('2027-03-27T20:05:17.250Z') })!;
    expect(unfold(later).find((l) => l.startsWith('UID:'))).toBe(`UID:${options.uid}`);
    expect(block(unfold(later), 'VTIMEZONE')).toEqual(block(lines, 'VTIMEZONE'));
  });
});
