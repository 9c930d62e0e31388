/** Coaching rules: the availability label, the signup form's checks and messages, the member's upcoming and past seats. */
import { describe, expect, it } from 'vitest';
import { availability, coachingSignupRow, isSelectable, validateCoachingSignup } from '../../src/features/coaching/coaching';

describe('availability label', () => {
  it.each([
    [10, 10, 'Available'],
    [6, 10, 'Available'],
    [5, 10, 'Limited'],
    [3, 10, 'Limited'],
    [2, 10, 'Almost Full'],
    [1, 10, 'Almost Full'],
    [0, 10, 'Full'],
    [0, 0, 'Full'],
    [-1, 10, 'Full'],
  ] as const)('%i of %i spots: %s', (spots, max, label) => {
    expect(availability(spots, max)).toBe(label);
  });

  it('uses strict thresholds: exactly half is Limited, exactly a fifth is Almost Full', () => {
    expect(availability(50, 100)).toBe('Limited');
    expect(availability(51, 100)).toBe('Available');
    expect(availability(20, 100)).toBe('Almost Full');
    expect(availability(21, 100)).toBe('Limited');
  });

  it('makes only full sessions unselectable', () => {
    expect(isSelectable(0, 12)).toBe(false);
    expect(isSelectable(1, 12)).toBe(true);
  });
});

describe('coaching signup validation', () => {
  const ok = { name: 'Ana', email: 'ana@example.com', sessionId: 's1' };

  it('checks name, email, email shape, then the session, in that order', () => {
    expect(validateCoachingSignup({ name: ' ', email: '', sessionId: null })).toBe('Please enter your name');
    expect(validateCoachingSignup({ ...ok, email: '  ', sessionId: null })).toBe('Please enter your email address');
    expect(validateCoachingSignup({ ...ok, email: 'ana.example.com', sessionId: null })).toBe('Please enter a valid email address');
    expect(validateCoachingSignup({ ...ok, sessionId: null })).toBe('Please select a session');
    expect(validateCoachingSignup(ok)).toBeNull();
  });

  it('asks for one address and a name of at most 100 characters, as the database does', () => {
    const ok = { name: 'Ana', email: 'ana@example.com', sessionId: 's1' };
    for (const email of ['a@x.com,b@y.com', 'a@x.com b@y.com', 'Ana <ana@example.com>', 'a@x.com;b@y.com', 'a@b@c.com', `${'a'.repeat(250)}@x.com`]) {
      expect(validateCoachingSignup({ ...ok, email }), email).toBe('Please enter one email address, with no commas or spaces.');
    }
    expect(validateCoachingSignup({ ...ok, name: 'N'.repeat(101) })).toBe('Please keep your name to 100 characters or fewer.');
    expect(validateCoachingSignup({ ...ok, name: 'N'.repeat(100) })).toBeNull();
  });

  it('inserts the name trimmed, the email trimmed and lower-cased, and the member’s time zone', () => {
    expect(coachingSignupRow('uid-1', { name: '  Ana Lima ', email: ' Ana@Example.COM ', sessionId: 's1' }, 'America/New_York')).toEqual({
      user_id: 'uid-1',
      session_id: 's1',
      name: 'Ana Lima',
      email: 'ana@example.com',
      time_zone: 'America/New_York',
    });
  });
});

describe('splitSignups and the duplicate message', async () => {
  const { splitSignups, COACHING_MESSAGES: M } = await import('../../src/features/coaching/coaching');
  const at = (id: string, starts: string | null, cancelled = false) => ({
    id,
    coaching_sessions: starts
      ? { starts_at: starts, ends_at: new Date(Date.parse(starts) + 3_600_000).toISOString(), cancelled_at: cancelled ? '2026-01-01T00:00:00Z' : null }
      : null,
  });
  const now = Date.parse('2026-01-20T17:30:00Z');

  it('lists upcoming soonest first (a session in progress counts), cancelled apart, past latest first, and drops unknown sessions', () => {
    const { upcoming, cancelled, past } = splitSignups(
      [
        at('a', '2026-01-10T17:00:00Z'),
        at('b', '2026-03-01T17:00:00Z'),
        at('c', '2026-02-01T17:00:00Z'),
        at('d', '2025-12-01T17:00:00Z'),
        at('e', null),
        at('f', '2026-01-20T17:00:00Z'),
        at('g', '2026-02-26T17:00:00Z', true),
        at('h', '2026-01-15T17:00:00Z', true),
        at('i', '2026-01-20T16:00:00Z'),
      ],
      now,
    );
    expect(upcoming.map((s) => s.id)).toEqual(['f', 'c', 'b']);
    expect(cancelled.map((s) => s.id)).toEqual(['g']);
    expect(past.map((s) => s.id)).toEqual(['i', 'h', 'a', 'd']);
  });

  it('says a duplicate is already registered instead of "try again"', () => {
    expect(M.duplicate).toMatch(/already registered/);
    expect(M.duplicate).not.toMatch(/try again/i);
  });
});
