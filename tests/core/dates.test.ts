/** Dates as members read them: long dates in any time zone, and subscription periods in epoch seconds. */
import { describe, expect, it } from 'vitest';
import { epochSecondsToMs, formatLongDate, parseIsoDate, todayIsoDate } from '../../src/core/dates';

describe('formatLongDate', () => {
  it('writes calendar dates in long form', () => {
    expect(formatLongDate('2025-01-05')).toBe('January 5, 2025');
    expect(formatLongDate('2025-12-31')).toBe('December 31, 2025');
  });

  it('never moves a calendar date to another day, whatever the time zone', () => {
    // new Date('2025-01-01') is midnight UTC: the day before west of Greenwich. Not here.
    expect(formatLongDate('2025-01-01')).toBe('January 1, 2025');
  });

  it('formats instants in the local calendar', () => {
    expect(formatLongDate(new Date(2024, 1, 29, 12))).toBe('February 29, 2024');
    expect(formatLongDate(new Date(2025, 6, 4, 12).getTime())).toBe('July 4, 2025');
  });

  it('formats subscription periods given in epoch seconds', () => {
    const seconds = Math.floor(new Date(2025, 2, 15, 12).getTime() / 1000);
    expect(formatLongDate(epochSecondsToMs(seconds))).toBe('March 15, 2025');
  });

  it('gives null for what is not a date', () => {
    expect(formatLongDate('soon')).toBeNull();
    expect(formatLongDate('')).toBeNull();
    expect(formatLongDate(null)).toBeNull();
    expect(formatLongDate(undefined)).toBeNull();
  });
});

describe('parseIsoDate', () => {
  it('reads real dates and refuses impossible ones', () => {
    expect(parseIsoDate('2025-01-05')).toEqual({ year: 2025, month: 1, day: 5 });
    expect(parseIsoDate('2025-02-29')).toBeNull();
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseIsoDate('2025-13-01')).toBeNull();
    expect(parseIsoDate('2025-1-5')).toBeNull();
  });
});

describe('todayIsoDate', () => {
  it('is the local calendar day, zero-padded', () => {
    expect(todayIsoDate(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
    expect(todayIsoDate(new Date(2025, 10, 30, 0, 1))).toBe('2025-11-30');
  });
});
