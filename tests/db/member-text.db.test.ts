/**
 * Blank text, everywhere a member writes: every text column members may insert or update (their
 * grants decide the list, and a column missing from MEMBER_TEXT fails the first test) refuses
 * '\n\t' (a line break and a tab) wherever it refuses '' (the six columns that checked
 * `btrim(x) <> ''` stored it, since btrim strips spaces only), and every column of free text
 * refuses white space alone through the site's trim (private.trim_js). Each value is tried twice:
 * as the table owner (the table's own checks, nothing else) and as the member through the Data
 * API's rules (a member's own row, as the apps write it). Every attempt is rolled back. The list
 * is checked against the grants of a project created today (the db project).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { GRANTS, migratedDatabase } from '../support/db';

let db: PGlite;
const UID = 'uid-text';
let sessionId: string;
let fullSessionId: string;

/**
 * What kind of text each column holds:
 *   free      words the member wrote (required or optional): white space alone is refused
 *   identity  the member's own id: never blank
 *   value     a value from a list or a pattern (an id, a slug, an email): blank is no value
 */
type Kind = 'free' | 'identity' | 'value';

interface TableText {
  /** A valid row of the member's, before one column is replaced. */
  row: () => Record<string, unknown>;
  columns: Record<string, Kind>;
  /** Columns a member may only update (the evening check-in): the member inserts the rest, then updates these. */
  updateOnly?: string[];
}

const today = () => new Date().toISOString().slice(0, 10);

/** Every text column a member may write, by table. */
const MEMBER_TEXT: Record<string, TableText> = {
  profiles: {
    row: () => ({ id: UID, email: 'text@example.com', full_name: 'Ada Lima' }),
    columns: { id: 'identity', email: 'value', full_name: 'free' },
  },
  coaching_session_signups: {
    row: () => ({ user_id: UID, session_id: sessionId, name: 'Ada Lima', email: 'text@example.com', time_zone: 'Europe/Berlin' }),
    columns: { user_id: 'identity', name: 'free', email: 'value', time_zone: 'value' },
  },
  // A place in line (20261209100000), in a full session: a free seat would register instead.
  coaching_waitlist: {
    row: () => ({ user_id: UID, session_id: fullSessionId, name: 'Ada Lima', email: 'text@example.com', time_zone: 'Europe/Berlin' }),
    columns: { user_id: 'identity', name: 'free', email: 'value', time_zone: 'value' },
  },
  email_preferences: {
    row: () => ({ user_id: UID, coaching_reminders: false }),
    columns: { user_id: 'identity' },
  },
  lesson_progress: {
    row: () => ({ member_id: UID, lesson_slug: 'the-weather-inside' }),
    columns: { member_id: 'identity', lesson_slug: 'value' },
  },
  breathing_sessions: {
    row: () => ({ user_id: UID, pattern: 'box', seconds: 60 }),
    columns: { user_id: 'identity', pattern: 'value' },
  },
  bloom_pages: {
    // One gratitude only: the page's only text is the column under test when it is gratitude_1.
    row: () => ({ user_id: UID, day: today(), gratitude_1: 'Tea with my sister', gratitude_2: '', gratitude_3: '', prompt_id: 'evening-01', prompt_text: 'What went well?', answer: '' }),
    columns: { user_id: 'identity', gratitude_1: 'free', gratitude_2: 'free', gratitude_3: 'free', prompt_id: 'value', prompt_text: 'free', answer: 'free' },
  },
  story_places: {
    row: () => ({ user_id: UID, story: 'snow-on-the-way-home', sentence: 3 }),
    columns: { user_id: 'identity', story: 'value' },
  },
  rise_days: {
    row: () => ({ user_id: UID, day: today(), intention: 'Be patient', statement_id: '', statement_text: 'I can take my time.', brave_action: 'Ask one question', lived: 'yes', note: 'I asked.' }),
    columns: { user_id: 'identity', intention: 'free', statement_id: 'value', statement_text: 'free', brave_action: 'free', lived: 'value', note: 'free' },
    updateOnly: ['lived', 'note'],
  },
  rise_statements: {
    row: () => ({ user_id: UID, text: 'I am learning to rest.' }),
    columns: { user_id: 'identity', text: 'free' },
  },
  rehearsal_scenarios: {
    row: () => ({ user_id: UID, title: 'The team meeting', scene: 'I raise my hand.', going_well: 'They listen.', coping: 'I breathe out slowly.' }),
    columns: { user_id: 'identity', title: 'free', scene: 'free', going_well: 'free', coping: 'free' },
  },
  rehearsals: {
    row: () => ({ user_id: UID, scenario: 'speaking-up-in-a-meeting', suds_before: 6, suds_after: 3 }),
    columns: { user_id: 'identity', scenario: 'value' },
  },
  resets: {
    row: () => ({ user_id: UID, feeling: 'anger', reset: 'stop-pause', intensity_before: 7, intensity_after: 4 }),
    columns: { user_id: 'identity', feeling: 'value', reset: 'value' },
  },
};

class Rollback extends Error {}

/**
 * The SQLSTATE an insert of `row` into `table` fails with, or null when it succeeds; rolled back
 * either way. As the owner, or as the member (role authenticated with their uid as `sub`).
 */
