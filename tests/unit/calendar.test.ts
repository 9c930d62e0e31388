import { describe, expect, it } from 'vitest';
import { calendarFileName, escapeText, foldLine, parseSessionTime, sessionCalendar, sessionStart } from '../../src/lib/calendar';

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
