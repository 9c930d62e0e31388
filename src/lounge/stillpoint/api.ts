/**
 * Stillpoint's rows (breathing_sessions) through the services' Supabase client, under row-level
 * security: the member logs a finished session and reads their history. Answers `{ error }`
 * with PostgREST's code, never throws for a database answer, and logs nothing.
 */
import type { BreathingPatternId } from '../../lib/database.types';
import { getSupabase } from '../../services/supabase';

export interface LoggedSession {
  pattern: BreathingPatternId;
  seconds: number;
  finished_at: string;
}

export interface DbFailure {
  code: string | null;
}

const NOT_CONFIGURED: DbFailure = { code: 'not-configured' };

/** The member's last 50 sessions, newest first. */
export async function fetchHistory(userId: string): Promise<{ data: LoggedSession[] | null; error: DbFailure | null }> {
  const db = await getSupabase();
  if (!db) return { data: null, error: NOT_CONFIGURED };
  const { data, error } = await db
    .from('breathing_sessions')
    .select('pattern, seconds, finished_at')
    .eq('user_id', userId)
    .order('finished_at', { ascending: false })
    .limit(50);
  return { data: (data as LoggedSession[] | null) ?? null, error: error ? { code: error.code ?? null } : null };
}

/** Logs a finished session; the database dates it. */
export async function logSession(userId: string, pattern: BreathingPatternId, seconds: number): Promise<{ data: LoggedSession | null; error: DbFailure | null }> {
  const db = await getSupabase();
  if (!db) return { data: null, error: NOT_CONFIGURED };
  const { data, error } = await db
    .from('breathing_sessions')
    .insert({ user_id: userId, pattern, seconds })
    .select('pattern, seconds, finished_at')
    .single();
  return { data: (data as LoggedSession | null) ?? null, error: error ? { code: error.code ?? null } : null };
}
