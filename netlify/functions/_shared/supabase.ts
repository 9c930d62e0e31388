/** The service-role Supabase client the functions write with (bypasses row-level security). */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { HttpError } from './http';

let client: SupabaseClient | undefined;

export function isSupabaseConfigured(): boolean {
  return Boolean(process.env.SUPABASE_URL && process.env.SUPABASE_SERVICE_ROLE_KEY);
}

export function supabaseAdmin(): SupabaseClient {
  if (client) return client;
  const url = process.env.SUPABASE_URL;
  const key = process.env.SUPABASE_SERVICE_ROLE_KEY;
  if (!url || !key) throw new HttpError(503, 'The database is not configured on the server.');
  client = createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false } });
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
