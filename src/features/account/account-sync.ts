/**
 * Finishing a sign-in on the server (POST /api/auth-sync: the `role: authenticated` claim and
 * the Explorer profile): when to try again, how long to wait, and what the member is told
 * when it does not work. Pure; the account sync (src/features/account/account-sync-actions.ts) makes the
 * calls.
 */

/** Waits before the second and third tries (an exponential backoff: 1 s, then 3 s). */
export const SYNC_RETRY_DELAYS_MS: readonly number[] = [1000, 3000];

/** The answer of one try, as the browser's call reports it (status 0: no answer at all). */
export interface SyncAttempt {
  ok: boolean;
  status: number;
}

/**
 * Whether a failed try is worth repeating: no answer, a timeout, a rate limit or a passing
 * server error. A refusal (4xx) or a server that is not configured (503) answers the same
 * the next time, so the member is told at once.
 */
export function isRetryable(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || (status >= 500 && status !== 501 && status !== 503);
}

/**
 * Runs `attempt` until it succeeds, answers something not worth repeating, or the delays run
 * out (one try more than there are delays). Returns the last answer.
 */
export async function withRetries<T extends SyncAttempt>(
  attempt: () => Promise<T>,
  delays: readonly number[] = SYNC_RETRY_DELAYS_MS,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  let result = await attempt();
  for (const delay of delays) {
    if (result.ok || !isRetryable(result.status)) break;
    await wait(delay);
    result = await attempt();
  }
  return result;
}

export const ACCOUNT_SYNC_MESSAGES = {
  /** Anything else: the button tries again. */
  failed: 'We couldn’t finish setting up your account, so your profile and membership may not show yet. Please try again.',
  /** 401: the sign-in is more than 5 minutes old or no longer valid. */
  signInAgain: 'We couldn’t finish setting up your account. Please sign out and sign in again to finish.',
  /** 503: the server is not set up to finish sign-ins. */
  unavailable: 'We couldn’t finish setting up your account because account set-up is unavailable right now. Please try again later.',
} as const;

/** What the member reads after the last try failed with `status`. */
export function accountSyncMessage(status: number): string {
  if (status === 401) return ACCOUNT_SYNC_MESSAGES.signInAgain;
  if (status === 503) return ACCOUNT_SYNC_MESSAGES.unavailable;
  return ACCOUNT_SYNC_MESSAGES.failed;
}
