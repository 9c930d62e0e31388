/**
 * The browser side of POST /api/auth-sync: hands the fresh ID token to the function that sets
 * the `role: authenticated` claim and creates the member's profile. Never throws: the answer
 * says whether it worked, so a failing sync never blocks a sign-in. The server's `claimsUpdated`
 * is not read: the store refreshes the token after every successful sync.
 */

export interface AuthSyncResult {
  ok: boolean;
  status: number;
  error: string | null;
}

export async function syncAccount(idToken: string, fullName?: string | null): Promise<AuthSyncResult> {
  try {
    const res = await fetch('/api/auth-sync', {
      method: 'POST',
      headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(fullName ? { full_name: fullName } : {}),
    });
    const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
    return {
      ok: res.ok,
      status: res.status,
      error: res.ok ? null : typeof body?.error === 'string' ? body.error : `HTTP ${res.status}`,
    };
  } catch (error) {
    return { ok: false, status: 0, error: error instanceof Error ? error.message : String(error) };
  }
}
