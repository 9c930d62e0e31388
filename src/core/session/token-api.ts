/**
 * Refreshing a member's Firebase ID token with their refresh token: the call the Firebase SDK
 * makes itself (Firebase Auth's REST API, `securetoken.googleapis.com/v1/token`, documented at
 * firebase.google.com/docs/reference/rest/auth), made here so a member page keeps the session
 * fresh without loading the SDK (./session-record.ts). The Auth emulator answers the same path.
 */
import { PUBLIC_FIREBASE_API_KEY, PUBLIC_FIREBASE_AUTH_EMULATOR_HOST } from 'astro:env/client';
import { refreshRefusal, type RefreshAnswer } from './session-record';

/** A refresh Firebase refused: `ended` when the session is over, `failed` when it may work later. */
export class TokenRefreshError extends Error {
  constructor(
    readonly kind: 'ended' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'TokenRefreshError';
  }
}

/** The token endpoint: Google's, or the emulator's when the build points at one. */
const endpoint = (): string =>
  `${PUBLIC_FIREBASE_AUTH_EMULATOR_HOST ? `http://${PUBLIC_FIREBASE_AUTH_EMULATOR_HOST}/` : 'https://'}securetoken.googleapis.com/v1/token?key=${encodeURIComponent(PUBLIC_FIREBASE_API_KEY ?? '')}`;

/**
 * Fresh tokens for `refreshToken`. Throws a TokenRefreshError when Firebase answers with a
 * refusal, and the fetch's own error when there is no answer (offline).
 */
export async function refreshIdToken(refreshToken: string): Promise<RefreshAnswer> {
  const res = await fetch(endpoint(), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
  });
  const body = (await res.json().catch(() => null)) as (Partial<RefreshAnswer> & { error?: { message?: string } }) | null;
  if (!res.ok || !body) {
    const message = body?.error?.message ?? `HTTP ${res.status}`;
    throw new TokenRefreshError(refreshRefusal(res.status, message), message);
  }
  return body as RefreshAnswer;
}
