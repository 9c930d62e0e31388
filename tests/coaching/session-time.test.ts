/** A session's time as members read it (the coach's clock, theirs), and when the join link is open. */
import { describe, expect, it } from 'vitest';
import { joinState, joinWindow, nextJoinChange, sessionDayLabel, sessionTimeLabel, sessionWhen } from '../../src/features/coaching/session-time';

const march = { starts_at: '2027-03-25T17:00:00Z', ends_at: '2027-03-25T18:00:00Z', time_zone: 'Europe/Berlin' };
const april = { starts_at: '2027-04-29T16:00:00Z', ends_at: '2027-04-29T17:00:00Z', time_zone: 'Europe/Berlin' };

describe('sessionWhen', () => {
  it('writes the coach’s clock with the abbreviation right for the date', () => {
    expect(sessionTimeLabel(march)).toBe('6:00 PM – 7:00 PM CET');
    expect(sessionTimeLabel(april)).toBe('6:00 PM – 7:00 PM CEST');
    expect(sessionDayLabel(march)).toBe('Thursday, March 25, 2027');
  });

  it('adds the member’s own time where it differs, with the day when that differs too', () => {
    expect(sessionWhen(march, 'Europe/Berlin')).toEqual({ day: 'Thursday, March 25, 2027', time: '6:00 PM – 7:00 PM CET', yours: null });
    // Paris keeps Berlin's clock: nothing to add.
    expect(sessionWhen(april, 'Europe/Paris').yours).toBeNull();
    // New York changed its clocks two weeks before Berlin: five hours apart in late March, six in April.
    expect(sessionWhen(march, 'America/New_York').yours).toBe('1:00 PM – 2:00 PM EDT');
    expect(sessionWhen(april, 'America/New_York').yours).toBe('12:00 PM – 1:00 PM EDT');
    expect(sessionWhen(april, 'Asia/Tokyo').yours).toBe('Friday, April 30, 2027, 1:00 AM – 2:00 AM GMT+9');
  });
});

describe('the join window', () => {
  it('opens an hour before the start and closes at the end', () => {
    const opens = Date.parse('2027-03-25T16:00:00Z');
    expect(joinWindow(march)).toEqual({ opensAt: opens, closesAt: Date.parse(march.ends_at) });
    expect(joinState(march, opens - 1)).toBe('early');
    expect(joinState(march, opens)).toBe('open');
    expect(joinState(march, Date.parse(march.ends_at) - 1)).toBe('open');
    expect(joinState(march, Date.parse(march.ends_at))).toBe('ended');
  });

  it('names the next moment a session’s link opens or closes', () => {
    expect(nextJoinChange([april, march], Date.parse('2027-03-01T00:00:00Z'))).toBe(Date.parse('2027-03-25T16:00:00Z'));
    expect(nextJoinChange([april, march], Date.parse('2027-03-25T16:30:00Z'))).toBe(Date.parse('2027-03-25T18:00:00Z'));
    expect(nextJoinChange([march], Date.parse('2027-03-26T00:00:00Z'))).toBeNull();
  });
});
