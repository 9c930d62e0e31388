/**
 * A member's rows in every table of netlify/functions/_shared/member-tables.ts, read for "Download my data"
 * (account-export) and deleted or anonymised for "Delete my account" (account-delete), with the
 * service role. Each returns the first failure ({ what, error }) instead of throwing, for the
 * functions' 502; tests/db/member-data.db.test.ts runs both on Postgres as service_role.
 */
import { createHash } from 'node:crypto';
// Untyped: the tables are named by the list in netlify/functions/_shared/member-tables.ts, not by a literal.
import type { PostgrestClient } from '@supabase/postgrest-js';
import { directTables, MEMBER_TABLES, throughTables, type MemberTable } from './member-tables';

/** What a kept row (a purchase) holds instead of the member id: stable for the member, tied to no one. */
export function anonymisedUserId(uid: string): string {
  return `deleted:${createHash('md5').update(uid).digest('hex')}`;
}

export interface DataFailure {
  what: string;
  error: { code?: string; message: string };
}

type Read = { data: unknown; error: { code?: string; message: string } | null };

function read(db: PostgrestClient, t: MemberTable, column: string, values: unknown[]): PromiseLike<Read> {
  const query = db.from(t.table).select(t.export.select);
  const filtered = values.length === 1 ? query.eq(column, values[0]) : query.in(column, values);
  return t.export.one ? filtered.maybeSingle() : filtered;
}

/** Everything kept about `uid`, under each table's export key (null or [] when there is none). */
export async function exportMemberData(db: PostgrestClient, uid: string): Promise<{ data: Record<string, unknown> } | { failure: DataFailure }> {
  const data: Record<string, unknown> = {};
  const direct = directTables();
  const results = await Promise.all(direct.map((t) => read(db, t, t.member.column, [uid])));
  for (const [i, t] of direct.entries()) {
    const { data: value, error } = results[i]!;
    if (error) return { failure: { what: `${t.table} select`, error } };
    data[t.export.key] = value ?? (t.export.one ? null : []);
  }
  // Tables tied to the member through another (the subscription through the customer id).
  for (const t of throughTables()) {
    const parent = direct.find((d) => d.table === t.member.through.table);
    const parents = [parent ? data[parent.export.key] : null].flat().filter((row): row is Record<string, unknown> => row !== null && typeof row === 'object');
    const values = parents.map((row) => row[t.member.through.column]).filter((v) => v !== null && v !== undefined);
    data[t.export.key] = t.export.one ? null : [];
    if (values.length === 0) continue;
    const { data: value, error } = await read(db, t, t.member.column, values);
    if (error) return { failure: { what: `${t.table} select`, error } };
    data[t.export.key] = value ?? data[t.export.key];
  }
  return { data };
}

/**
 * Deletes `uid`'s rows table by table in the list's order (the profile last, so a failure
 * part-way leaves an account that can be deleted again); rows marked 'anonymise' stay with
 * `anonymousId` instead of the member id; 'cascade' rows go with their parent row.
 */
export async function deleteMemberData(db: PostgrestClient, uid: string, anonymousId: string): Promise<DataFailure | null> {
  for (const t of MEMBER_TABLES) {
    if (t.onDelete === 'cascade') continue;
    const column = t.member.column;
    const anonymise = t.onDelete === 'anonymise';
    const { error } = anonymise ? await db.from(t.table).update({ [column]: anonymousId }).eq(column, uid) : await db.from(t.table).delete().eq(column, uid);
    if (error) return { what: `${t.table} ${anonymise ? 'update' : 'delete'}`, error };
  }
  return null;
}
