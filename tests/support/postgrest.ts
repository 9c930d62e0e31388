/**
 * The functions' database client on a database test's PGlite: the requests go to the local
 * PostgREST-compatible endpoint (local-platform/postgrest/postgrest.mjs, the one the function tests,
 * the members' end-to-end run and `npm run dev:members` use), started on that PGlite, so the
 * database tests' own setups (today's grants, or broad ones) answer them. Each request runs as
 * its role in its own transaction; grants, policies, constraints and triggers are Postgres's own.
 *
 * `who` picks the token: the service role (default), a visitor (the anon key) or a member (their
 * claims with `role: authenticated` and the uid as `sub`, as Supabase's third-party auth hands
 * them to Postgres; local-platform/jwt.mjs makes every test token). `onRequest` lets a test hold a request (to make a race happen)
 * before it is sent.
 */
import type { PGlite } from '@electric-sql/pglite';
import { afterAll } from 'vitest';
import { adminDb, type AdminDb } from '../../netlify/functions/_shared/supabase';
import { localKeys, memberToken } from '../../local-platform/jwt.mjs';
import { startPostgrest } from '../../local-platform/postgrest/postgrest.mjs';
import type { Who } from './db';

export interface DataApiOptions {
  /** Not 'owner': the site owner does not use the Data API. */
  who?: Who;
  /** Custom claims a member's token carries besides `sub` and `role` (`{ coach: true }`). */
  claims?: Record<string, unknown>;
  /** Awaited before each request is sent: `${method} ${table}`. */
  onRequest?: (request: string) => Promise<void> | void;
}

/** The fetch of the platform, kept before a test replaces the global one. */
const platformFetch = globalThis.fetch;
const endpoints = new Map<PGlite, ReturnType<typeof startPostgrest>>();
afterAll(async () => {
  for (const endpoint of endpoints.values()) await (await endpoint).close();
  endpoints.clear();
});

function endpointFor(db: PGlite) {
  let endpoint = endpoints.get(db);
  if (!endpoint) {
    endpoint = startPostgrest({ db });
    endpoints.set(db, endpoint);
  }
  return endpoint;
}

function tokenFor(who: Who, claims: Record<string, unknown> = {}): string {
  const keys = localKeys();
  if (who === 'owner') throw new Error('the owner (postgres) does not reach the Data API: query the database directly');
  if (who === 'service') return keys.serviceRole;
  if (who === 'visitor') return keys.anon;
  return memberToken(who.member, { claims });
}

/** A fetch that sends /rest/v1/<table> requests to the endpoint over `db`, as `who`. */
export function dataApiFetch(db: PGlite, options: DataApiOptions = {}): typeof fetch {
  const who = options.who ?? 'service';
  const token = tokenFor(who, options.claims);
  // The apikey header is the project's key; a member's own token goes in Authorization.
  const apikey = who === 'service' ? token : localKeys().anon;
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const table = /\/rest\/v1\/(.+)$/.exec(url.pathname)?.[1] ?? url.pathname;
    const endpoint = await endpointFor(db);
    await options.onRequest?.(`${request.method.toUpperCase()} ${table}`);
    const headers = new Headers(request.headers);
    headers.set('apikey', apikey);
    headers.set('authorization', `Bearer ${token}`);
    const body = ['GET', 'HEAD'].includes(request.method.toUpperCase()) ? undefined : await request.text();
    return platformFetch(`${endpoint.url}${url.pathname}${url.search}`, { method: request.method, headers, ...(body !== undefined ? { body } : {}) });
  }) as typeof fetch;
}

/** The functions' service-role client (_shared/supabase.ts), its requests run on `db`. */
export function dataApiClient(db: PGlite, options: DataApiOptions = {}): AdminDb {
  return adminDb('http://data-api.test', 'service-role-key', dataApiFetch(db, options));
}
