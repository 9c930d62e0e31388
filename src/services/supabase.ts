/**
 * The browser's Supabase client, created on first use: the SDK is a dynamic import, so it
 * downloads when a visitor first submits a form or a member's data is read, not with the page.
 * Firebase is Supabase's third-party auth provider: the client sends the Firebase ID token
 * when a member is signed in, and the anon key otherwise.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from 'astro:env/client';
import type { Database } from '../lib/database.types';
import { currentAccessToken } from './access-token';

/** The client typed by the database's tables (src/lib/database.types.ts). */
export type Db = SupabaseClient<Database>;

let client: Promise<Db> | undefined;
let warned = false;

export function isSupabaseConfigured(): boolean {
  return Boolean(PUBLIC_SUPABASE_URL && PUBLIC_SUPABASE_ANON_KEY);
}

/** The client, or null (with one clear console line) when the database is not configured. */
export async function getSupabase(): Promise<Db | null> {
  if (!PUBLIC_SUPABASE_URL || !PUBLIC_SUPABASE_ANON_KEY) {
    if (!warned) console.error('Supabase: database not configured (PUBLIC_SUPABASE_URL / PUBLIC_SUPABASE_ANON_KEY are unset)');
    warned = true;
    return null;
  }
  const url = PUBLIC_SUPABASE_URL;
  const key = PUBLIC_SUPABASE_ANON_KEY;
  client ??= import('@supabase/supabase-js').then(({ createClient }) =>
    createClient<Database>(url, key, { accessToken: currentAccessToken }),
  );
  return client;
}
