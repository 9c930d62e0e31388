/**
 * Rise Mode's rows (rise_days, rise_statements) through the services' Supabase client, under
 * row-level security: the member's own only. The morning is saved in one statement (an upsert
 * on (user_id, day)), which leaves the evening check-in as it was; the check-in updates that
 * day. Answers `{ error }` with the database's code; never throws for a database answer; never
 * logs what the member wrote.
 */
import { getSupabase } from '../../services/supabase';
import type { Lived } from './rise';

export interface DbFailure {
  code: string | null;
}

export interface Day {
  day: string;
  intention: string;
  statementId: string;
  statementText: string;
  braveAction: string;
  lived: Lived | null;
  note: string;
}

export interface OwnStatement {
  id: string;
  text: string;
}

const NOT_CONFIGURED: DbFailure = { code: 'not-configured' };
const fail = (error: { code?: string } | null): DbFailure | null => (error ? { code: error.code ?? null } : null);

interface DayRow {
  day: string;
  intention: string;
  statement_id: string;
  statement_text: string;
  brave_action: string;
  lived: Lived | null;
  note: string;
}
const toDay = (r: DayRow): Day => ({ day: r.day, intention: r.intention, statementId: r.statement_id, statementText: r.statement_text, braveAction: r.brave_action, lived: r.lived, note: r.note });

/** The member's last 120 days, newest first. */
export async function fetchDays(userId: string): Promise<{ data: Day[] | null; error: DbFailure | null }> {
  const db = await getSupabase();
  if (!db) return { data: null, error: NOT_CONFIGURED };
  const { data, error } = await db
    .from('rise_days')
    .select('day, intention, statement_id, statement_text, brave_action, lived, note')
    .eq('user_id', userId)
    .order('day', { ascending: false })
    .limit(120);
  return { data: data ? (data as DayRow[]).map(toDay) : null, error: fail(error) };
}

/** Saves the morning of `day` (new or edited); a check-in already given stays. */
export async function saveMorning(userId: string, d: Pick<Day, 'day' | 'intention' | 'statementId' | 'statementText' | 'braveAction'>): Promise<{ error: DbFailure | null }> {
  const db = await getSupabase();
  if (!db) return { error: NOT_CONFIGURED };
  const { error } = await db
    .from('rise_days')
    .upsert(
      { user_id: userId, day: d.day, intention: d.intention.trim(), statement_id: d.statementId, statement_text: d.statementText.trim(), brave_action: d.braveAction.trim() },
      { onConflict: 'user_id,day' },
    );
  return { error: fail(error) };
}

/** The evening check-in of `day`: "Did you live it?" and a note. */
export async function saveCheckIn(userId: string, day: string, lived: Lived, note: string): Promise<{ error: DbFailure | null }> {
  const db = await getSupabase();
  if (!db) return { error: NOT_CONFIGURED };
  const { error } = await db.from('rise_days').update({ lived, note: note.trim() }).eq('user_id', userId).eq('day', day);
  return { error: fail(error) };
}

export async function fetchOwnStatements(userId: string): Promise<{ data: OwnStatement[] | null; error: DbFailure | null }> {
  const db = await getSupabase();
  if (!db) return { data: null, error: NOT_CONFIGURED };
  const { data, error } = await db.from('rise_statements').select('id, text').eq('user_id', userId).order('created_at');
  return { data: (data as OwnStatement[] | null) ?? null, error: fail(error) };
}

export async function addOwnStatement(userId: string, text: string): Promise<{ data: OwnStatement | null; error: DbFailure | null }> {
  const db = await getSupabase();
  if (!db) return { data: null, error: NOT_CONFIGURED };
  const { data, error } = await db.from('rise_statements').insert({ user_id: userId, text: text.trim() }).select('id, text').single();
  return { data: (data as OwnStatement | null) ?? null, error: fail(error) };
}

export async function removeOwnStatement(userId: string, id: string): Promise<{ error: DbFailure | null }> {
  const db = await getSupabase();
  if (!db) return { error: NOT_CONFIGURED };
  const { error } = await db.from('rise_statements').delete().eq('user_id', userId).eq('id', id);
  return { error: fail(error) };
}
