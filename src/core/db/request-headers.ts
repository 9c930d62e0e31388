/**
 * How the browser's database requests are addressed and signed, as supabase-js did it: the
 * project's PostgREST endpoint (`<project url>/rest/v1`), the anon key as `apikey` on every
 * request, and as bearer the member's Firebase ID token, read for each request (a refreshed
 * token is used at once), or the anon key when no one is signed in. Row-level security reads
 * the token. Plain, so the local endpoint's tests build the browser's client with it.
 */

/** The PostgREST endpoint of the project at `projectUrl`. */
export const restEndpoint = (projectUrl: string): string => new URL('rest/v1', projectUrl.endsWith('/') ? projectUrl : `${projectUrl}/`).href;

/** `fetch` that adds the `apikey` and bearer headers a request has not set itself. */
export function withAuthHeaders(key: string, accessToken: () => Promise<string | null>, base: typeof fetch = (...args) => fetch(...args)): typeof fetch {
  return async (input, init) => {
    const token = await accessToken();
    const headers = new Headers(init?.headers);
    if (!headers.has('apikey')) headers.set('apikey', key);
    if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${token ?? key}`);
    return base(input, { ...init, headers });
  };
}
