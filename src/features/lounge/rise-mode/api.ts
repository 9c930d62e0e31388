/**
 * Rise Mode's rows (rise_days, rise_statements) through the browser's database client, under
 * row-level security: the member's own only. The morning is saved in one statement (an upsert
 * on (user_id, day)), which leaves the evening check-in as it was; the check-in updates that
 * day. Writes go through the outbox (src/core/offline/outbox-api.ts): sent now, or kept on the
 * device while offline (`kept`) and sent, once, when the connection returns (a statement carries
 * the id the app made). Answers the one result type (src/core/db/result.ts); never throws; never
 * logs what the member wrote.
 */
import { dbRequest, type DbError, type DbResult } from '../../../core/db/client';
import { writeOrKeep } from '../../../core/offline/outbox-api';
import type { OutboxEntry } from '../../../core/offline/outbox';
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
export function fetchDays(memberId: string): Promise<DbResult<Day[]>> {
  return dbRequest(
    (db) =>
      db
        .from('rise_days')
        .select('day, intention, statement_id, statement_text, brave_action, lived, note')
        .eq('user_id', memberId)
        .order('day', { ascending: false })
        .limit(120)
        ,
    (rows) => rows.map(toDay),
  );
}

/** The morning: intention, statement and brave action of the day (new or changed): an upsert on the day. */
export function saveMorning(memberId: string, d: Pick<Day, 'day' | 'intention' | 'statementId' | 'statementText' | 'braveAction'>): Promise<{ error: DbError | null; kept: boolean }> {
  return writeOrKeep({
    uid: memberId,
    app: 'rise-mode',
    key: `rise_days:${d.day}:morning`,
    op: {
      kind: 'upsert',
      table: 'rise_days',
      values: { user_id: memberId, day: d.day, intention: d.intention.trim(), statement_id: d.statementId, statement_text: d.statementText.trim(), brave_action: d.braveAction.trim() },
      onConflict: 'user_id,day',
    },
  });
}

/** The evening check-in of `day`: how the intention was lived, and a note. */
export function saveCheckIn(memberId: string, day: string, lived: Lived, note: string): Promise<{ error: DbError | null; kept: boolean }> {
  return writeOrKeep({ uid: memberId, app: 'rise-mode', key: `rise_days:${day}:evening`, op: { kind: 'update', table: 'rise_days', values: { lived, note: note.trim() }, match: { user_id: memberId, day } } });
}

/** The member's own statements, oldest first. */
export function fetchOwnStatements(memberId: string): Promise<DbResult<OwnStatement[]>> {
  return dbRequest((db) => db.from('rise_statements').select('id, text').eq('user_id', memberId).order('created_at'));
}

/** Keeps one of the member's own statements, with the id the app made (a resend stays one row). */
export async function addOwnStatement(memberId: string, text: string): Promise<DbResult<OwnStatement> & { kept: boolean }> {
  const own = { id: crypto.randomUUID(), text: text.trim() };
  const { error, kept } = await writeOrKeep({
    uid: memberId,
    app: 'rise-mode',
    key: `rise_statements:${own.id}`,
    op: { kind: 'upsert', table: 'rise_statements', values: { id: own.id, user_id: memberId, text: own.text }, onConflict: 'id', ignoreDuplicates: true },
  });
  return error ? { data: null, error, kept } : { data: own, error: null, kept };
}

export async function removeOwnStatement(memberId: string, id: string): Promise<{ error: DbError | null; kept: boolean }> {
  return writeOrKeep({ uid: memberId, app: 'rise-mode', key: `rise_statements:${id}`, op: { kind: 'delete', table: 'rise_statements', match: { user_id: memberId, id } } });
}

/**
 * The member's days and own statements with the writes the outbox holds applied, in the order
 * they were saved (a morning, an evening check-in, a statement kept or removed), and which days
 * and statements wait on the device. Applying a write already stored changes nothing, so it is
 * also how a write the outbox has just sent joins what the page shows.
 */
export function withKept(days: readonly Day[], own: readonly OwnStatement[], entries: readonly OutboxEntry[]): { days: Day[]; own: OwnStatement[]; waitingDays: Set<string>; waitingStatements: Set<string> } {
  let nextDays = [...days];
  let nextOwn = [...own];
  const waitingDays = new Set<string>();
  const waitingStatements = new Set<string>();
  for (const { op } of entries) {
    if (op.table === 'rise_days' && op.kind === 'upsert') {
      const v = op.values as unknown as Omit<DayRow, 'lived' | 'note'>;
      const before = nextDays.find((d) => d.day === v.day);
      const day: Day = { ...toDay({ ...v, lived: null, note: '' }), lived: before?.lived ?? null, note: before?.note ?? '' };
      nextDays = [day, ...nextDays.filter((d) => d.day !== v.day)].sort((a, b) => b.day.localeCompare(a.day));
      waitingDays.add(v.day);
    } else if (op.table === 'rise_days' && op.kind === 'update') {
      const day = String(op.match.day);
      const { lived, note } = op.values as { lived: Lived; note: string };
      nextDays = nextDays.map((d) => (d.day === day ? { ...d, lived, note } : d));
      waitingDays.add(day);
    } else if (op.table === 'rise_statements' && op.kind === 'upsert') {
      const v = op.values as unknown as OwnStatement;
      if (!nextOwn.some((o) => o.id === v.id)) nextOwn = [...nextOwn, { id: v.id, text: v.text }];
      waitingStatements.add(v.id);
    } else if (op.table === 'rise_statements' && op.kind === 'delete') {
      nextOwn = nextOwn.filter((o) => o.id !== op.match.id);
    }
  }
  return { days: nextDays, own: nextOwn, waitingDays, waitingStatements };
}

