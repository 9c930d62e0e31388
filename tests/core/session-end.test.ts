/**
 * A 401 for the member's token (src/core/session/session-end-api.ts): Firebase is asked with a forced
 * refresh, and the member is signed out only when Firebase says the session is over (revoked,
 * disabled, deleted); a fresh token (the 401 meant something else) or no answer ends nothing.
 * Firebase is stood in by the service's two calls (its SDK's own behaviour on a refused refresh
 * is in the members e2e, tests/account/device.members.spec.ts).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const auth = { getIdToken: vi.fn(), signOut: vi.fn(async () => undefined) };
vi.mock('../../src/core/session/store', () => ({ authService: async () => auth }));
const { confirmSession, sessionIsOver } = await import('../../src/core/session/session-end-api');

const firebaseError = (code: string) => Object.assign(new Error(code), { code });

beforeEach(() => {
  auth.getIdToken.mockReset();
  auth.signOut.mockClear();
});

describe('a 401 for the member’s token', () => {
  it.each(['auth/user-token-expired', 'auth/user-disabled', 'auth/user-not-found', 'auth/invalid-user-token', 'auth/invalid-refresh-token'])(
    'signs the member out when Firebase refuses the session too (%s)',
    async (code) => {
      auth.getIdToken.mockRejectedValue(firebaseError(code));
      await confirmSession();
      expect(auth.getIdToken).toHaveBeenCalledWith(true);
      expect(auth.signOut).toHaveBeenCalledTimes(1);
    },
  );

  it('ends nothing when Firebase gives a fresh token, or does not answer', async () => {
    auth.getIdToken.mockResolvedValue('fresh');
    await confirmSession();
    auth.getIdToken.mockRejectedValue(firebaseError('auth/network-request-failed'));
    await confirmSession();
    auth.getIdToken.mockRejectedValue(new TypeError('Failed to fetch'));
    await confirmSession();
    expect(auth.signOut).not.toHaveBeenCalled();
    expect(sessionIsOver(null)).toBe(false);
  });

  it('asks Firebase once for several 401s at the same time', async () => {
    let answer: (token: string) => void = () => undefined;
    auth.getIdToken.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const both = Promise.all([confirmSession(), confirmSession()]);
    answer('fresh');
    await both;
    expect(auth.getIdToken).toHaveBeenCalledTimes(1);
  });
});
