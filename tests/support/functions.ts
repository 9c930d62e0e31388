/** Shared by the function tests: requests, emulator users, and the one-log-line check (their stand-ins: stand-ins.ts). */
import { expect, vi, type MockInstance } from 'vitest';

export const SITE = 'http://localhost:4321';

export type Handler = (req: Request) => Promise<Response>;

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
}

/** Calls a function's default export with a Request on the site's origin. */
export async function call(handler: Handler, path: string, options: CallOptions = {}): Promise<{ status: number; headers: Headers; body: unknown; text: string }> {
  const { method = 'GET', headers = {}, body } = options;
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    if (typeof body !== 'string') (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const res = await handler(new Request(`${SITE}${path}`, init));
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** No stack trace, file path or internal detail in an answer. */
export function expectNoLeak(text: string): void {
  expect(text).not.toMatch(/\bat .+\(.+:\d+:\d+\)|\/work\/|node_modules|\.mts|\.ts:\d|Error:|sk_test|service-role/);
}

export interface LogSpies {
  warn: MockInstance<typeof console.warn>;
  error: MockInstance<typeof console.error>;
  /** Total lines written to warn and error. */
  lines(): number;
  all(): string;
}

/** Silences and counts console.warn and console.error. */
export function spyOnLogs(): LogSpies {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  return {
    warn,
    error,
    lines: () => warn.mock.calls.length + error.mock.calls.length,
    all: () => [...warn.mock.calls, ...error.mock.calls].map((c) => c.join(' ')).join('\n'),
  };
}

/** The Auth emulator's address; the function tests run under scripts/with-auth-emulator.mjs. */
export function emulatorHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is unset: run these tests under `node scripts/with-auth-emulator.mjs npx vitest run --project functions tests/platform`.');
  return host;
}

export interface EmulatorUser {
  memberId: string;
  email: string;
  idToken: string;
}

/** Creates a user on the Auth emulator and returns a fresh ID token minted for it. */
export async function createEmulatorUser(email = `member-${crypto.randomUUID().slice(0, 8)}@example.com`): Promise<EmulatorUser> {
  const { memberId, idToken } = await emulatorSignUp({ email, password: 'correct-horse-battery' });
  return { memberId, email, idToken };
}

/**
 * A new email-and-password account on the Auth emulator, and an ID token from signing in with it
 * right after. Not signUp's own token: the emulator dates that token's auth_time from the start
 * of the request but sets validSince later in it, so a sign-up that straddles a second boundary
 * (a loaded machine) gets a token from "before" its own validSince, which every member function
 * rightly refuses as revoked (401). A sign-in after the sign-up is always at or after it.
 */
export async function emulatorSignUp(body: { email: string; password: string; displayName?: string }): Promise<{ memberId: string; idToken: string }> {
  const call = async (method: string, payload: object) => {
    const res = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...payload, returnSecureToken: true }),
    });
    if (!res.ok) throw new Error(`emulator ${method} failed: ${res.status} ${await res.text()}`);
    return (await res.json()) as { localId: string; idToken: string };
  };
  const { localId } = await call('signUp', body);
  const { idToken } = await call('signInWithPassword', { email: body.email, password: body.password });
  return { memberId: localId, idToken };
}

/** What the Auth emulator holds for an account (Admin API lookup, as the owner). */
async function emulatorAccount(memberId: string): Promise<{ customAttributes?: string } | undefined> {
  const res = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: [memberId] }),
  });
  if (!res.ok) throw new Error(`emulator lookup failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { users?: { customAttributes?: string }[] }).users?.[0];
}

/** The custom claims the Auth emulator holds for an account ({} when none). */
export async function emulatorClaims(memberId: string): Promise<Record<string, unknown>> {
  const account = await emulatorAccount(memberId);
  if (!account) throw new Error(`no account ${memberId} in the emulator`);
  return account.customAttributes ? (JSON.parse(account.customAttributes) as Record<string, unknown>) : {};
}

/** Sets an account's custom claims on the Auth emulator directly (Admin API, as the owner). */
export async function setEmulatorClaims(memberId: string, claims: Record<string, unknown>): Promise<void> {
  const res = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: memberId, customAttributes: JSON.stringify(claims) }),
  });
  if (!res.ok) throw new Error(`emulator update failed: ${res.status} ${await res.text()}`);
}