async function attempt(table: string, row: Record<string, unknown>, asMember: boolean): Promise<string | null> {
  const later = asMember ? (MEMBER_TEXT[table]?.updateOnly ?? []) : [];
  const inserted = Object.entries(row).filter(([column]) => !later.includes(column));
  const updated = Object.entries(row).filter(([column]) => later.includes(column));
  const insert = `insert into public.${table} (${inserted.map(([c]) => c).join(', ')}) values (${inserted.map((_, i) => `$${i + 1}`).join(', ')})`;
  const update = `update public.${table} set ${updated.map(([c], i) => `${c} = $${i + 1}`).join(', ')}`;
  try {
    await db.transaction(async (tx) => {
      // A signup asks for a verified address (profiles.email_verified, the service role's to write).
      if (table === 'coaching_session_signups' || table === 'coaching_waitlist') await tx.query(`insert into public.profiles (id, email, email_verified) values ($1, 'text@example.com', true)`, [UID]);
      if (asMember) {
        await tx.query('set local role authenticated');
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: UID, role: 'authenticated' })]);
      }
      await tx.query(insert, inserted.map(([, v]) => v));
      if (updated.length) await tx.query(update, updated.map(([, v]) => v));
      throw new Rollback();
    });
  } catch (error) {
    if (error instanceof Rollback) return null;
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string') throw error;
    return code;
  }
  return null;
}

beforeAll(async () => {
  db = await migratedDatabase();
  // A signup needs an open session with a seat; the profile is the member's own (their rows
  // elsewhere do not need it).
  const sessions = await db.query<{ id: string }>(
    `insert into public.coaching_sessions (starts_at, ends_at, max_spots) values (now() + interval '7 days', now() + interval '7 days 1 hour', 10) returning id`,
  );
  sessionId = sessions.rows[0]!.id;
  const full = await db.query<{ id: string }>(
    `insert into public.coaching_sessions (starts_at, ends_at, max_spots) values (now() + interval '8 days', now() + interval '8 days 1 hour', 1) returning id`,
  );
  fullSessionId = full.rows[0]!.id;
  await db.query(`insert into public.coaching_session_signups (user_id, session_id, name, email) values ('guest', $1, 'Guest', 'guest@example.com')`, [fullSessionId]);
}, 60_000);

describe('text members write', () => {
  // Where grants are broad (db-broad) every column is granted and row-level security alone keeps
  // members to their rows: the list is the one a project created today grants.
  it.runIf(GRANTS === 'current')('MEMBER_TEXT lists every text column a member may insert or update (their grants say which)', async () => {
    const granted = await db.query<{ table_name: string; column_name: string }>(
      `select distinct p.table_name, p.column_name
         from information_schema.column_privileges p
         join information_schema.columns c using (table_schema, table_name, column_name)
        where p.table_schema = 'public' and p.grantee = 'authenticated' and p.privilege_type in ('INSERT', 'UPDATE')
          and c.data_type in ('text', 'character varying', 'character')
        order by 1, 2`,
    );
    const listed = Object.entries(MEMBER_TEXT)
      .flatMap(([table, { columns }]) => Object.keys(columns).map((column) => `${table}.${column}`))
      .sort();
    expect(listed).toEqual(granted.rows.map((r) => `${r.table_name}.${r.column_name}`).sort());
  });

  it('each valid row is stored, as the owner and as the member (so a refusal below is the column\u2019s)', async () => {
    for (const [table, { row }] of Object.entries(MEMBER_TEXT)) {
      expect(await attempt(table, row(), false), `${table} as the owner`).toBeNull();
      expect(await attempt(table, row(), true), `${table} as the member`).toBeNull();
    }
  });

  const cases = Object.entries(MEMBER_TEXT).flatMap(([table, { columns }]) => Object.entries(columns).map(([column, kind]) => [`${table}.${column}`, table, column, kind] as const));

  it.each(cases)("%s refuses '\\n\\t' wherever it refuses ''", async (_name, table, column, kind) => {
    const { row } = MEMBER_TEXT[table]!;
    for (const asMember of [false, true]) {
      const who = asMember ? 'the member' : 'the owner';
      const empty = await attempt(table, { ...row(), [column]: '' }, asMember);
      const blank = await attempt(table, { ...row(), [column]: '\n\t' }, asMember);
      if (empty !== null) expect(blank, `'' is refused (${empty}) for ${who}, '\\n\\t' must be too`).not.toBeNull();
      // Free text: white space alone is never text, even where '' stands for "none".
      if (kind === 'free') {
        expect(blank, `'\\n\\t' for ${who}`).not.toBeNull();
        for (const other of [' ', '\u00a0', '\r\n', ' \u2003\t']) expect(await attempt(table, { ...row(), [column]: other }, asMember), JSON.stringify(other)).not.toBeNull();
      }
      if (!asMember) {
        // The table's own checks decide (23514), not a privilege.
        if (empty !== null) expect(empty).toBe('23514');
        if (blank !== null) expect(blank).toBe('23514');
      }
    }
  });

  it('text with words around white space is still text', async () => {
    expect(await attempt('rise_statements', { user_id: UID, text: '\tI can rest.\n' }, true)).toBeNull();
    expect(await attempt('rise_days', { ...MEMBER_TEXT.rise_days!.row(), note: '' }, false)).toBeNull();
    expect(await attempt('bloom_pages', { ...MEMBER_TEXT.bloom_pages!.row(), gratitude_2: 'Sun after rain' }, true)).toBeNull();
  });
});
