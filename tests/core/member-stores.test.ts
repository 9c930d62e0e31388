/**
 * The member stores over a mocked database layer: coaching signup ("Authentication required",
 * the insert, the failure message), the profile's two errors, and the subscription's causes
 * (PGRST116 meaning "none").
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const db = vi.hoisted(() => ({
  fetchProfile: vi.fn(),
  fetchCoachingSignups: vi.fn(),
  fetchUpcomingSessions: vi.fn(),
  insertCoachingSignup: vi.fn(),
  sendSignupConfirmation: vi.fn(() => Promise.resolve(true)),
  fetchCustomerId: vi.fn(),
  fetchSubscription: vi.fn(),
}));
vi.mock('../../src/core/access/api', () => db);
vi.mock('../../src/core/profile/api', () => db);
vi.mock('../../src/features/coaching/api', () => db);

import { $session } from '../../src/core/session/store';
import { loadUpcomingSessions, signUpForSession } from '../../src/features/coaching/store';
import { $profile } from '../../src/core/profile/store';
import { $subscription } from '../../src/core/access/store';
import type { AppUser } from '../../src/core/session/user';

const member: AppUser = {
  id: 'uid-1',
  email: 'ana@example.com',
  phone: null,
  email_confirmed_at: null,
  full_name: 'Ana Lima',
  avatar_url: null,
  firebase_uid: 'uid-1',
};
const NO_ROWS = { code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned' };

/** The value a member store settles on once someone is signed in. */
async function settled<T>(store: { subscribe: (cb: (v: { status: string; value?: T }) => void) => () => void }): Promise<T> {
  return new Promise<T>((resolve) => {
    const off = store.subscribe((v) => {
      if (v.status === 'ready') {
        queueMicrotask(() => off());
        resolve(v.value as T);
      }
    });
  });
}

beforeEach(() => {
  for (const fn of Object.values(db)) fn.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  $session.set({ status: 'unknown' });
});
afterEach(() => vi.restoreAllMocks());

describe('coaching signup', () => {
  const input = { name: '  Ana Lima ', email: ' Ana.Lima@Example.COM ', sessionId: 's-1' };

  it('answers "Authentication required" without a signed-in member, and writes nothing', async () => {
    $session.set({ status: 'signedOut' });
    expect(await signUpForSession(input)).toBe('Authentication required');
    $session.set({ status: 'signedIn', user: member });
    expect(await signUpForSession({ ...input, sessionId: null })).toBe('Authentication required');
    expect(db.insertCoachingSignup).not.toHaveBeenCalled();
  });

  it('inserts the trimmed name and the trimmed, lower-cased email for the member', async () => {
    $session.set({ status: 'signedIn', user: member });
    db.insertCoachingSignup.mockResolvedValue({ error: null });
    expect(await signUpForSession(input)).toBeNull();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(db.insertCoachingSignup).toHaveBeenCalledWith({ user_id: 'uid-1', session_id: 's-1', name: 'Ana Lima', email: 'ana.lima@example.com', time_zone: zone });
    // Its confirmation email is sent at once (the hourly run would send it otherwise).
    expect(db.sendSignupConfirmation).toHaveBeenCalledTimes(1);
  });

  it('turns a database error or an exception into the spec’s message', async () => {
    $session.set({ status: 'signedIn', user: member });
    db.insertCoachingSignup.mockResolvedValueOnce({ error: { code: '42501', message: 'denied' } });
    expect(await signUpForSession(input)).toBe('Failed to sign up for the session. Please try again.');
    // A rule of the signup refused it (IA429): the database's words, written for the member, are shown.
    const verifyFirst = 'Please verify your email address first: we sent you a link when you signed up, and you can ask for a new one on your dashboard.';
    db.insertCoachingSignup.mockResolvedValueOnce({ error: { code: 'IA429', message: verifyFirst } });
    expect(await signUpForSession(input)).toBe(verifyFirst);
    db.insertCoachingSignup.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await signUpForSession(input)).toBe('Failed to sign up for the session. Please try again.');
  });

  it('asks for the sessions not over at this instant (not by the reader’s calendar) and reports a failure as null', async () => {
    db.fetchUpcomingSessions.mockResolvedValueOnce({ data: [], error: null });
    const now = new Date('2025-01-05T23:30:00Z');
    expect(await loadUpcomingSessions(now)).toEqual([]);
    expect(db.fetchUpcomingSessions).toHaveBeenCalledWith(now, undefined);
    db.fetchUpcomingSessions.mockResolvedValueOnce({ data: null, error: { code: 'XX000', message: 'boom' } });
    expect(await loadUpcomingSessions()).toBeNull();
  });
});

describe('profile', () => {
  it.each([
    ['no row yet (PGRST116)', () => db.fetchProfile.mockResolvedValue({ data: null, error: NO_ROWS }), { profile: null, error: null }],
    ['a database error', () => db.fetchProfile.mockResolvedValue({ data: null, error: { code: 'XX000', message: 'boom' } }), { profile: null, error: 'Failed to fetch profile data' }],
    ['an exception', () => db.fetchProfile.mockRejectedValue(new Error('offline')), { profile: null, error: 'An unexpected error occurred' }],
  ])('%s', async (_name, arrange, expected) => {
    arrange();
    const value = settled($profile);
    $session.set({ status: 'signedIn', user: { ...member, id: `uid-${_name}` } });
    expect(await value).toEqual(expected);
  });
});

describe('subscription', () => {
  const row = { subscription_id: 'sub_1', price_id: 'price_adventurer_monthly', subscription_status: 'active' };
  it.each([
    ['no customer (PGRST116) is none', () => db.fetchCustomerId.mockResolvedValue({ data: null, error: NO_ROWS }), { subscription: null, error: null }],
    ['a failed customer read', () => db.fetchCustomerId.mockResolvedValue({ data: null, error: { code: 'XX000', message: 'boom' } }), { subscription: null, error: 'Failed to fetch customer data' }],
    [
      'no subscription (PGRST116) is none',
      () => {
        db.fetchCustomerId.mockResolvedValue({ data: 'cus_1', error: null });
        db.fetchSubscription.mockResolvedValue({ data: null, error: NO_ROWS });
      },
      { subscription: null, error: null },
    ],
    [
      'a failed subscription read',
      () => {
        db.fetchCustomerId.mockResolvedValue({ data: 'cus_1', error: null });
        db.fetchSubscription.mockResolvedValue({ data: null, error: { code: 'XX000', message: 'boom' } });
      },
      { subscription: null, error: 'Failed to fetch subscription data' },
    ],
    ['an exception', () => db.fetchCustomerId.mockRejectedValue(new Error('offline')), { subscription: null, error: 'An unexpected error occurred' }],
    [
      'a subscription row',
      () => {
        db.fetchCustomerId.mockResolvedValue({ data: 'cus_1', error: null });
        db.fetchSubscription.mockResolvedValue({ data: row, error: null });
      },
      { subscription: row, error: null },
    ],
  ])('%s', async (name, arrange, expected) => {
    arrange();
    const value = settled($subscription);
    $session.set({ status: 'signedIn', user: { ...member, id: `uid-${name}` } });
    expect(await value).toEqual(expected);
    if (db.fetchSubscription.mock.calls.length) expect(db.fetchSubscription).toHaveBeenCalledWith('cus_1');
  });
});
