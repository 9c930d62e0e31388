/** Coaching sessions in a calendar: reading the session's free-text time and zone, and the .ics file (its escaping and folded lines). */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { calendarFileName, escapeText, foldLine, parseSessionTime, sessionCalendar, sessionInterval, sessionStart } from '../../src/features/coaching/calendar';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe('parseSessionTime and sessionStart', () => {
  it('reads the forms the owner writes', () => {
    expect(parseSessionTime('6:00 PM CET')).toMatchObject({ hour: 18, minute: 0, zone: { tz: 'Europe/Berlin' }, zoneLabel: 'CET' });
    expect(parseSessionTime('18:30 cet')).toMatchObject({ hour: 18, minute: 30 });
    expect(parseSessionTime('7pm UTC')).toMatchObject({ hour: 19, minute: 0, zone: { tz: 'UTC' } });
    expect(parseSessionTime('12:15 a.m. PT')).toMatchObject({ hour: 0, minute: 15 });
    expect(parseSessionTime('12:00 PM Europe/Rome')).toMatchObject({ hour: 12, zone: { tz: 'Europe/Rome' } });
    expect(parseSessionTime('6:00 PM UTC+01:00')).toMatchObject({ hour: 18, zone: { offsetMinutes: 60 } });
    expect(parseSessionTime('6.30 GMT-5')).toMatchObject({ hour: 6, minute: 30, zone: { offsetMinutes: -300 } });
  });

  it('refuses what it cannot read instead of guessing', () => {
    for (const bad of ['', 'evening', '6:00 PM', '25:00 CET', '13:00 PM CET', '6:75 PM CET', '6 PM Mars/Olympus', '6 PM XYZ', '6 PM UTC+15'])
      expect(parseSessionTime(bad), bad).toBeNull();
  });

  it('turns a wall time in its zone into the right instant, summer time included', () => {
    expect(iso(sessionStart('2026-01-29', '6:00 PM CET'))).toBe('2026-01-29T17:00:00.000Z');
    // The last Thursday of June is in summer time: 6 PM in Berlin is 16:00 UTC.
    expect(iso(sessionStart('2026-06-25', '6:00 PM CET'))).toBe('2026-06-25T16:00:00.000Z');
    expect(iso(sessionStart('2026-03-26', '7:00 PM ET'))).toBe('2026-03-26T23:00:00.000Z');
    expect(iso(sessionStart('2026-03-26', '7:00 PM UTC+1'))).toBe('2026-03-26T18:00:00.000Z');
    expect(sessionStart('2026-02-30', '6:00 PM CET')).toBeNull();
    expect(sessionStart('2026-02-20', 'evening')).toBeNull();
  });
});

describe('time ranges (the seed writes "6:00 PM – 7:00 PM CET")', () => {
  const interval = (date: string, time: string) => {
    const found = sessionInterval(date, time);
    return found && { start: iso(found.start), end: iso(found.end) };
  };

  it('reads every time the seed writes, with its end', () => {
    const seeded = [...readFileSync('supabase/seed.sql', 'utf8').matchAll(/'(\d{1,2}:\d{2} [AP]M [^']*)'/g)].map((m) => m[1]!);
    expect(seeded).toEqual(['6:00 PM – 7:00 PM CET', '12:00 PM – 1:00 PM CET']);
    for (const time of seeded) expect(parseSessionTime(time), time).not.toBeNull();
    // Winter: CET is UTC+1.
    expect(interval('2026-01-29', '6:00 PM – 7:00 PM CET')).toEqual({ start: '2026-01-29T17:00:00.000Z', end: '2026-01-29T18:00:00.000Z' });
    expect(interval('2026-12-31', '12:00 PM – 1:00 PM CET')).toEqual({ start: '2026-12-31T11:00:00.000Z', end: '2026-12-31T12:00:00.000Z' });
    // Summer: the same wall clock in Berlin is UTC+2.
    expect(interval('2026-06-25', '6:00 PM – 7:00 PM CET')).toEqual({ start: '2026-06-25T16:00:00.000Z', end: '2026-06-25T17:00:00.000Z' });
    expect(interval('2026-07-30', '12:00 PM – 1:00 PM CET')).toEqual({ start: '2026-07-30T10:00:00.000Z', end: '2026-07-30T11:00:00.000Z' });
    // The Sunday summer time starts (29 March 2026, 02:00 -> 03:00 in Berlin) and ends (25 October).
    expect(interval('2026-03-29', '6:00 PM – 7:00 PM CET')).toEqual({ start: '2026-03-29T16:00:00.000Z', end: '2026-03-29T17:00:00.000Z' });
    expect(interval('2026-10-25', '6:00 PM – 7:00 PM CET')).toEqual({ start: '2026-10-25T17:00:00.000Z', end: '2026-10-25T18:00:00.000Z' });
  });

  it('reads the ways an owner may type a range, each to the same instants', () => {
    const expected = { start: '2026-01-29T17:00:00.000Z', end: '2026-01-29T18:30:00.000Z' };
    for (const time of [
      '6:00 PM – 7:30 PM CET',
      '6:00 PM — 7:30 PM CET',
      '6:00 PM - 7:30 PM CET',
      '6:00PM-7:30PM CET',
      '6:00 pm to 7:30 pm cet',
      'from 6 PM to 7:30 PM CET',
      '6 – 7:30 PM CET',
      '6-7.30pm CET',
      '6:00 p.m. – 7:30 p.m. CET',
      '18:00 – 19:30 CET',
      '18:00-19:30 CET',
      '18.00 to 19.30 CET',
      '18h00 – 19h30 CET',
      '18:00 – 19:30 Europe/Berlin',
      '18:00 – 19:30 CET/CEST',
      '6:00 PM – 7:30 PM (CET)',
      '6:00 PM – 7:30 PM UTC+1',
      '5:00 PM – 6:30 PM UTC',
      '5:00 PM – 6:30 PM GMT+0',
      '12:00 PM – 1:30 PM ET',
      '12:00 PM – 1:30 PM America/New_York',
      '18:00\u202f–\u202f19:30 CET',
      '6:00 PM CET – 7:30 PM CET',
      '18:00 CET to 19:30 CET',
      '6 PM CET to 7:30 PM CEST',
    ])
      expect(interval('2026-01-29', time), time).toEqual(expected);
  });

  it('applies one meridiem to both ends unless the start would follow the end, and crosses midnight', () => {
    expect(parseSessionTime('11:30 – 12:30 PM CET')).toMatchObject({ hour: 11, minute: 30, end: { hour: 12, minute: 30 } });
    expect(parseSessionTime('6 PM – 7 CET')).toMatchObject({ hour: 18, end: { hour: 19, minute: 0 } });
    expect(interval('2026-01-29', '11:00 PM – 12:30 AM CET')).toEqual({ start: '2026-01-29T22:00:00.000Z', end: '2026-01-29T23:30:00.000Z' });
    expect(interval('2026-01-29', '23:30 – 00:30 UTC')).toEqual({ start: '2026-01-29T23:30:00.000Z', end: '2026-01-30T00:30:00.000Z' });
  });

  it('ends 60 minutes after the start when no end is written', () => {
    expect(parseSessionTime('6:00 PM CET')).toMatchObject({ end: null });
    expect(interval('2026-06-25', '6:00 PM CET')).toEqual({ start: '2026-06-25T16:00:00.000Z', end: '2026-06-25T17:00:00.000Z' });
  });

  it('refuses a range it cannot read rather than guessing', () => {
    for (const bad of ['6:00 PM – 7:00 PM', '6:00 PM – 7:75 PM CET', '6:00 PM – 13:00 PM CET', '6:00 PM – later CET', '6 AM – 7 PM CET', '7:00 PM – 6:00 PM CET', '6:00 PM – 7:00 PM UTC+1:75', '6:00 PM CET – 7:00 PM ET'])
      expect(parseSessionTime(bad), bad).toBeNull();
  });

  it('writes the end as DTEND', () => {
    const text = sessionCalendar({ id: 's1', date: '2026-06-25', time: '6:00 PM – 7:30 PM CET' }, { host: 'h', joinDetails: '' })!;
    expect(text).toContain('DTSTART:20260625T160000Z\r\n');
    expect(text).toContain('DTEND:20260625T173000Z\r\n');
  });
});

