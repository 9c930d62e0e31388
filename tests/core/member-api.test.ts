/**
 * Calling our functions as the member (src/core/member-api.ts) and the clients built on it: the
 * content gate's (src/core/content-gate-api.ts) and the course's lesson (src/features/course/api.ts).
 * What a member reads in each case: no session, no connection, the function's own error, none.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askAsMember, asMember, callAsMember, MEMBER_API_MESSAGES } from '../../src/core/member-api';
import { fetchGated, GATE_FAILED } from '../../src/core/content-gate-api';
import { COURSE_MESSAGES, fetchLesson } from '../../src/features/course/api';
import { setAccessTokenProvider } from '../../src/core/session/access-token';

// The course's module also reads progress through the database client, which these tests do not use.
vi.mock('../../src/core/db/client', () => ({ dbRequest: vi.fn() }));

let fetchMock: ReturnType<typeof vi.fn>;

const answer = (status: number, body: unknown) => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  setAccessTokenProvider(async () => 'id-token-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenProvider(null);
});

describe('a call as the member', () => {
  it('carries the member’s token and asks for JSON, keeping the caller’s headers', async () => {
    fetchMock.mockResolvedValue(answer(200, { ok: true }));
    await askAsMember('/api/x', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/x');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', Accept: 'application/json', Authorization: 'Bearer id-token-1' });
  });

  it('sends the token it is given (a fresh one, right after signing in) before the session’s', async () => {
    setAccessTokenProvider(async () => null);
    fetchMock.mockResolvedValue(answer(200, { ok: true }));
    expect(await askAsMember('/api/auth-sync', { method: 'POST' }, 'fresh-token')).toMatchObject({ kind: 'answered', status: 200 });
    expect((fetchMock.mock.calls[0]?.[1] as RequestInit).headers).toMatchObject({ Authorization: 'Bearer fresh-token' });
  });

  it('is not made without a session token', async () => {
    setAccessTokenProvider(async () => null);
    expect(await askAsMember('/api/x')).toEqual({ kind: 'signedOut' });
    await expect(callAsMember('/api/x', {}, 'Nope')).rejects.toThrow(MEMBER_API_MESSAGES.notSignedIn);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uses a fallback token (the anon key) only when no member is signed in', async () => {
    expect(await asMember({}, 'anon')).toEqual({ headers: { Authorization: 'Bearer id-token-1' } });
    setAccessTokenProvider(async () => null);
    expect(await asMember({ headers: { apikey: 'anon' } }, 'anon')).toEqual({ headers: { apikey: 'anon', Authorization: 'Bearer anon' } });
    expect(await asMember()).toBeNull();
  });

  it('says the server could not be reached when the request never got an answer', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await askAsMember('/api/x')).toMatchObject({ kind: 'unreachable' });
    await expect(callAsMember('/api/x', {}, 'Nope')).rejects.toThrow(MEMBER_API_MESSAGES.unreachable);
  });

  it('answers the status, the body and the function’s error', async () => {
    fetchMock.mockResolvedValue(answer(403, { error: 'Not yours.' }));
    expect(await askAsMember('/api/x')).toMatchObject({ kind: 'answered', status: 403, ok: false, text: '{"error":"Not yours."}', body: { error: 'Not yours.' }, error: 'Not yours.' });
    fetchMock.mockResolvedValue(answer(502, 'Bad gateway'));
    expect(await askAsMember('/api/x')).toMatchObject({ status: 502, body: null, error: null, text: 'Bad gateway' });
  });

  it('throws the function’s error with its status, or the caller’s fallback', async () => {
    fetchMock.mockResolvedValue(answer(401, { error: 'Session token is too old; please sign in again' }));
    await expect(callAsMember('/api/x', {}, 'Nope')).rejects.toMatchObject({ message: 'Session token is too old; please sign in again', status: 401 });
    fetchMock.mockResolvedValue(answer(500, 'oops'));
    await expect(callAsMember('/api/x', {}, 'Nope')).rejects.toMatchObject({ message: 'Nope', status: 500 });
  });
});

describe('the content gate', () => {
  it('asks for the item, never from a cache, and answers its body', async () => {
    fetchMock.mockResolvedValue(answer(200, { data: [1, 2] }));
    expect(await fetchGated('the-bloom-book', 'prompts')).toEqual({ data: [1, 2] });
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/content/the-bloom-book/prompts');
    expect(init.cache).toBe('no-store');
  });

  it('throws the gate’s message with its status, or its own when the gate gives none', async () => {
    fetchMock.mockResolvedValue(answer(403, { error: 'This is part of Stillpoint.' }));
    await expect(fetchGated('stillpoint', 'patterns')).rejects.toMatchObject({ message: 'This is part of Stillpoint.', status: 403 });
    fetchMock.mockResolvedValue(answer(500, ''));
    await expect(fetchGated('stillpoint', 'patterns')).rejects.toMatchObject({ message: GATE_FAILED, status: 500 });
    setAccessTokenProvider(async () => null);
    await expect(fetchGated('stillpoint', 'patterns')).rejects.toMatchObject({ message: MEMBER_API_MESSAGES.notSignedIn, status: 401 });
  });

  it('gives the course player a lesson, a locked lesson, a sign-in or an error to show', async () => {
    fetchMock.mockResolvedValue(answer(200, { html: '<p>Hello</p>' }));
    expect(await fetchLesson('beyond-fine')).toEqual({ kind: 'lesson', html: '<p>Hello</p>' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/content/course/beyond-fine');
    fetchMock.mockResolvedValue(answer(403, { error: 'This lesson is part of the course.' }));
    expect(await fetchLesson('beyond-fine')).toEqual({ kind: 'locked', message: 'This lesson is part of the course.' });
    fetchMock.mockResolvedValue(answer(401, { error: 'Please sign in to open this.' }));
    expect(await fetchLesson('beyond-fine')).toEqual({ kind: 'signIn', message: COURSE_MESSAGES.signIn });
    fetchMock.mockResolvedValue(answer(503, {}));
    expect(await fetchLesson('beyond-fine')).toEqual({ kind: 'error', message: COURSE_MESSAGES.failed });
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await fetchLesson('beyond-fine')).toEqual({ kind: 'error', message: COURSE_MESSAGES.unreachable });
    setAccessTokenProvider(async () => null);
    expect(await fetchLesson('beyond-fine')).toEqual({ kind: 'signIn', message: COURSE_MESSAGES.signIn });
  });
});
