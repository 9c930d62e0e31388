/** The .ics file of a session, written from its instants (RFC 5545: UTC times; escaping and folding are tests/core/ics.test.ts). */
import { describe, expect, it } from 'vitest';
import { calendarFileName, sessionCalendar } from '../../src/features/coaching/calendar';

describe('sessionCalendar', () => {
  const session = {
    id: 'a0000000-0000-4000-8000-000000000001',
    date: '2026-01-29',
    starts_at: '2026-01-29T17:00:00.000Z',
    ends_at: '2026-01-29T18:00:00.000Z',
    time_zone: 'Europe/Berlin',
  };
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
    expect(event).toContain('DESCRIPTION:Rapid Fire Coaching Live\\, 6:00 PM – 7:00 PM CET.\\n\\nJoin at https://meet.example/live\\; bring a question\\, or two.');
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
    const memberId = (t: string) => t.split('\r\n').find((l) => l.startsWith('UID:'));
    expect(memberId(again)).toBe(memberId(text));
  });

  it('leaves the location out without a join address, and gives up on instants it cannot read', () => {
    const noUrl = sessionCalendar(session, { ...options, joinUrl: null })!;
    expect(noUrl).not.toContain('LOCATION:');
    expect(sessionCalendar({ ...session, starts_at: 'after lunch' }, options)).toBeNull();
    expect(sessionCalendar({ ...session, ends_at: session.starts_at }, options)).toBeNull();
    expect(calendarFileName(session)).toBe('rapid-fire-coaching-2026-01-29.ics');
  });

  it('is written from the instants across the change of clocks: 18:00 in Berlin is 17:00 UTC in March, 16:00 UTC in April', () => {
    const march = sessionCalendar({ ...session, starts_at: '2027-03-25T17:00:00Z', ends_at: '2027-03-25T18:00:00Z' }, options)!;
    const april = sessionCalendar({ ...session, starts_at: '2027-04-29T16:00:00Z', ends_at: '2027-04-29T17:00:00Z' }, options)!;
    expect(march).toContain('DTSTART:20270325T170000Z\r\nDTEND:20270325T180000Z\r\n');
    expect(april).toContain('DTSTART:20270429T160000Z\r\nDTEND:20270429T170000Z\r\n');
    expect(march.replace(/\r\n /g, '')).toContain('6:00 PM – 7:00 PM CET.');
    expect(april.replace(/\r\n /g, '')).toContain('6:00 PM – 7:00 PM CEST.');
  });

  it('still tells members their join link arrives by email the day before', async () => {
    const { COACHING_JOIN } = await import('../../src/core/config/site');
    expect(COACHING_JOIN.details).toContain('Your join link arrives by email the day before the session');
    expect(sessionCalendar(session, { ...options, joinDetails: COACHING_JOIN.details })!.replace(/\r\n /g, '')).toContain('Your join link arrives by email the day before the session');
  });
});
