/**
 * The future page's inserts: an early-access email, an idea, a partnership request. Each goes
 * through the lazy Supabase client (the SDK downloads on the first submit) and answers with
 * success or the database's error code; when the site was built without a database the answer
 * is a `not_configured` failure (getSupabase() has logged why), which the forms show as their
 * database error. Inserts ask for nothing back: visitors may insert into these tables but not
 * read them.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { NOT_CONFIGURED } from '../lib/forms/messages';
import type { InsertResult } from '../lib/forms/submit';
import type { Database, TablesInsert } from './database.types';
import { getSupabase } from './supabase';

type FormTable = 'future_launch' | 'community_ideas' | 'partnership_requests';

async function database(): Promise<SupabaseClient<Database> | null> {
  return (await getSupabase()) as SupabaseClient<Database> | null;
}

function answer(table: FormTable, error: { code?: string; message?: string } | null): InsertResult {
  if (!error) return { ok: true };
  console.error(`Supabase: insert into ${table} failed (${error.code ?? 'no code'}): ${error.message ?? ''}`);
  return { ok: false, code: error.code || null };
}

export async function joinEarlyAccess(row: TablesInsert<'future_launch'>): Promise<InsertResult> {
  const db = await database();
  if (!db) return { ok: false, code: NOT_CONFIGURED };
  const { error } = await db.from('future_launch').insert(row);
  return answer('future_launch', error);
}

export async function shareIdea(row: TablesInsert<'community_ideas'>): Promise<InsertResult> {
  const db = await database();
  if (!db) return { ok: false, code: NOT_CONFIGURED };
  const { error } = await db.from('community_ideas').insert(row);
  return answer('community_ideas', error);
}

export async function requestPartnership(row: TablesInsert<'partnership_requests'>): Promise<InsertResult> {
  const db = await database();
  if (!db) return { ok: false, code: NOT_CONFIGURED };
  const { error } = await db.from('partnership_requests').insert(row);
  return answer('partnership_requests', error);
}
