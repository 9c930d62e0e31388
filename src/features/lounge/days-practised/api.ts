/**
 * What the days-practised calendar reads: the member's own rows of the tables the apps and the
 * course already keep (breathing_sessions, bloom_pages, rise_days, rehearsals, resets,
 * lesson_progress), only their dates and only since the calendar's first day, through the
 * browser's database client under row-level security. Nothing new is stored. Answers the one
 * result type (src/core/db/result.ts), never throws, and logs nothing.
 */
import { dbRequest, type DbResult } from '../../../core/db/client';
import { addDays } from '../shared/local-day';
import type { PracticeRecords } from './days';

/** At most this many rows a table: more than five weeks of any practice a day. */
const ROWS = 1000;

type Dated<K extends string> = Record<K, string>;

const column = <K extends string>(rows: Dated<K>[] | null, key: K): string[] => (rows ?? []).map((r) => r[key]);

/**
 * The member's records from `firstDay` ('YYYY-MM-DD', their own day) on. Instants are read from
 * the day before in UTC, so a member east of UTC loses none of their first day.
 */
export async function fetchPractice(memberId: string, firstDay: string): Promise<DbResult<PracticeRecords>> {
  const since = `${addDays(firstDay, -1)}T00:00:00Z`;
  const [stillpoint, bloom, rise, mindstage, reset, course] = await Promise.all([
    dbRequest((db) => db.from('breathing_sessions').select('finished_at').eq('user_id', memberId).gte('finished_at', since).limit(ROWS)),
    dbRequest((db) => db.from('bloom_pages').select('day').eq('user_id', memberId).gte('day', firstDay).limit(ROWS)),
    dbRequest((db) => db.from('rise_days').select('day').eq('user_id', memberId).gte('day', firstDay).limit(ROWS)),
    dbRequest((db) => db.from('rehearsals').select('finished_at').eq('user_id', memberId).gte('finished_at', since).limit(ROWS)),
    dbRequest((db) => db.from('resets').select('finished_at').eq('user_id', memberId).gte('finished_at', since).limit(ROWS)),
    dbRequest((db) => db.from('lesson_progress').select('completed_at').eq('member_id', memberId).gte('completed_at', since).limit(ROWS)),
  ]);
  const failed = [stillpoint, bloom, rise, mindstage, reset, course].find((r) => r.error);
  if (failed?.error) return { data: null, error: failed.error };
  return {
    data: {
      instants: {
        stillpoint: column(stillpoint.data, 'finished_at'),
        mindstage: column(mindstage.data, 'finished_at'),
        reset: column(reset.data, 'finished_at'),
        course: column(course.data, 'completed_at'),
      },
      days: { bloom: column(bloom.data, 'day'), rise: column(rise.data, 'day') },
    },
    error: null,
  };
}
