/**
 * A 401 for the member's token from one of our functions or the database: the server no longer
 * accepts the session. Firebase, the authority, is asked (a forced refresh of the ID token):
 * when it refuses too (the refresh token revoked, the account disabled or deleted), the member
 * is signed out here, and the device follows (src/core/offline/device.ts). When Firebase gives a
 * fresh token the 401 was of another kind (a sign-in too old to delete the account, say) and
 * nothing ends. Without an answer (offline) nothing ends either. Loaded on the first 401 only.
 */
import { authService } from './store';

/** Firebase's error codes that say the session is over (the SDK signs out by itself on the first two only). */
const ENDED = new Set(['auth/user-token-expired', 'auth/user-disabled', 'auth/user-not-found', 'auth/invalid-user-token', 'auth/invalid-refresh-token']);

/** Whether Firebase's `error` says the session is over (not a network failure or a passing fault). */
export const sessionIsOver = (error: unknown): boolean => ENDED.has((error as { code?: unknown } | null)?.code as string);

let confirming: Promise<void> | undefined;

/** Asks Firebase whether the session still stands; signs out when it does not (one check at a time). */
export function confirmSession(): Promise<void> {
  confirming ??= (async () => {
    const auth = await authService();
    try {
      await auth.getIdToken(true);
    } catch (error) {
      if (sessionIsOver(error)) await auth.signOut();
    }
  })()
    .catch(() => undefined)
    .finally(() => {
      confirming = undefined;
    });
  return confirming;
}
