/**
 * The Bloom Book's rows (bloom_pages) through the browser's database client, under row-level
 * security: the member's own pages only. A day's page is saved (and deleted) through the outbox
 * (./journal.ts's `pageEntry`: an upsert on (user_id, day), so two tabs or a resend never make
 * two pages for a day). Answers the one result type
 * (src/core/db/result.ts); never throws; never logs what the member wrote.
 */
import { dbRequest, type DbResult } from '../../../core/db/client';
import type { Page } from './journal';

const COLUMNS = 'day, gratitude_1, gratitude_2, gratitude_3, prompt_id, prompt_text, answer, updated_at';

interface Row {
  day: string;
  gratitude_1: string;
  gratitude_2: string;
  gratitude_3: string;
  prompt_id: string;
  prompt_text: string;
  answer: string;
  updated_at: string;
}

const toPage = (r: Row): Page => ({
  day: r.day,
  gratitudes: [r.gratitude_1, r.gratitude_2, r.gratitude_3],
  promptId: r.prompt_id,
  promptText: r.prompt_text,
  answer: r.answer,
  updatedAt: r.updated_at,
});

/** Every page of the member's book, newest first. */
export function fetchPages(memberId: string): Promise<DbResult<Page[]>> {
  return dbRequest(
    (db) => db.from('bloom_pages').select(COLUMNS).eq('user_id', memberId).order('day', { ascending: false }),
    (rows) => rows.map(toPage),
  );
}
