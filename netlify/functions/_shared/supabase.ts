/** The service-role Supabase client the functions write with (bypasses row-level security). */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../src/lib/database.types';
import { HttpError } from './http';

/** The service-role client, typed by the database's tables (src/lib/database.types.ts). */
export type AdminDb = SupabaseClient<Database>;

let client: AdminDb | undefined;

export function isSupabaseConfigured(): boolean {
  return Boolean(process.env.SUPABASE_URL && process.env.SUPABASE_SERVICE_ROLE_KEY);
}

export function supabaseAdmin(): AdminDb {
  if (client) return client;
  const url = process.env.SUPABASE_URL;
  const key = process.env.SUPABASE_SERVICE_ROLE_KEY;
  if (!url || !key) throw new HttpError(503, 'The database is not configured on the server.');
  client = createClient<Database>(url, key, { auth: { persistSession: false, autoRefreshToken: false } });
  return client;
}

/**
 * The log text of a failed database call: what was done, then PostgREST's error code and
 * message ("purchases select: 42501 permission denied for table purchases"). Never shown to a
 * caller: it goes into the detail of `upstreamFailure` or an `Upstream` error.
 */
export function describeDbError(what: string, error: { code?: string | null; message: string }): string {
  return `${what}: ${error.code ?? ''} ${error.message}`;
}
