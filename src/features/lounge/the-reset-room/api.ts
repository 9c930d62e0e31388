/**
 * The Reset Room's rows (resets) through the browser's database client, under row-level
 * security: the member logs a finished reset with the feeling's strength before and after, and
 * reads their history. Answers the one result type (src/core/db/result.ts); never throws; logs
 * nothing.
 */
import { dbRequest, type DbResult } from '../../../core/db/client';
import { writeOrKeep } from '../../../core/offline/outbox-api';
import type { Feeling, ResetRecord, ResetSlug } from './resets';

interface Row {
  feeling: Feeling;
  reset: ResetSlug;
  intensity_before: number;
  intensity_after: number;
  finished_at: string;
}
const toRecord = (r: Row): ResetRecord => ({ feeling: r.feeling, reset: r.reset, before: r.intensity_before, after: r.intensity_after, at: r.finished_at });
const COLUMNS = 'feeling, reset, intensity_before, intensity_after, finished_at';

/** The member's last 200 resets, newest first. */
export function fetchResets(memberId: string): Promise<DbResult<ResetRecord[]>> {
  return dbRequest(
    (db) => db.from('resets').select(COLUMNS).eq('user_id', memberId).order('finished_at', { ascending: false }).limit(200),
    (rows) => rows.map(toRecord),
  );
}

/**
 * Logs a finished reset, through the outbox: with the id the app made, so one sent again stays
 * one row; kept on the device while offline (`kept`), and then sent with the time it was done
 * (`datedBy`); sent at once, the database dates it.
 */
export async function logReset(memberId: string, r: Omit<ResetRecord, 'at'>): Promise<DbResult<ResetRecord> & { kept: boolean }> {
  const id = crypto.randomUUID();
  const { error, kept } = await writeOrKeep({
    uid: memberId,
    app: 'the-reset-room',
    key: `resets:${id}`,
    op: { kind: 'upsert', table: 'resets', values: { id, user_id: memberId, feeling: r.feeling, reset: r.reset, intensity_before: r.before, intensity_after: r.after }, onConflict: 'id', ignoreDuplicates: true, datedBy: 'finished_at' },
  });
  return error ? { data: null, error, kept } : { data: { ...r, at: new Date().toISOString() }, error: null, kept };
}
