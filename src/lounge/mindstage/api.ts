/**
 * Mindstage's rows (rehearsal_scenarios, rehearsals) through the services' Supabase client,
 * under row-level security: the member adds their own scenes, logs a finished rehearsal with its
 * two ratings, and reads their history. Answers `{ error }` with the database's code; never
 * throws for a database answer; never logs what the member wrote.
 */
import { getSupabase } from '../../services/supabase';
import type { OwnScenario, Rehearsal } from './rehearsal';

export interface DbFailure {
  code: string | null;
}

const NOT_CONFIGURED: DbFailure = { code: 'not-configured' };
const fail = (error: { code?: string } | null): DbFailure | null => (error ? { code: error.code ?? null } : null);

interface SceneRow {
  id: string;
  title: string;
  scene: string;
  going_well: string;
  coping: string;
}
const toOwn = (r: SceneRow): OwnScenario => ({ id: r.id, title: r.title, scene: r.scene, goingWell: r.going_well, coping: r.coping });

export async function fetchOwnScenarios(userId: string): Promise<{ data: OwnScenario[] | null; error: DbFailure | null }> {
  const db = await getSupabase();
  if (!db) return { data: null, error: NOT_CONFIGURED };
  const { data, error } = await db.from('rehearsal_scenarios').select('id, title, scene, going_well, coping').eq('user_id', userId).order('created_at');
  return { data: data ? (data as SceneRow[]).map(toOwn) : null, error: fail(error) };
}

export async function addOwnScenario(userId: string, own: Omit<OwnScenario, 'id'>): Promise<{ data: OwnScenario | null; error: DbFailure | null }> {
  const db = await getSupabase();
  if (!db) return { data: null, error: NOT_CONFIGURED };
  const { data, error } = await db
    .from('rehearsal_scenarios')
    .insert({ user_id: userId, title: own.title.trim(), scene: own.scene.trim(), going_well: own.goingWell.trim(), coping: own.coping.trim() })
    .select('id, title, scene, going_well, coping')
    .single();
  return { data: data ? toOwn(data as SceneRow) : null, error: fail(error) };
}

interface RehearsalRow {
  scenario: string;
  suds_before: number;
  suds_after: number;
  finished_at: string;
}
const toRehearsal = (r: RehearsalRow): Rehearsal => ({ scenario: r.scenario, before: r.suds_before, after: r.suds_after, at: r.finished_at });

/** The member's rehearsals, oldest first (the last 500). */
export async function fetchRehearsals(userId: string): Promise<{ data: Rehearsal[] | null; error: DbFailure | null }> {
  const db = await getSupabase();
  if (!db) return { data: null, error: NOT_CONFIGURED };
  const { data, error } = await db.from('rehearsals').select('scenario, suds_before, suds_after, finished_at').eq('user_id', userId).order('finished_at').limit(500);
  return { data: data ? (data as RehearsalRow[]).map(toRehearsal) : null, error: fail(error) };
}

/** Logs a finished rehearsal; the database dates it. */
export async function logRehearsal(userId: string, scenario: string, before: number, after: number): Promise<{ data: Rehearsal | null; error: DbFailure | null }> {
  const db = await getSupabase();
  if (!db) return { data: null, error: NOT_CONFIGURED };
  const { data, error } = await db
    .from('rehearsals')
    .insert({ user_id: userId, scenario, suds_before: before, suds_after: after })
    .select('scenario, suds_before, suds_after, finished_at')
    .single();
  return { data: data ? toRehearsal(data as RehearsalRow) : null, error: fail(error) };
}
