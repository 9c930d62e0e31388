/**
 * The browser's database requests (src/core/db/request-headers.ts): the anon key as `apikey` on
 * each, and as bearer the member's ID token read for each request (a token refreshed between two
 * requests goes with the second), or the anon key when no one is signed in, as supabase-js
 * sent them; a header the request sets itself is left alone.
 */
import { describe, expect, it } from 'vitest';
import { restEndpoint, withAuthHeaders } from '../../src/core/db/request-headers';

function recorder() {
  const seen: { url: string; headers: Headers }[] = [];
  const base = (async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push({ url: String(input), headers: new Headers(init?.headers) });
    return new Response('[]', { status: 200 });
  }) as typeof fetch;
  return { seen, base };
}

describe('the database request headers', () => {
  it('send the member’s current token as bearer, read again for every request', async () => {
    const { seen, base } = recorder();
    let token: string | null = 'token-1';
    const send = withAuthHeaders('anon-key', async () => token, base);
    await send('https://x.supabase.co/rest/v1/profiles', { headers: { Accept: 'application/json' } });
    token = 'token-2';
    await send('https://x.supabase.co/rest/v1/profiles');
    expect(seen.map((r) => [r.headers.get('apikey'), r.headers.get('authorization')])).toEqual([
      ['anon-key', 'Bearer token-1'],
      ['anon-key', 'Bearer token-2'],
    ]);
    expect(seen[0]!.headers.get('accept')).toBe('application/json');
  });

  it('send the anon key as bearer when no one is signed in', async () => {
    const { seen, base } = recorder();
    await withAuthHeaders('anon-key', async () => null, base)('https://x.supabase.co/rest/v1/coaching_sessions');
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer anon-key');
  });

  it('leave a header the request sets itself', async () => {
    const { seen, base } = recorder();
    await withAuthHeaders('anon-key', async () => 'token', base)('https://x.supabase.co/rest/v1/x', { headers: { Authorization: 'Bearer other', apikey: 'other-key' } });
    expect([seen[0]!.headers.get('apikey'), seen[0]!.headers.get('authorization')]).toEqual(['other-key', 'Bearer other']);
  });

  it('fail as the fetch fails when the token cannot be had (the client reports no answer)', async () => {
    const { base } = recorder();
    await expect(withAuthHeaders('k', async () => Promise.reject(new TypeError('Failed to fetch')), base)('https://x/rest/v1/x')).rejects.toThrow('Failed to fetch');
  });

  it('address the project’s PostgREST endpoint, with or without a trailing slash', () => {
    expect(restEndpoint('https://abc.supabase.co')).toBe('https://abc.supabase.co/rest/v1');
    expect(restEndpoint('https://abc.supabase.co/')).toBe('https://abc.supabase.co/rest/v1');
    expect(restEndpoint('http://127.0.0.1:54321')).toBe('http://127.0.0.1:54321/rest/v1');
  });
});
