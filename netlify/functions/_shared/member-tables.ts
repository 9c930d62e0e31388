/**
 * Every table that holds a member's rows, in one list: what "Download my data" reads
 * (netlify/functions/account-export.mts) and what "Delete my account" does with each
 * (netlify/functions/account-delete.mts). A table with a member id column that is missing here
 * fails tests/db/member-data.db.test.ts, so a new table is never left out of the export nor kept
 * after a deletion. Add yours here (see docs/decisions/member-data.md).
 *
 * Pure data: the functions turn each entry into supabase-js calls with the service role, which
 * needs the grants each entry's reads and writes imply (the db test runs them as service_role).
 */

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
    export: { key: 'coaching_signups', select: 'id, name, email, created_at, session_id, coaching_sessions(date, time)', one: false },
    onDelete: 'delete', // the seat returns to the session (trigger)
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
export function directTables(): MemberTable[] {
  return MEMBER_TABLES.filter((t) => !('through' in t.member));
}

export function throughTables(): (MemberTable & { member: { column: string; through: { table: string; column: string } } })[] {
  return MEMBER_TABLES.filter((t): t is MemberTable & { member: { column: string; through: { table: string; column: string } } } => 'through' in t.member);
}