describe('escapeText and foldLine', () => {
  it('escapes what RFC 5545 TEXT requires', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });

  it('folds at 75 octets without splitting a character', () => {
    const folded = foldLine(`DESCRIPTION:${'é'.repeat(100)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    for (const line of lines.slice(1)) expect(line.startsWith(' ')).toBe(true);
    expect(lines.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(`DESCRIPTION:${'é'.repeat(100)}`);
    expect(folded).not.toContain('\uFFFD');
  });
});

describe('sessionCalendar', () => {
  const session = { id: 'a0000000-0000-4000-8000-000000000001', date: '2026-01-29', time: '6:00 PM CET' };
  const options = {
    host: 'inneralchemy.coach',
    joinDetails: 'Join at https://meet.example/live; bring a question, or two.',
    joinUrl: 'https://meet.example/live',
    now: new Date('2026-01-02T03:04:05Z'),
  };
  const text = sessionCalendar(session, options)!;
  const unfolded = text.replace(/\r\n /g, '');
  const lines = unfolded.split('\r\n');

  it('has the required properties of RFC 5545 in the right components', () => {
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines.some((l) => l.startsWith('PRODID:'))).toBe(true);
    const event = lines.slice(lines.indexOf('BEGIN:VEVENT'), lines.indexOf('END:VEVENT') + 1);
    expect(event.length).toBeGreaterThan(2);
    expect(event).toContain('UID:coaching-a0000000-0000-4000-8000-000000000001@inneralchemy.coach');
    expect(event).toContain('DTSTAMP:20260102T030405Z');
    expect(event).toContain('DTSTART:20260129T170000Z');
    expect(event).toContain('DTEND:20260129T180000Z');
    expect(event).toContain('SUMMARY:Rapid Fire Coaching Live');
    expect(event).toContain('DESCRIPTION:Rapid Fire Coaching Live\\, 6:00 PM CET.\\n\\nJoin at https://meet.example/live\\; bring a question\\, or two.');
    expect(event).toContain('URL:https://meet.example/live');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('uses CRLF line endings only, ends with one, and folds every long line', () => {
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it('keeps the UID stable between downloads, so a calendar updates one event', () => {
    const again = sessionCalendar(session, { ...options, now: new Date('2026-01-20T00:00:00Z') })!;
    const uid = (t: string) => t.split('\r\n').find((l) => l.startsWith('UID:'));
    expect(uid(again)).toBe(uid(text));
  });

  it('leaves the location out without a join address, and gives up on an unreadable time', () => {
    const noUrl = sessionCalendar(session, { ...options, joinUrl: null })!;
    expect(noUrl).not.toContain('LOCATION:');
    expect(sessionCalendar({ ...session, time: 'after lunch' }, options)).toBeNull();
    expect(calendarFileName(session)).toBe('rapid-fire-coaching-2026-01-29.ics');
  });
});
