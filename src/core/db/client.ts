/**
 * The browser's one way to the database. Every feature reads and writes through `dbRequest`,
 * which answers the one result type of ./result.ts and never throws. The client is PostgREST's
 * own (`@supabase/postgrest-js`, the part of supabase-js that makes `.from()` and `.rpc()`
 * requests; the browser uses nothing else of supabase-js: no Supabase Auth, storage or realtime).
 * It is created on first use: the module is a dynamic import, so it downloads when a member's
 * data is first read, not with the page. Firebase is Supabase's third-party auth provider: each
 * request carries the anon key as `apikey` and, as its bearer, the member's Firebase ID token
 * when one is signed in (the anon key otherwise), as supabase-js sends them; row-level security
 * limits every call to the member's own rows.
 */
import type { PostgrestClient } from '@supabase/postgrest-js';
import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from 'astro:env/client';
import type { Database } from './database.types';
import { currentAccessToken } from '../session/access-token';
import { DB_CODES, DB_NOT_CONFIGURED, type DbError, type DbResult } from './result';
import { restEndpoint, withAuthHeaders } from './request-headers';

export { DB_CODES, dbFailureKind, isNoRows, type DbError, type DbFailureKind, type DbResult } from './result';

/** The client typed by the database's tables (./database.types.ts). */
export type Db = PostgrestClient<Database>;

let client: Promise<Db> | undefined;
let warned = false;

/** The client, or null (with one clear console line) when the database is not configured. */
async function getDb(): Promise<Db | null> {
  if (!PUBLIC_SUPABASE_URL || !PUBLIC_SUPABASE_ANON_KEY) {
    if (!warned) console.error('Database: not configured (PUBLIC_SUPABASE_URL / PUBLIC_SUPABASE_ANON_KEY are unset)');
    warned = true;
    return null;
  }
  const rest = restEndpoint(PUBLIC_SUPABASE_URL);
  const key = PUBLIC_SUPABASE_ANON_KEY;
  client ??= import('@supabase/postgrest-js').then(
    ({ PostgrestClient }) => new PostgrestClient<Database>(rest, { schema: 'public', fetch: withAuthHeaders(key, currentAccessToken) }),
    (error: unknown) => {
      // A download that failed (offline) is tried again by the next request.
      client = undefined;
      throw error;
    },
  );
  return client;
}

/** The error as the result type keeps it (PostgREST's code, or none). */
const toDbError = (error: { code?: string | null; message: string }): DbError => ({ code: error.code || null, message: error.message });

/**
 * Runs one request and answers `{ data, error }`: `data` passed through `map` when there is some.
 * A database that is not configured, or a request that never got an answer (offline), is an
 * error like any other, never a throw.
 */
export async function dbRequest<Row, T = Row>(
  request: (db: Db) => PromiseLike<{ data: Row | null; error: { code?: string | null; message: string } | null; status?: number }>,
  map?: (data: Row) => T,
): Promise<DbResult<T>> {
  try {
    const db = await getDb();
    if (!db) return { data: null, error: DB_NOT_CONFIGURED };
    const { data, error, status } = await request(db);
    // Status 0: the request never got an answer (PostgREST's client reports a failed fetch so).
    if (error) return { data: null, error: status === 0 ? { code: DB_CODES.network, message: error.message } : toDbError(error) };
    return { data: data === null ? null : map ? map(data) : (data as unknown as T), error: null };
  } catch (error) {
    return { data: null, error: { code: DB_CODES.network, message: error instanceof Error ? error.message : String(error) } };
  }
}
