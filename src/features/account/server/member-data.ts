/**
 * A member's data: every table that holds a member's rows, in one list, and what the account
 * functions do over it with the service role: read it all for "Download my data"
 * (account-export.mts), delete or anonymise it for "Delete my account" (account-delete.mts).
 * A table with a member id column that is missing from the list fails
 * tests/db/member-data.db.test.ts, so a new table is never left out of the export nor kept after
 * a deletion: add yours to MEMBER_TABLES (see docs/decisions/member-data.md). The service role
 * needs the grants each entry's reads and writes imply (the db test runs them as service_role).
 * The export and the deletion return the first failure ({ what, error }) instead of throwing,
 * for the functions' 502.
 */
import { createHash } from 'node:crypto';
// Untyped: the tables are named by the list below, not by a literal.
import type { PostgrestClient } from '@supabase/postgrest-js';

/** How deleting an account treats a table's rows of the member. */
export type OnDelete =
  /** The rows are deleted. */
  | 'delete'
  /** The rows stay (records the business must keep) with the member id replaced by an anonymous one. */
  | 'anonymise'
  /** The rows go with the row they belong to (a foreign key `on delete cascade` to `through.table`). */
  | 'cascade';

export interface MemberTable {
  table: string;
  /**
   * How a row is tied to the member: a column holding the member's id (the Firebase uid), or a
   * column matching a column of another member table (`through`).
   */
  member: { column: string } | { column: string; through: { table: string; column: string } };
  /** The key of the export's JSON, and the PostgREST select it reads (embedded resources included). */
  export: { key: string; select: string; one: boolean };
  onDelete: OnDelete;
}

/**
 * In the order a deletion runs them (the profile last, so a failure part-way leaves an account
 * that can be deleted again), and the export reads them.
 */
export const MEMBER_TABLES: readonly MemberTable[] = [
  {
    table: 'coaching_session_signups',
    member: { column: 'user_id' },
    export: { key: 'coaching_signups', select: 'id, name, email, time_zone, created_at, session_id, coaching_sessions(date, time)', one: false },
    onDelete: 'delete', // the seat returns to the session (trigger)
  },
  {
    table: 'coaching_waitlist',
    member: { column: 'user_id' },
    export: { key: 'coaching_waitlist', select: 'name, email, time_zone, status, offered_at, offer_expires_at, created_at, session_id, coaching_sessions(date, time)', one: false },
    onDelete: 'delete', // an offer held passes to the next in line (trigger)
  },
  {
    table: 'purchases',
    member: { column: 'user_id' },
    export: { key: 'purchases', select: '*', one: false },
    onDelete: 'anonymise', // sales records stay, tied to no one
  },
  // The Lounge (docs/decisions/lounge.md): Stillpoint's sessions, The Bloom Book's pages,
  // Whispers Before Sleep's places in the stories.
  {
    table: 'breathing_sessions',
    member: { column: 'user_id' },
    export: { key: 'stillpoint_sessions', select: 'pattern, seconds, finished_at', one: false },
    onDelete: 'delete',
  },
  {
    table: 'bloom_pages',
    member: { column: 'user_id' },
    export: { key: 'bloom_book_pages', select: 'day, gratitude_1, gratitude_2, gratitude_3, prompt_text, answer, created_at, updated_at', one: false },
    onDelete: 'delete',
  },
  {
    table: 'story_places',
    member: { column: 'user_id' },
    export: { key: 'whispers_story_places', select: 'story, sentence, updated_at', one: false },
    onDelete: 'delete',
  },
  // Rise Mode's days and own statements, Mindstage's scenes and rehearsals, The Reset Room's resets.
  {
    table: 'rise_days',
    member: { column: 'user_id' },
    export: { key: 'rise_mode_days', select: 'day, intention, statement_text, brave_action, lived, note, created_at, updated_at', one: false },
    onDelete: 'delete',
  },
  {
    table: 'rise_statements',
    member: { column: 'user_id' },
    export: { key: 'rise_mode_own_statements', select: 'text, created_at', one: false },
    onDelete: 'delete',
  },
  {
    table: 'rehearsal_scenarios',
    member: { column: 'user_id' },
    export: { key: 'mindstage_own_scenarios', select: 'id, title, scene, going_well, coping, created_at', one: false },
    onDelete: 'delete',
  },
  {
    table: 'rehearsals',
    member: { column: 'user_id' },
    export: { key: 'mindstage_rehearsals', select: 'scenario, suds_before, suds_after, finished_at', one: false },
    onDelete: 'delete',
  },
  {
    table: 'resets',
    member: { column: 'user_id' },
    export: { key: 'reset_room_resets', select: 'feeling, reset, intensity_before, intensity_after, finished_at', one: false },
    onDelete: 'delete',
  },
  {
    table: 'stripe_subscriptions',
    member: { column: 'customer_id', through: { table: 'stripe_customers', column: 'customer_id' } },
    export: { key: 'subscription', select: '*', one: true },
    onDelete: 'cascade',
  },
  {
    table: 'stripe_customers',
    member: { column: 'user_id' },
    export: { key: 'stripe_customer', select: 'customer_id, created_at', one: true },
    onDelete: 'delete',
  },
  {
    table: 'lesson_progress',
    member: { column: 'member_id' },
    export: { key: 'lesson_progress', select: 'lesson_slug, completed_at', one: false },
    onDelete: 'delete', // the member's own record of the course, nothing the business keeps
  },
  {
    table: 'certificates',
    member: { column: 'member_id' },
    export: { key: 'certificates', select: 'code, course, name, completed_at, issued_at, revoked_at', one: false },
    onDelete: 'delete', // a deleted account's certificates are no longer available (issue 45)
  },
  // Email (docs/decisions/email.md): what was sent to the member, and their choices.
  {
    table: 'email_outbox',
    member: { column: 'user_id' },
    export: { key: 'emails', select: 'kind, ref, status, recipient, subject, created_at, sent_at', one: false },
    onDelete: 'delete',
  },
  {
    table: 'email_preferences',
    member: { column: 'user_id' },
    export: { key: 'email_preferences', select: 'coaching_reminders, updated_at', one: true },
    onDelete: 'delete',
  },
  {
    table: 'profiles',
    member: { column: 'id' },
    export: { key: 'profile', select: '*', one: true },
    onDelete: 'delete',
  },
];

