/**
 * The Bloom Book's rows (bloom_pages) through the services' Supabase client, under row-level
 * security: the member's own pages only. A day's page is saved in one statement (an upsert on
 * (user_id, day)), so two tabs never make two pages for a day. Answers `{ error }` with the
 * database's code; never throws for a database answer; never logs what the member wrote.
 */
import { getSupabase } from '../../services/supabase';
import type { Page } from './journal';

export interface DbFailure {
  code: string | null;
}

const NOT_CONFIGURED: DbFailure = { code: 'not-configured' };
const COLUMNS = 'day, gratitude_1, gratitude_2, gratitude_3, prompt_id, prompt_text, answer';

interface Row {
  day: string;
  gratitude_1: string;
  gratitude_2: string;
  gratitude_3: string;
  prompt_id: string;
  prompt_text: string;
  answer: string;
}

const toPage = (r: Row): Page => ({ day: r.day, gratitudes: [r.gratitude_1, r.gratitude_2, r.gratitude_3], promptId: r.prompt_id, promptText: r.prompt_text, answer: r.answer });

/** Every page of the member's book, newest first. */
export async function fetchPages(userId: string): Promise<{ data: Page[] | null; error: DbFailure | null }> {
  const db = await getSupabase();
  if (!db) return { data: null, error: NOT_CONFIGURED };
  const { data, error } = await db.from('bloom_pages').select(COLUMNS).eq('user_id', userId).order('day', { ascending: false });
  return { data: data ? (data as Row[]).map(toPage) : null, error: error ? { code: error.code ?? null } : null };
}

/** Saves the page of its day (new or edited). */
export async function savePage(userId: string, page: Page): Promise<{ error: DbFailure | null }> {
  const db = await getSupabase();
  if (!db) return { error: NOT_CONFIGURED };
  const [gratitude_1, gratitude_2, gratitude_3] = page.gratitudes.map((g) => g.trim());
  const { error } = await db.from('bloom_pages').upsert(
    { user_id: userId, day: page.day, gratitude_1, gratitude_2, gratitude_3, prompt_id: page.promptId, prompt_text: page.promptText, answer: page.answer.trim() },
    { onConflict: 'user_id,day' },
  );
  return { error: error ? { code: error.code ?? null } : null };
}

/** Deletes the page of `day`. */
export async function deletePage(userId: string, day: string): Promise<{ error: DbFailure | null }> {
  const db = await getSupabase();
  if (!db) return { error: NOT_CONFIGURED };
  const { error } = await db.from('bloom_pages').delete().eq('user_id', userId).eq('day', day);
  return { error: error ? { code: error.code ?? null } : null };
}
