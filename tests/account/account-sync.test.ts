/** The account sync's retry rules: which answers are tried again, and how long it waits. */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_SYNC_MESSAGES, accountSyncMessage, isRetryable, SYNC_RETRY_DELAYS_MS, withRetries } from '../../src/features/account/account-sync';

/** A scripted sequence of answers, and the waits the retries asked for. */
function script(statuses: number[]) {
  const waits: number[] = [];
  let calls = 0;
  const attempt = async () => {
    const status = statuses[Math.min(calls, statuses.length - 1)]!;
    calls += 1;
    return { ok: status >= 200 && status < 300, status };
  };
  const wait = async (ms: number) => {
    waits.push(ms);
  };
  return { attempt, wait, waits, calls: () => calls };
}

describe('account sync retries', () => {
  it('stops at the first success', async () => {
    const s = script([502, 200]);
    expect(await withRetries(s.attempt, SYNC_RETRY_DELAYS_MS, s.wait)).toEqual({ ok: true, status: 200 });
    expect(s.calls()).toBe(2);
    expect(s.waits).toEqual([1000]);
  });

  it('gives up after the last try and returns its answer', async () => {
    const s = script([0, 500, 502]);
    expect(await withRetries(s.attempt, SYNC_RETRY_DELAYS_MS, s.wait)).toEqual({ ok: false, status: 502 });
    expect(s.calls()).toBe(3);
    expect(s.waits).toEqual([1000, 3000]);
  });

  it('does not repeat an answer that would be the same: a refusal or a server not configured', async () => {
    for (const status of [400, 401, 403, 405, 413, 503]) {
      const s = script([status, 200]);
      expect(await withRetries(s.attempt, SYNC_RETRY_DELAYS_MS, s.wait)).toEqual({ ok: false, status });
      expect(s.calls(), String(status)).toBe(1);
    }
  });

  it('repeats no answer, a timeout, a rate limit and passing server errors', () => {
    expect([0, 408, 429, 500, 502, 504].every(isRetryable)).toBe(true);
    expect([200, 400, 401, 404, 501, 503].some(isRetryable)).toBe(false);
  });

  it('tells the member what to do', () => {
    expect(accountSyncMessage(401)).toBe(ACCOUNT_SYNC_MESSAGES.signInAgain);
    expect(accountSyncMessage(503)).toBe(ACCOUNT_SYNC_MESSAGES.unavailable);
    expect(accountSyncMessage(502)).toBe(ACCOUNT_SYNC_MESSAGES.failed);
    expect(accountSyncMessage(0)).toBe(ACCOUNT_SYNC_MESSAGES.failed);
  });
});
