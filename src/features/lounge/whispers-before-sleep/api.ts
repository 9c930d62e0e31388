/**
 * Whispers Before Sleep's rows (story_places) through the browser's database client, under
 * row-level security: where the member stopped in each story, kept in one statement (an upsert
 * on (user_id, story)), through the outbox (src/core/offline/outbox-api.ts): sent now, or kept
 * on the device while offline and sent when the connection returns (a newer place of the same
 * story replaces one still waiting). Answers the one result type (src/core/db/result.ts); never
 * throws.
 */
import { dbRequest, type DbError, type DbResult } from '../../../core/db/client';
import { writeOrKeep } from '../../../core/offline/outbox-api';

/** The sentence the member stopped at, by story. */
export function fetchPlaces(memberId: string): Promise<DbResult<Record<string, number>>> {
  return dbRequest(
    (db) => db.from('story_places').select('story, sentence').eq('user_id', memberId),
    (rows) => Object.fromEntries(rows.map((r) => [r.story, r.sentence])),
  );
}

export async function keepPlace(memberId: string, story: string, sentence: number): Promise<{ error: DbError | null; kept: boolean }> {
  return writeOrKeep({
    uid: memberId,
    app: 'whispers-before-sleep',
    key: `story_places:${story}`,
    op: { kind: 'upsert', table: 'story_places', values: { user_id: memberId, story, sentence }, onConflict: 'user_id,story' },
  });
}
