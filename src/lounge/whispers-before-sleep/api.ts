/**
 * Whispers Before Sleep's rows (story_places) through the services' Supabase client, under
 * row-level security: where the member stopped in each story, kept in one statement (an upsert
 * on (user_id, story)). Answers `{ error }` with the database's code and never throws for one.
 */
import { getSupabase } from '../../services/supabase';

export interface DbFailure {
  code: string | null;
}

const NOT_CONFIGURED: DbFailure = { code: 'not-configured' };

/** The member's place in each story: sentence index by story slug. */
export async function fetchPlaces(userId: string): Promise<{ data: Record<string, number> | null; error: DbFailure | null }> {
  const db = await getSupabase();
  if (!db) return { data: null, error: NOT_CONFIGURED };
  const { data, error } = await db.from('story_places').select('story, sentence').eq('user_id', userId);
  if (error || !data) return { data: null, error: { code: error?.code ?? null } };
  return { data: Object.fromEntries((data as { story: string; sentence: number }[]).map((r) => [r.story, r.sentence])), error: null };
}

export async function keepPlace(userId: string, story: string, sentence: number): Promise<{ error: DbFailure | null }> {
  const db = await getSupabase();
  if (!db) return { error: NOT_CONFIGURED };
  const { error } = await db.from('story_places').upsert({ user_id: userId, story, sentence }, { onConflict: 'user_id,story' });
  return { error: error ? { code: error.code ?? null } : null };
}
