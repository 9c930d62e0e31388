/**
 * The days-practised calendar's rules: five weeks, Monday first, ending with the member's
 * current week; each record on the member's own day in their zone (across the changes of
 * clocks), a Bloom Book or Rise Mode day as it is kept; days to come never "not practised";
 * and what a screen reader hears for each day.
 */
import { describe, expect, it } from 'vitest';
import { dayGrid, dayLabel, dayText, gridRange, mondayOf, practisedCount, practisedDays, type PracticeRecords } from '../../../src/features/lounge/days-practised/days';
import { dayIn } from '../../../src/features/lounge/shared/local-day';

const none: PracticeRecords = { instants: {}, days: {} };

describe('the weeks shown', () => {
  it('starts each week on Monday and ends with the week of today', () => {
    expect(mondayOf('2027-03-28')).toBe('2027-03-22'); // a Sunday
    expect(mondayOf('2027-03-29')).toBe('2027-03-29'); // a Monday
    expect(mondayOf('2027-01-01')).toBe('2026-12-28'); // across the year
    expect(gridRange('2027-03-31')).toEqual({ first: '2027-03-01', last: '2027-04-04' });
    const grid = dayGrid('2027-03-31', new Map());
    expect(grid).toHaveLength(5);
    for (const week of grid) expect(week).toHaveLength(7);
    expect(grid[0]![0]!.day).toBe('2027-03-01');
    expect(grid[4]![6]!.day).toBe('2027-04-04');
    expect(grid.flat().filter((d) => d.today).map((d) => d.day)).toEqual(['2027-03-31']);
    expect(grid.flat().filter((d) => d.future).map((d) => d.day)).toEqual(['2027-04-01', '2027-04-02', '2027-04-03', '2027-04-04']);
  });
});

describe('the member’s own days', () => {
  // Berlin's clocks go forward at 01:00 UTC on Sunday 2027-03-28.
  const records: PracticeRecords = {
    instants: {
      stillpoint: ['2027-03-27T23:30:00Z'], // 00:30 CET on the 28th (still the 27th in UTC)
      reset: ['2027-03-28T21:59:00Z', '2027-03-28T22:30:00Z'], // 23:59 CEST on the 28th; 00:30 CEST on the 29th
      course: ['not a time'],
    },
    days: { bloom: ['2027-03-29'], rise: ['2027-03-02', '2027-03-29'] },
  };

  it('counts each instant on the day the member lived it, on either side of the change to summer time', () => {
    const byDay = practisedDays(records, 'Europe/Berlin');
    expect([...byDay.get('2027-03-28')!]).toEqual(['stillpoint', 'reset']);
    expect([...byDay.get('2027-03-29')!].sort()).toEqual(['bloom', 'reset', 'rise']);
    expect(byDay.has('2027-03-27')).toBe(false);
  });

  it('moves the same instants to other days for a member in New York', () => {
    const byDay = practisedDays(records, 'America/New_York');
    expect([...byDay.get('2027-03-27')!]).toEqual(['stillpoint']); // 19:30 EDT
    expect([...byDay.get('2027-03-28')!]).toEqual(['reset']); // 17:59 and 18:30 EDT
  });

  it('marks the practised days of the grid with what was done, in one order, and counts them up to today', () => {
    // The clock: 2027-03-29 00:15 in Berlin (22:15 UTC on the 28th), so today is Monday the 29th there.
    const now = new Date('2027-03-28T22:15:00Z');
    const today = dayIn(now, 'Europe/Berlin');
    expect(today).toBe('2027-03-29');
    const grid = dayGrid(today, practisedDays(records, 'Europe/Berlin'));
    const cell = (day: string) => grid.flat().find((d) => d.day === day)!;
    expect(cell('2027-03-28').practised).toEqual(['stillpoint', 'reset']);
    expect(cell('2027-03-29').practised).toEqual(['bloom', 'rise', 'reset']);
    expect(cell('2027-03-02').practised).toEqual(['rise']);
    expect(cell('2027-03-27').practised).toEqual([]);
    expect(practisedCount(grid)).toEqual({ practised: 3, days: 29 });
  });

  it('never marks a day to come, even with a record on it (a device clock behind the server’s)', () => {
    const grid = dayGrid('2027-03-29', practisedDays({ instants: {}, days: { bloom: ['2027-03-30'] } }));
    const tomorrow = grid.flat().find((d) => d.day === '2027-03-30')!;
    expect(tomorrow).toMatchObject({ future: true, practised: [] });
    expect(practisedCount(grid).practised).toBe(0);
  });

  it('counts the autumn change’s long day once, and the grid has no hole or double day across it', () => {
    const grid = dayGrid('2027-11-02', practisedDays({ instants: { mindstage: ['2027-10-30T23:30:00Z', '2027-10-31T00:30:00Z', '2027-10-31T22:59:00Z'] }, days: {} }, 'Europe/Berlin'));
    const days = grid.flat().map((d) => d.day);
    expect(new Set(days).size).toBe(35);
    expect(days).toContain('2027-10-31');
    expect(grid.flat().filter((d) => d.practised.length).map((d) => d.day)).toEqual(['2027-10-31']);
    expect(practisedCount(dayGrid('2027-11-02', practisedDays(none, 'Europe/Berlin'))).practised).toBe(0);
  });
});

describe('what each day says', () => {
  it('names the day, today, and what was practised, in words', () => {
    expect(dayLabel('2027-03-29')).toBe('Monday, March 29');
    expect(dayText({ day: '2027-03-29', practised: ['stillpoint', 'course'], future: false, today: true })).toBe('Monday, March 29 (today): practised (Stillpoint, The course)');
    expect(dayText({ day: '2027-03-28', practised: [], future: false, today: false })).toBe('Sunday, March 28: not practised');
    expect(dayText({ day: '2027-03-30', practised: [], future: true, today: false })).toBe('Tuesday, March 30: still to come');
  });
});
