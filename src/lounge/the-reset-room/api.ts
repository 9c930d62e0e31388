/**
 * The Reset Room's rows (resets) through the services' Supabase client, under row-level
 * security: the member logs a finished reset with the feeling's strength before and after, and
 * reads their history. Answers `{ error }` with the database's code; never throws for a
 * database answer; logs nothing.
 */
import { getSupabase } from '../../services/supabase';
import type { Feeling, ResetRecord, ResetSlug } from './resets';

export interface DbFailure {
  code: string | null;
}

const NOT_CONFIGURED: DbFailure = { code: 'not-configured' };
const fail = (error: { code?: string } | null): DbFailure | null => (error ? { code: error.code ?? null } : null);

interface Row {
  feeling: Feeling;
  reset: ResetSlug;
  intensity_before: number;
  intensity_after: number;
  finished_at: string;
}
const toRecord = (r: Row): ResetRecord => ({ feeling: r.feeling, reset: r.reset, before: r.intensity_before, after: r.intensity_after, at: r.finished_at });
const COLUMNS = 'feeling, reset, intensity_before, intensity_after, finished_at';

/** The member's resets, newest first (the last 200). */
export async function fetchResets(userId: string): Promise<{ data: ResetRecord[] | null; error: DbFailure | null }> {
  const db = await getSupabase();
  if (!db) return { data: null, error: NOT_CONFIGURED };
  const { data, error } = await db.from('resets').select(COLUMNS).eq('user_id', userId).order('finished_at', { ascending: false }).limit(200);
  return { data: data ? (data as Row[]).map(toRecord) : null, error: fail(error) };
}

/** Logs a finished reset; the database dates it. */
export async function logReset(userId: string, r: Omit<ResetRecord, 'at'>): Promise<{ data: ResetRecord | null; error: DbFailure | null }> {
  const db = await getSupabase();
  if (!db) return { data: null, error: NOT_CONFIGURED };
  const { data, error } = await db
    .from('resets')
    .insert({ user_id: userId, feeling: r.feeling, reset: r.reset, intensity_before: r.before, intensity_after: r.after })
    .select(COLUMNS)
    .single();
  return { data: data ? toRecord(data as Row) : null, error: fail(error) };
}
