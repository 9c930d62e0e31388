/**
 * Rise Mode's rows (rise_days, rise_statements) through the browser's database client, under
 * row-level security: the member's own only. The morning is saved in one statement (an upsert
 * on (user_id, day)), which leaves the evening check-in as it was; the check-in updates that
 * day. Answers the one result type (src/core/db/result.ts); never throws; never logs what the
 * member wrote.
 */
import { dbRequest, type DbError, type DbResult } from '../../../core/db/client';
import type { Lived } from './rise';

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
export function fetchDays(userId: string): Promise<DbResult<Day[]>> {
  return dbRequest(
    (db) =>
      db
        .from('rise_days')
        .select('day, intention, statement_id, statement_text, brave_action, lived, note')
        .eq('user_id', userId)
        .order('day', { ascending: false })
        .limit(120)
        ,
    (rows) => rows.map(toDay),
  );
}

/** The morning: intention, statement and brave action of the day (new or changed). */
export async function saveMorning(userId: string, d: Pick<Day, 'day' | 'intention' | 'statementId' | 'statementText' | 'braveAction'>): Promise<{ error: DbError | null }> {
  const { error } = await dbRequest((db) =>
    db
      .from('rise_days')
      .upsert(
        { user_id: userId, day: d.day, intention: d.intention.trim(), statement_id: d.statementId, statement_text: d.statementText.trim(), brave_action: d.braveAction.trim() },
        { onConflict: 'user_id,day' },
      ),
  );
  return { error };
}

/** The evening check-in of `day`: how the intention was lived, and a note. */
export async function saveCheckIn(userId: string, day: string, lived: Lived, note: string): Promise<{ error: DbError | null }> {
  const { error } = await dbRequest((db) => db.from('rise_days').update({ lived, note: note.trim() }).eq('user_id', userId).eq('day', day));
  return { error };
}

/** The member's own statements, oldest first. */
export function fetchOwnStatements(userId: string): Promise<DbResult<OwnStatement[]>> {
  return dbRequest((db) => db.from('rise_statements').select('id, text').eq('user_id', userId).order('created_at'));
}

export function addOwnStatement(userId: string, text: string): Promise<DbResult<OwnStatement>> {
  return dbRequest((db) => db.from('rise_statements').insert({ user_id: userId, text: text.trim() }).select('id, text').single<OwnStatement>());
}

export async function removeOwnStatement(userId: string, id: string): Promise<{ error: DbError | null }> {
  const { error } = await dbRequest((db) => db.from('rise_statements').delete().eq('user_id', userId).eq('id', id));
  return { error };
}
