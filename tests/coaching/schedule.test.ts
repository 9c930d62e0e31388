/** The schedule: the last Thursday of each month, 18:00 to 19:00 in Berlin, as instants across the change of clocks. */
import { describe, expect, it } from 'vitest';
import { COACHING_SCHEDULE, lastWeekdayOfMonth, upcomingScheduledSessions } from '../../src/features/coaching/schedule';
import { instantOf, offsetMinutes, zoneAbbreviation } from '../../src/core/zoned-time';

describe('lastWeekdayOfMonth', () => {
  it('finds the last Thursday of each month', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => lastWeekdayOfMonth(2027, m, 4))).toEqual([28, 25, 25, 29, 27, 24, 29, 26, 30, 28, 25, 30]);
    // A month that ends on a Thursday, and February of a leap year.
    expect(lastWeekdayOfMonth(2026, 12, 4)).toBe(31);
    expect(lastWeekdayOfMonth(2028, 2, 4)).toBe(24);
  });
});

describe('instantOf', () => {
  it('places a wall time in its zone on either side of the change of clocks', () => {
    const iso = (wall: Parameters<typeof instantOf>[0], zone = 'Europe/Berlin') => new Date(instantOf(wall, zone)).toISOString();
    expect(iso({ year: 2027, month: 3, day: 25, hour: 18, minute: 0 })).toBe('2027-03-25T17:00:00.000Z');
    expect(iso({ year: 2027, month: 4, day: 29, hour: 18, minute: 0 })).toBe('2027-04-29T16:00:00.000Z');
    // The night the clocks go forward (28 March 2027): 01:59 is winter, 03:00 summer.
    expect(iso({ year: 2027, month: 3, day: 28, hour: 1, minute: 59 })).toBe('2027-03-28T00:59:00.000Z');
    expect(iso({ year: 2027, month: 3, day: 28, hour: 3, minute: 0 })).toBe('2027-03-28T01:00:00.000Z');
    expect(iso({ year: 2027, month: 3, day: 25, hour: 18, minute: 0 }, 'America/New_York')).toBe('2027-03-25T22:00:00.000Z');
    expect(offsetMinutes(Date.parse('2027-03-25T17:00:00Z'), 'Europe/Berlin')).toBe(60);
    expect(offsetMinutes(Date.parse('2027-04-29T16:00:00Z'), 'Europe/Berlin')).toBe(120);
  });

  it('names the zone as people write it, winter and summer', () => {
    expect(zoneAbbreviation(Date.parse('2027-03-25T17:00:00Z'), 'Europe/Berlin')).toBe('CET');
    expect(zoneAbbreviation(Date.parse('2027-04-29T16:00:00Z'), 'Europe/Berlin')).toBe('CEST');
    expect(zoneAbbreviation(Date.parse('2027-01-28T17:00:00Z'), 'America/Los_Angeles')).toBe('PST');
    expect(zoneAbbreviation(Date.parse('2027-04-29T16:00:00Z'), 'Europe/London')).toBe('BST');
    expect(zoneAbbreviation(Date.parse('2027-04-29T16:00:00Z'), 'Asia/Tokyo')).toBe('GMT+9');
  });
});

describe('upcomingScheduledSessions', () => {
  const starts = (now: string) => upcomingScheduledSessions(new Date(now)).map((s) => s.starts_at);

  it('gives the next three last Thursdays at 18:00 in Berlin, 20 seats, an hour long', () => {
    expect(upcomingScheduledSessions(new Date('2027-03-01T09:00:00Z'))).toEqual([
      { schedule_month: '2027-03-01', starts_at: '2027-03-25T17:00:00.000Z', ends_at: '2027-03-25T18:00:00.000Z', time_zone: 'Europe/Berlin', max_spots: 20 },
      { schedule_month: '2027-04-01', starts_at: '2027-04-29T16:00:00.000Z', ends_at: '2027-04-29T17:00:00.000Z', time_zone: 'Europe/Berlin', max_spots: 20 },
      { schedule_month: '2027-05-01', starts_at: '2027-05-27T16:00:00.000Z', ends_at: '2027-05-27T17:00:00.000Z', time_zone: 'Europe/Berlin', max_spots: 20 },
    ]);
    expect(COACHING_SCHEDULE).toMatchObject({ timeZone: 'Europe/Berlin', isoWeekday: 4, start: { hour: 18, minute: 0 }, minutes: 60, seats: 20, ahead: 3 });
  });

  it('keeps this month’s session until it starts, then moves on; the year turns', () => {
    expect(starts('2027-03-25T16:59:00Z')[0]).toBe('2027-03-25T17:00:00.000Z');
    expect(starts('2027-03-25T17:00:00Z')[0]).toBe('2027-04-29T16:00:00.000Z');
    expect(starts('2027-11-30T12:00:00Z')).toEqual(['2027-12-30T17:00:00.000Z', '2028-01-27T17:00:00.000Z', '2028-02-24T17:00:00.000Z']);
  });

  it('reads the month on the coach’s clock: late on the last day of a month in UTC is already the next month in Berlin', () => {
    expect(starts('2027-04-30T22:30:00Z')[0]).toBe('2027-05-27T16:00:00.000Z');
  });
});
