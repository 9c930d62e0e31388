/**
 * Calling one of the site's own functions as the signed-in member: the request carries their
 * Firebase ID token, and a failure becomes an Error whose message the member can read (the
 * function's own `error`, else the caller's fallback) with the HTTP `status` beside it.
 */
import { currentAccessToken } from './session/access-token';

export const MEMBER_API_MESSAGES = {
  notSignedIn: 'Please sign in again to continue.',
  unreachable: 'We could not reach the server. Check your connection and try again.',
} as const;

export type MemberApiError = Error & { status?: number };

/** The function's answer when it is 2xx; otherwise throws a MemberApiError. */
export async function callAsMember(path: string, init: RequestInit, fallback: string): Promise<Response> {
  const token = await currentAccessToken();
  if (!token) throw new Error(MEMBER_API_MESSAGES.notSignedIn);
  let res: Response;
  try {
    res = await fetch(path, { ...init, headers: { ...init.headers, Authorization: `Bearer ${token}`, Accept: 'application/json' } });
  } catch (error) {
    throw new Error(MEMBER_API_MESSAGES.unreachable, { cause: error });
  }
  if (!res.ok) {
    const data = (await res.json().catch(() => null)) as { error?: unknown } | null;
    const error: MemberApiError = new Error(typeof data?.error === 'string' && data.error ? data.error : fallback);
    error.status = res.status;
    throw error;
  }
  return res;
}