/**
 * Names of columns that hold a member's id. A public table with one of these (or a foreign key
 * to a member table) is member data and must be in MEMBER_TABLES (tests/db/member-data.db.test.ts).
 */
export const MEMBER_ID_COLUMNS: readonly string[] = ['user_id', 'member_id', 'uid', 'firebase_uid', 'profile_id', 'owner_id', 'author_id'];

/** The tables tied to the member directly by their id, and the ones tied through another table. */
function directTables(): MemberTable[] {
  return MEMBER_TABLES.filter((t) => !('through' in t.member));
}

function throughTables(): (MemberTable & { member: { column: string; through: { table: string; column: string } } })[] {
  return MEMBER_TABLES.filter((t): t is MemberTable & { member: { column: string; through: { table: string; column: string } } } => 'through' in t.member);
}

/** What a kept row (a purchase) holds instead of the member id: stable for the member, tied to no one. */
export function anonymisedMemberId(memberId: string): string {
  return `deleted:${createHash('md5').update(memberId).digest('hex')}`;
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

/** Everything kept about `memberId`, under each table's export key (null or [] when there is none). */
export async function exportMemberData(db: PostgrestClient, memberId: string): Promise<{ data: Record<string, unknown> } | { failure: DataFailure }> {
  const data: Record<string, unknown> = {};
  const direct = directTables();
  const results = await Promise.all(direct.map((t) => read(db, t, t.member.column, [memberId])));
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
 * Deletes `memberId`'s rows table by table in the list's order (the profile last, so a failure
 * part-way leaves an account that can be deleted again); rows marked 'anonymise' stay with
 * `anonymousId` instead of the member id; 'cascade' rows go with their parent row.
 */
export async function deleteMemberData(db: PostgrestClient, memberId: string, anonymousId: string): Promise<DataFailure | null> {
  for (const t of MEMBER_TABLES) {
    if (t.onDelete === 'cascade') continue;
    const column = t.member.column;
    const anonymise = t.onDelete === 'anonymise';
    const { error } = anonymise ? await db.from(t.table).update({ [column]: anonymousId }).eq(column, memberId) : await db.from(t.table).delete().eq(column, memberId);
    if (error) return { what: `${t.table} ${anonymise ? 'update' : 'delete'}`, error };
  }
  return null;
}
