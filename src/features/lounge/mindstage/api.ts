/**
 * Mindstage's rows (rehearsal_scenarios, rehearsals) through the browser's database client,
 * under row-level security: the member adds their own scenes, logs a finished rehearsal with its
 * two ratings, and reads their history. Writes go through the outbox (src/core/offline/outbox-api.ts)
 * with the id the app made: sent now, or kept on the device while offline (`kept`) and sent,
 * once, when the connection returns. Answers the one result type (src/core/db/result.ts);
 * never throws; never logs what the member wrote.
 */
import { dbRequest, type DbResult } from '../../../core/db/client';
import { writeOrKeep } from '../../../core/offline/outbox-api';
import type { OutboxEntry } from '../../../core/offline/outbox';
import type { OwnScenario, Rehearsal } from './rehearsal';

interface SceneRow {
  id: string;
  title: string;
  scene: string;
  going_well: string;
  coping: string;
}
const toOwn = (r: SceneRow): OwnScenario => ({ id: r.id, title: r.title, scene: r.scene, goingWell: r.going_well, coping: r.coping });
const SCENE_COLUMNS = 'id, title, scene, going_well, coping';

/** The member's own scenes, oldest first. */
export function fetchOwnScenarios(memberId: string): Promise<DbResult<OwnScenario[]>> {
  return dbRequest(
    (db) => db.from('rehearsal_scenarios').select(SCENE_COLUMNS).eq('user_id', memberId).order('created_at'),
    (rows) => rows.map(toOwn),
  );
}

export async function addOwnScenario(memberId: string, own: Omit<OwnScenario, 'id'>): Promise<DbResult<OwnScenario> & { kept: boolean }> {
  const scene: OwnScenario = { id: crypto.randomUUID(), title: own.title.trim(), scene: own.scene.trim(), goingWell: own.goingWell.trim(), coping: own.coping.trim() };
  const { error, kept } = await writeOrKeep({
    uid: memberId,
    app: 'mindstage',
    key: `rehearsal_scenarios:${scene.id}`,
    op: {
      kind: 'upsert',
      table: 'rehearsal_scenarios',
      values: { id: scene.id, user_id: memberId, title: scene.title, scene: scene.scene, going_well: scene.goingWell, coping: scene.coping },
      onConflict: 'id',
      ignoreDuplicates: true,
    },
  });
  return error ? { data: null, error, kept } : { data: scene, error: null, kept };
}

interface RehearsalRow {
  scenario: string;
  suds_before: number;
  suds_after: number;
  finished_at: string;
}
const toRehearsal = (r: RehearsalRow): Rehearsal => ({ scenario: r.scenario, before: r.suds_before, after: r.suds_after, at: r.finished_at });
const REHEARSAL_COLUMNS = 'scenario, suds_before, suds_after, finished_at';

/** The member's last 500 rehearsals, oldest first (the chart reads them in order). */
export function fetchRehearsals(memberId: string): Promise<DbResult<Rehearsal[]>> {
  return dbRequest(
    (db) => db.from('rehearsals').select(REHEARSAL_COLUMNS).eq('user_id', memberId).order('finished_at').limit(500),
    (rows) => rows.map(toRehearsal),
  );
}

/** Logs a finished rehearsal with its ratings before and after; kept offline, it is sent later with the time it was done. */
export async function logRehearsal(memberId: string, scenario: string, before: number, after: number): Promise<DbResult<Rehearsal> & { kept: boolean }> {
  const id = crypto.randomUUID();
  const { error, kept } = await writeOrKeep({
    uid: memberId,
    app: 'mindstage',
    key: `rehearsals:${id}`,
    op: { kind: 'upsert', table: 'rehearsals', values: { id, user_id: memberId, scenario, suds_before: before, suds_after: after }, onConflict: 'id', ignoreDuplicates: true, datedBy: 'finished_at' },
  });
  return error ? { data: null, error, kept } : { data: { scenario, before, after, at: new Date().toISOString() }, error: null, kept };
}

/** A rehearsal the outbox still holds (or has just sent), dated when it was done; else null. */
export function keptRehearsal(entry: OutboxEntry): Rehearsal | null {
  if (entry.op.kind !== 'upsert' || entry.op.table !== 'rehearsals') return null;
  return toRehearsal({ ...(entry.op.values as unknown as Omit<RehearsalRow, 'finished_at'>), finished_at: entry.savedAt });
}

/** A scene of the member's own the outbox still holds (or has just sent); else null. */
export function keptScene(entry: OutboxEntry): OwnScenario | null {
  if (entry.op.kind !== 'upsert' || entry.op.table !== 'rehearsal_scenarios') return null;
  return toOwn(entry.op.values as unknown as SceneRow);
}

