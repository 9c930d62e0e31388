/**
 * The member's own calendar day and the streak (The Bloom Book's pages, Rise Mode's mornings): the
 * day turns at the member's midnight, not the server's, and the streak counts days in a row by
 * that day, across months, years, leap days, midnight and time zones.
 */
import { describe, expect, it } from 'vitest';
import { dayIn, streak } from '../../../src/features/lounge/shared/local-day';

describe('the member’s day', () => {
  it('is the member’s own calendar day: the same instant is a different day in Auckland and Honolulu', () => {
    const instant = new Date('2026-11-25T10:30:00Z');
    expect(dayIn(instant, 'Pacific/Auckland')).toBe('2026-11-25');
    expect(dayIn(instant, 'Pacific/Honolulu')).toBe('2026-11-25');
    const lateUtc = new Date('2026-11-25T23:30:00Z');
    expect(dayIn(lateUtc, 'Pacific/Auckland')).toBe('2026-11-26');
    expect(dayIn(lateUtc, 'America/New_York')).toBe('2026-11-25');
  });

  it('turns at midnight local time, not UTC', () => {
    expect(dayIn(new Date('2026-11-25T22:59:59Z'), 'Europe/Berlin')).toBe('2026-11-25');
    expect(dayIn(new Date('2026-11-25T23:00:00Z'), 'Europe/Berlin')).toBe('2026-11-26');
  });
});

describe('the streak', () => {
  it('counts days in a row ending today', () => {
    expect(streak(['2026-11-23', '2026-11-24', '2026-11-25'], '2026-11-25')).toBe(3);
    expect(streak(['2026-11-21', '2026-11-24', '2026-11-25'], '2026-11-25')).toBe(2);
  });

  it('is kept until the day is over when today’s page is not written yet, and lost the day after', () => {
    expect(streak(['2026-11-23', '2026-11-24'], '2026-11-25')).toBe(2);
    expect(streak(['2026-11-23', '2026-11-24'], '2026-11-26')).toBe(0);
  });

  it('crosses months, years and a leap day', () => {
    expect(streak(['2027-12-31', '2028-01-01', '2028-01-02'], '2028-01-02')).toBe(3);
    expect(streak(['2028-02-28', '2028-02-29', '2028-03-01'], '2028-03-01')).toBe(3);
  });

  it('counts by the member’s own day across midnight and time zones', () => {
    // Written at 23:50 and 00:10 Berlin time: two days in a row, though 20 minutes apart.
    const written = [new Date('2026-11-24T22:50:00Z'), new Date('2026-11-24T23:10:00Z')].map((d) => dayIn(d, 'Europe/Berlin'));
    expect(written).toEqual(['2026-11-24', '2026-11-25']);
    expect(streak(written, dayIn(new Date('2026-11-25T08:00:00Z'), 'Europe/Berlin'))).toBe(2);
    // A member flies from Tokyo to New York: each page keeps the day it was written on, and
    // "today" is read on the member's clock now, so the streak holds.
    const tokyo = dayIn(new Date('2026-11-24T12:00:00Z'), 'Asia/Tokyo');
    const newYork = dayIn(new Date('2026-11-25T15:00:00Z'), 'America/New_York');
    expect([tokyo, newYork]).toEqual(['2026-11-24', '2026-11-25']);
    expect(streak([tokyo, newYork], newYork)).toBe(2);
    // Late evening in Honolulu is already the next day in UTC: UTC would break the streak.
    const honolulu = [new Date('2026-11-24T08:00:00Z'), new Date('2026-11-26T07:00:00Z')].map((d) => dayIn(d, 'Pacific/Honolulu'));
    expect(honolulu).toEqual(['2026-11-23', '2026-11-25']);
    expect(streak([...honolulu, '2026-11-24'], '2026-11-25')).toBe(3);
  });
});

describe('the gentle streak (Rise Mode)', () => {
  it('counts days in a row, keeps yesterday’s run until today is over, and breaks on a gap', () => {
    expect(streak(['2026-11-23', '2026-11-24', '2026-11-25'], '2026-11-25')).toBe(3);
    expect(streak(['2026-11-23', '2026-11-24'], '2026-11-25')).toBe(2);
    expect(streak(['2026-11-21', '2026-11-24'], '2026-11-26')).toBe(0);
    expect(streak(['2026-12-31', '2027-01-01'], '2027-01-01')).toBe(2);
  });
});
