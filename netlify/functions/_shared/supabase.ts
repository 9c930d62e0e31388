/**
 * The service-role database client the functions write with (bypasses row-level security),
 * typed by the database's tables (src/core/db/database.types.ts). It is `@supabase/postgrest-js`'s
 * client, the one `@supabase/supabase-js` itself makes for `.from()` and `.rpc()`, with the
 * headers supabase-js gives it for a service key. The functions use nothing else of
 * supabase-js (no auth, storage, realtime or edge functions), whose other packages were about a
 * fifth of each function's zip and of its start-up (docs/decisions/function-size.md). Type a
 * parameter that takes this client as `AdminDb`.
 */
import { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from '../../../src/core/db/database.types';
import { HttpError } from './http';

/** The service-role client, typed by the database's tables (src/core/db/database.types.ts). */
export type AdminDb = PostgrestClient<Database>;

let client: { url: string; key: string; db: AdminDb } | undefined;

/** What a function answers (503) when the server has no database settings. */
export const DB_NOT_CONFIGURED_MESSAGE = 'The database is not configured on the server.';

export function isSupabaseConfigured(): boolean {
  return Boolean(process.env.SUPABASE_URL && process.env.SUPABASE_SERVICE_ROLE_KEY);
}

/** The client for the project at `url` with the service key `key` (`fetch` for tests). */
export function adminDb(url: string, key: string, fetch?: typeof globalThis.fetch): AdminDb {
  const rest = new URL('rest/v1', url.endsWith('/') ? url : `${url}/`).href;
  return new PostgrestClient<Database>(rest, { headers: { apikey: key, Authorization: `Bearer ${key}` }, ...(fetch ? { fetch } : {}) });
}

export function supabaseAdmin(): AdminDb {
  const url = process.env.SUPABASE_URL;
  const key = process.env.SUPABASE_SERVICE_ROLE_KEY;
  if (client && client.url === url && client.key === key) return client.db;
  if (!url || !key) throw new HttpError(503, DB_NOT_CONFIGURED_MESSAGE);
  client = { url, key, db: adminDb(url, key) };
  return client.db;
}

/**
 * The log text of a failed database call: what was done, then PostgREST's error code and
 * message ("purchases select: 42501 permission denied for table purchases"). Never shown to a
 * caller: it goes into the detail of `upstreamFailure` or an `Upstream` error.
 */
export function describeDbError(what: string, error: { code?: string | null; message: string }): string {
  return `${what}: ${error.code ?? ''} ${error.message}`;
}
