/**
 * The session record's rules (src/core/session/session-record.ts): which stored record a member
 * page may restore, who the member is from it, when its ID token is refreshed (five minutes
 * before it expires, so an hour after sign-in at the latest), what a refresh answer makes of
 * it, and which refusals end the session.
 */
import { describe, expect, it } from 'vitest';
import {
  needsRefresh,
  parseSessionRecord,
  recordUser,
  refreshRefusal,
  REFRESH_MARGIN_MS,
  sameMember,
  withRefreshedToken,
  type SessionRecord,
} from '../../src/core/session/session-record';

const KEY = 'demo-api-key';
const SIGNED_IN_AT = Date.parse('2026-03-29T00:30:00Z');
const HOUR = 3_600_000;

const record: SessionRecord = {
  v: 1,
  apiKey: KEY,
  uid: 'uid-1',
  email: 'ana@example.com',
  emailVerified: true,
  displayName: 'Ana Lima',
  photoURL: null,
  phoneNumber: null,
  createdAt: 'Sun, 01 Mar 2026 10:00:00 GMT',
  refreshToken: 'refresh-1',
  idToken: 'id-1',
  expiresAt: SIGNED_IN_AT + HOUR,
};

describe('reading a stored record', () => {
  it('restores a record of this version for this project', () => {
    expect(parseSessionRecord(JSON.stringify(record), KEY)).toEqual(record);
  });

  it('refuses another project’s record, another version, or one without its tokens', () => {
    expect(parseSessionRecord(JSON.stringify(record), 'other-key')).toBeNull();
    expect(parseSessionRecord(JSON.stringify({ ...record, v: 2 }), KEY)).toBeNull();
    for (const field of ['uid', 'refreshToken', 'idToken', 'expiresAt'] as const) {
      const { [field]: _gone, ...rest } = record;
      expect(parseSessionRecord(JSON.stringify(rest), KEY), field).toBeNull();
    }
    expect(parseSessionRecord(JSON.stringify({ ...record, expiresAt: 'soon' }), KEY)).toBeNull();
    expect(parseSessionRecord('{not json', KEY)).toBeNull();
    expect(parseSessionRecord(null, KEY)).toBeNull();
  });

  it('reads who the member is as the site shows them', () => {
    expect(recordUser(record)).toEqual({
      id: 'uid-1',
      firebase_uid: 'uid-1',
      email: 'ana@example.com',
      phone: null,
      full_name: 'Ana Lima',
      avatar_url: null,
      email_confirmed_at: '2026-03-01T10:00:00.000Z',
    });
    expect(recordUser({ ...record, emailVerified: false }).email_confirmed_at).toBeNull();
  });

  it('tells a new token from a new member', () => {
    expect(sameMember(record, { ...record, idToken: 'id-2', expiresAt: record.expiresAt + HOUR })).toBe(true);
    expect(sameMember(record, { ...record, displayName: 'Ana Maria Lima' })).toBe(false);
    expect(sameMember(record, { ...record, uid: 'uid-2' })).toBe(false);
  });
});

describe('refreshing the ID token', () => {
  it('sends the token as it is until five minutes before it expires, then refreshes it', () => {
    expect(needsRefresh(record, SIGNED_IN_AT)).toBe(false);
    expect(needsRefresh(record, record.expiresAt - REFRESH_MARGIN_MS - 1)).toBe(false);
    expect(needsRefresh(record, record.expiresAt - REFRESH_MARGIN_MS)).toBe(true);
    // An hour after signing in (across the night the clocks go forward: time is counted in
    // milliseconds, never in wall-clock hours).
    expect(needsRefresh(record, SIGNED_IN_AT + HOUR)).toBe(true);
    expect(needsRefresh(record, SIGNED_IN_AT + 2 * HOUR)).toBe(true);
  });

  it('keeps the fresh tokens, the new expiry counted from the answer', () => {
    const now = SIGNED_IN_AT + HOUR;
    const fresh = withRefreshedToken(record, { id_token: 'id-2', refresh_token: 'refresh-2', expires_in: '3600', user_id: 'uid-1' }, now);
    expect(fresh).toEqual({ ...record, idToken: 'id-2', refreshToken: 'refresh-2', expiresAt: now + HOUR });
    expect(needsRefresh(fresh!, now)).toBe(false);
    // Firebase may leave the refresh token out: the one held is kept.
    expect(withRefreshedToken(record, { id_token: 'id-2', refresh_token: '', expires_in: '3600', user_id: 'uid-1' }, now)?.refreshToken).toBe('refresh-1');
  });

  it('refuses an answer for another account or without a usable expiry', () => {
    expect(withRefreshedToken(record, { id_token: 'id-2', refresh_token: 'r', expires_in: '3600', user_id: 'uid-2' }, SIGNED_IN_AT)).toBeNull();
    expect(withRefreshedToken(record, { id_token: 'id-2', refresh_token: 'r', expires_in: 'soon', user_id: 'uid-1' }, SIGNED_IN_AT)).toBeNull();
    expect(withRefreshedToken(record, { id_token: '', refresh_token: 'r', expires_in: '3600', user_id: 'uid-1' }, SIGNED_IN_AT)).toBeNull();
  });

  it('ends the session only when Firebase says it is over; anything else may work later', () => {
    for (const message of ['TOKEN_EXPIRED', 'USER_DISABLED', 'USER_NOT_FOUND', 'INVALID_REFRESH_TOKEN', 'INVALID_GRANT_TYPE', 'MISSING_REFRESH_TOKEN']) {
      expect(refreshRefusal(400, message), message).toBe('ended');
    }
    expect(refreshRefusal(400, 'TOKEN_EXPIRED : the refresh token expired')).toBe('ended');
    expect(refreshRefusal(400, 'QUOTA_EXCEEDED')).toBe('failed');
    expect(refreshRefusal(503, 'TOKEN_EXPIRED')).toBe('failed');
    expect(refreshRefusal(500, undefined)).toBe('failed');
  });
});
