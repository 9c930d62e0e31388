/**
 * The account set-up after sign-in: the call to POST /api/auth-sync (it hands the fresh ID token
 * to the function that sets the `role: authenticated` claim and creates the member's profile),
 * its retries, and whether it worked (kept in ./account-sync-store.ts, which the dashboard
 * loads with the page). The rules (when to try again, what the member reads) are in
 * ./account-sync.ts; the sign-in actions (./sign-in-actions.ts) run it, and the dashboard's
 * "Try again" (./AccountSetupNote.tsx). Loaded on first use, never on a visitor's page.
 */
import { accountSyncMessage, withRetries } from './account-sync';
import { setAccountSync } from './account-sync-store';
import { $session, authService, type AuthService } from '../../core/session/store';
import { askAsMember } from '../../core/member-api';

/**
 * What the sync call answered. Never thrown: a failing sync never blocks a sign-in. The server's
 * `claimsUpdated` is not read: the token is refreshed after every successful sync.
 */
export interface AuthSyncResult {
  ok: boolean;
  status: number;
  error: string | null;
}

/**
 * `source` is the utm_source of the sign-in page's address (src/core/hit-api.ts pageSource), for
 * the owner's funnel; the server keeps it only for the sign-up this sign-in created.
 */
export async function syncAccount(idToken: string, fullName?: string | null, source?: string): Promise<AuthSyncResult> {
  const body = { ...(fullName ? { full_name: fullName } : {}), ...(source ? { utm_source: source } : {}) };
  const answer = await askAsMember('/api/auth-sync', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }, idToken);
  if (answer.kind === 'signedOut') return { ok: false, status: 0, error: 'not signed in' };
  if (answer.kind === 'unreachable') {
    const { cause } = answer;
    return { ok: false, status: 0, error: cause instanceof Error ? cause.message : String(cause) };
  }
  return { ok: answer.ok, status: answer.status, error: answer.ok ? null : (answer.error ?? `HTTP ${answer.status}`) };
}

/** On sign-out: nothing failed for the next member of this browser. */
export function resetAccountSync(): void {
  setAccountSync({ status: 'ok' });
}

/**
 * After every sign-in and sign-up: POST /api/auth-sync with the ID token (sets the
 * `role: authenticated` claim, creates the profile), tried again with a backoff when the
 * answer may change (src/features/account/account-sync.ts), then a forced token refresh so the claim is in
 * the token the database receives. It never stops the sign-in: after the last try the failure
 * is logged and the account area tells the member (with a way to try again).
 */
export async function syncAccountAfterSignIn(auth: AuthService, fullName: string | null, source?: string): Promise<boolean> {
  setAccountSync({ status: 'syncing' });
  let result: AuthSyncResult;
  try {
    result = await withRetries(async () => {
      const token = await auth.getIdToken();
      if (!token) return { ok: false, status: 401, error: 'no signed-in user' };
      return syncAccount(token, fullName, source);
    });
  } catch (error) {
    result = { ok: false, status: 0, error: error instanceof Error ? error.message : String(error) };
  }
  if (!result.ok) {
    console.error(`Session: account sync failed (${result.status}): ${result.error ?? 'no details'}`);
    setAccountSync({ status: 'failed', message: accountSyncMessage(result.status) });
    return false;
  }
  try {
    await auth.getIdToken(true);
  } catch (error) {
    console.error('Session: token refresh after the account sync failed', error);
  }
  setAccountSync({ status: 'ok' });
  return true;
}

/** The account area's "Try again": the same sync for the member signed in now. True when it worked. */
export async function retryAccountSync(): Promise<boolean> {
  const auth = await authService();
  const session = $session.get();
  return syncAccountAfterSignIn(auth, session.status === 'signedIn' ? session.user.full_name : null);
}
