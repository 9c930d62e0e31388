/**
 * Calling one of the site's own functions as the signed-in member: the one place a request
 * takes the member's Firebase ID token. `askAsMember` answers what the call came to (no token,
 * no answer, or the function's status and body) and never throws, for a feature that words each
 * case itself; `callAsMember` throws an Error whose message the member can read (the function's
 * own `error`, else the caller's fallback) with the HTTP `status` beside it.
 */
import { currentAccessToken } from './session/access-token';

export const MEMBER_API_MESSAGES = {
  notSignedIn: 'Please sign in again to continue.',
  unreachable: 'We could not reach the server. Check your connection and try again.',
} as const;

export type MemberApiError = Error & { status?: number };

/** The function's answer: its status and headers, its body as text and as JSON (null when it is not JSON), and its `error` string. */
export interface MemberResponse {
  status: number;
  ok: boolean;
  headers: Headers;
  text: string;
  body: unknown;
  error: string | null;
}

/** What a call as the member came to. */
export type MemberAnswer = { kind: 'signedOut' } | { kind: 'unreachable'; cause: unknown } | ({ kind: 'answered' } & MemberResponse);

/**
 * The request with the member's token as its bearer (or `fallbackToken` without a member), or
 * null when there is neither. Headers are given as a plain object.
 */
export async function asMember(init: RequestInit = {}, fallbackToken?: string): Promise<RequestInit | null> {
  const token = (await currentAccessToken()) ?? fallbackToken;
  return token ? withToken(init, token) : null;
}

const withToken = (init: RequestInit, token: string): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string> | undefined), Authorization: `Bearer ${token}` },
});

/**
 * Calls `path` as the member and answers what came of it; never throws. `idToken` is the one
 * to send when the caller holds a fresher token than the session's (right after signing in).
 */
export async function askAsMember(path: string, init: RequestInit = {}, idToken?: string): Promise<MemberAnswer> {
  const json = { ...init, headers: { ...(init.headers as Record<string, string> | undefined), Accept: 'application/json' } };
  const request = idToken ? withToken(json, idToken) : await asMember(json);
  if (!request) return { kind: 'signedOut' };
  let res: Response;
  try {
    res = await fetch(path, request);
  } catch (cause) {
    return { kind: 'unreachable', cause };
  }
  const text = await res.text().catch(() => '');
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const error = (body as { error?: unknown } | null)?.error;
  return { kind: 'answered', status: res.status, ok: res.ok, headers: res.headers, text, body, error: typeof error === 'string' && error ? error : null };
}

/** The function's answer when it is 2xx; otherwise throws a MemberApiError. */
export async function callAsMember(path: string, init: RequestInit, fallback: string): Promise<MemberResponse> {
  const answer = await askAsMember(path, init);
  if (answer.kind === 'signedOut') throw new Error(MEMBER_API_MESSAGES.notSignedIn);
  if (answer.kind === 'unreachable') throw new Error(MEMBER_API_MESSAGES.unreachable, { cause: answer.cause });
  if (!answer.ok) {
    const error: MemberApiError = new Error(answer.error ?? fallback);
    error.status = answer.status;
    throw error;
  }
  return answer;
}
