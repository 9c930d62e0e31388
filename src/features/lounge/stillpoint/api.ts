/**
 * Stillpoint's rows (breathing_sessions) through the browser's database client, under row-level
 * security: the member logs a finished session and reads their history. Answers the one result
 * type (src/core/db/result.ts), never throws, and logs nothing. A session is logged through the
 * outbox (./sessions.ts).
 */
import type { BreathingPatternId } from '../../../core/db/values';
import { dbRequest, type DbResult } from '../../../core/db/client';

export interface LoggedSession {
  pattern: BreathingPatternId;
  seconds: number;
  finished_at: string;
}

/** The member's last 50 sessions, newest first. */
export function fetchHistory(memberId: string): Promise<DbResult<LoggedSession[]>> {
  return dbRequest((db) =>
    db
      .from('breathing_sessions')
      .select('pattern, seconds, finished_at')
      .eq('user_id', memberId)
      .order('finished_at', { ascending: false })
      .limit(50)
      ,
  );
}
