/**
 * The one list of member tables (src/features/account/server/member-data.ts) against the schema our migrations
 * build, on a project created today (only the migrations' grants; as the service role, which
 * broad grants would only give more, it runs on that project alone):
 *   - "Download my data" and "Delete my account" run their real requests (the functions' own
 *     code in src/features/account/server/member-data.ts, through the functions' own client) as
 *     service_role:
 *     every table and embedded resource they read or write has the grant it needs (the
 *     export's embedded coaching_sessions was once refused with 42501 on a real database);
 *   - a public table with a member id column (or a foreign key to a member table) that is not
 *     in the list fails here, so no table is left out of the export nor kept after a deletion.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { MEMBER_ID_COLUMNS, MEMBER_TABLES } from '../../src/features/account/server/member-data';
import { anonymisedMemberId, deleteMemberData, exportMemberData } from '../../src/features/account/server/member-data';
import { migratedDatabase, owner, rows } from '../support/db';
import { dataApiClient } from '../support/postgrest';
import { emptyExport } from '../support/member-data';

let db: PGlite;
const ADA = 'firebase-uid-ada';
const BEA = 'firebase-uid-bea';
const SESSION = '00000000-0000-4000-8000-0000000000c1';

/** A member with a profile, a coaching signup, a Stripe customer, a subscription and a purchase. */
async function memberWithData(memberId: string, customer: string): Promise<void> {
  await db.query(`insert into public.profiles (id, email, full_name, membership_tier, email_verified) values ($1, $2, $3, 'Adventurer', true)`, [memberId, `${memberId}@example.com`, memberId]);
  await db.query(`insert into public.coaching_session_signups (user_id, session_id, name, email) values ($1, $2, $1, $3)`, [memberId, SESSION, `${memberId}@example.com`]);
  await db.query(`insert into public.stripe_customers (user_id, customer_id) values ($1, $2)`, [memberId, customer]);
  await db.query(
    `insert into public.stripe_subscriptions (customer_id, subscription_id, price_id, subscription_status) values ($1, $2, 'price_adventurer_monthly', 'active')`,
    [customer, `sub_${customer}`],
  );
  await db.query(
    `insert into public.purchases (user_id, price_id, product_type, checkout_session_id, payment_intent_id, amount, currency, status)
     values ($1, 'price_app_stillpoint', 'app', $2, $3, 2900, 'usd', 'paid')`,
    [memberId, `cs_${customer}`, `pi_${customer}`],
  );
  // The Lounge: a breathing session, a journal page, a place in a story.
  await db.query(`insert into public.breathing_sessions (user_id, pattern, seconds) values ($1, 'box', 60)`, [memberId]);
  await db.query(`insert into public.bloom_pages (user_id, day, gratitude_1) values ($1, '2026-11-25', $2)`, [memberId, `Grateful ${memberId}`]);
  await db.query(`insert into public.story_places (user_id, story, sentence) values ($1, 'snow-on-the-way-home', 7)`, [memberId]);
  // Rise Mode's day and own statement, Mindstage's scene and rehearsal, The Reset Room's reset.
  await db.query(`insert into public.rise_days (user_id, day, intention, lived, note) values ($1, '2026-11-25', $2, 'yes', 'I did.')`, [memberId, `Intention ${memberId}`]);
  await db.query(`insert into public.rise_statements (user_id, text) values ($1, $2)`, [memberId, `My words ${memberId}`]);
  await db.query(`insert into public.rehearsal_scenarios (user_id, title, scene, going_well, coping) values ($1, 'A raise', 'Her office.', 'I ask.', 'I breathe.')`, [memberId]);
  await db.query(`insert into public.rehearsals (user_id, scenario, suds_before, suds_after) values ($1, 'a-phone-call', 7, 4)`, [memberId]);
  await db.query(`insert into public.resets (user_id, feeling, reset, intensity_before, intensity_after) values ($1, 'anxiety', 'stop-pause', 8, 5)`, [memberId]);
  await db.query(`insert into public.lesson_progress (member_id, lesson_slug) values ($1, 'the-weather-inside')`, [memberId]);
  // Email: the purchase's confirmation, sent, and reminders turned off.
  await db.query(
    `insert into public.email_outbox (user_id, kind, ref, status, attempts, recipient, subject, sent_at)
     values ($1, 'purchase_confirmation', $2, 'sent', 1, $3, 'Stillpoint is yours', now())`,
    [memberId, `cs_${customer}`, `${memberId}@example.com`],
  );
  await db.query(`insert into public.email_preferences (user_id, coaching_reminders) values ($1, false)`, [memberId]);
}

beforeAll(async () => {
  db = await migratedDatabase();
  await db.query(`insert into public.coaching_sessions (id, starts_at, ends_at, max_spots) values ($1, '2099-01-29T17:00:00Z', '2099-01-29T18:00:00Z', 10)`, [SESSION]);
  await memberWithData(ADA, 'cus_ada');
  await memberWithData(BEA, 'cus_bea');
}, 60_000);

describe('account-export, as service_role on Postgres', () => {
  it('reads every member table, the signups with their session embedded, and nobody else’s rows', async () => {
    const result = await exportMemberData(dataApiClient(db), ADA);
    expect(result).not.toHaveProperty('failure');
    const data = (result as { data: Record<string, unknown> }).data;
    expect(Object.keys(data).sort()).toEqual(MEMBER_TABLES.map((t) => t.export.key).sort());
    expect(data).toMatchObject({
      profile: { id: ADA, membership_tier: 'Adventurer' },
      coaching_signups: [{ session_id: SESSION, coaching_sessions: { time: '6:00 PM – 7:00 PM CET' } }],
      stripe_customer: { customer_id: 'cus_ada' },
      subscription: { customer_id: 'cus_ada', subscription_status: 'active' },
      purchases: [{ checkout_session_id: 'cs_cus_ada', status: 'paid' }],
      stillpoint_sessions: [{ pattern: 'box', seconds: 60 }],
      bloom_book_pages: [{ day: expect.stringMatching(/^2026-11-25/), gratitude_1: `Grateful ${ADA}` }],
      whispers_story_places: [{ story: 'snow-on-the-way-home', sentence: 7 }],
      rise_mode_days: [{ intention: `Intention ${ADA}`, lived: 'yes', note: 'I did.' }],
      rise_mode_own_statements: [{ text: `My words ${ADA}` }],
      mindstage_own_scenarios: [{ title: 'A raise', going_well: 'I ask.' }],
      mindstage_rehearsals: [{ scenario: 'a-phone-call', suds_before: 7, suds_after: 4 }],
      reset_room_resets: [{ feeling: 'anxiety', reset: 'stop-pause', intensity_before: 8, intensity_after: 5 }],
      lesson_progress: [{ lesson_slug: 'the-weather-inside', completed_at: expect.any(String) }],
      emails: [
        // The signup's confirmation, queued by the database with the signup row.
        { kind: 'coaching_confirmation', status: 'pending', recipient: null },
        { kind: 'purchase_confirmation', ref: 'cs_cus_ada', status: 'sent', recipient: `${ADA}@example.com`, subject: 'Stillpoint is yours', sent_at: expect.any(String) },
      ],
      email_preferences: { coaching_reminders: false },
    });
    expect(JSON.stringify(data)).not.toContain(BEA);
    expect(JSON.stringify(data)).not.toContain('cus_bea');
  });

  it('exports an account with no rows as empty', async () => {
    const result = await exportMemberData(dataApiClient(db), 'firebase-uid-nobody');
    expect(result).toEqual({
      data: emptyExport(),
    });
  });
});

describe('account-delete, as service_role on Postgres', () => {
  it('deletes or anonymises every member table and leaves the other member whole', async () => {
    expect(await deleteMemberData(dataApiClient(db), ADA, anonymisedMemberId(ADA))).toBeNull();
    for (const t of MEMBER_TABLES) {
      if ('through' in t.member) continue;
      expect(await rows(db, owner, `select 1 from public.${t.table} where ${t.member.column} = $1`, [ADA]), t.table).toEqual([]);
    }
    expect(await rows(db, owner, `select customer_id from public.stripe_subscriptions order by 1`)).toEqual([{ customer_id: 'cus_bea' }]);
    expect(await rows(db, owner, `select user_id, status from public.purchases where checkout_session_id = 'cs_cus_ada'`)).toEqual([{ user_id: anonymisedMemberId(ADA), status: 'paid' }]);
    // The seat went back to the session (the signup's trigger): one left taken, Bea's.
    expect(await rows(db, owner, `select spots_available from public.coaching_sessions where id = $1`, [SESSION])).toEqual([{ spots_available: 9 }]);
    const bea = await exportMemberData(dataApiClient(db), BEA);
    expect(bea).toMatchObject({ data: { profile: { id: BEA }, subscription: { customer_id: 'cus_bea' }, purchases: [{ user_id: BEA }] } });
    // Deleting again (a retry after a failure part-way) succeeds and changes nothing.
    expect(await deleteMemberData(dataApiClient(db), ADA, anonymisedMemberId(ADA))).toBeNull();
  });
});

describe('the list of member tables', () => {
  it('names tables and columns that exist; a table tied through another goes with it (on delete cascade)', async () => {
    for (const t of MEMBER_TABLES) {
      const column = await rows(db, owner, `select 1 from information_schema.columns where table_schema = 'public' and table_name = $1 and column_name = $2`, [t.table, t.member.column]);
      expect(column, `${t.table}.${t.member.column}`).toHaveLength(1);
      const through = 'through' in t.member ? t.member.through : null;
      if (through) {
        expect(t.onDelete, t.table).toBe('cascade');
        const fk = await rows(
          db,
          owner,
          `select 1 from pg_constraint c where c.contype = 'f' and c.conrelid = $1::regclass and c.confrelid = $2::regclass and c.confdeltype = 'c'`,
          [`public.${t.table}`, `public.${through.table}`],
        );
        expect(fk, `${t.table} -> ${through.table}`).toHaveLength(1);
        expect(MEMBER_TABLES.some((p) => p.table === through.table && !('through' in p.member))).toBe(true);
      } else {
        expect(t.onDelete, t.table).not.toBe('cascade');
      }
    }
  });

  /** Public tables with a member id column, or a foreign key to a listed table, that the list lacks. */
  async function unlisted(): Promise<{ found: string[]; missing: string[] }> {
    const listed = MEMBER_TABLES.map((t) => t.table);
    const byColumn = await rows<{ table_name: string }>(
      db,
      owner,
      `select distinct c.table_name from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
       where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.column_name = any($1::text[])`,
      [[...MEMBER_ID_COLUMNS]],
    );
    const byForeignKey = await rows<{ table_name: string }>(
      db,
      owner,
      `select distinct src.relname as table_name from pg_constraint c
       join pg_class src on src.oid = c.conrelid join pg_namespace n on n.oid = src.relnamespace
       join pg_class ref on ref.oid = c.confrelid
       where c.contype = 'f' and n.nspname = 'public' and ref.relname = any($1::text[])`,
      [listed],
    );
    const found = [...new Set([...byColumn, ...byForeignKey].map((r) => r.table_name))].sort();
    return { found, missing: found.filter((t) => !listed.includes(t)) };
  }

  it('holds every public table with a member id column or a foreign key to a member table', async () => {
    const { found, missing } = await unlisted();
    expect(found).toEqual(expect.arrayContaining(['coaching_session_signups', 'lesson_progress', 'purchases', 'stripe_customers', 'stripe_subscriptions']));
    expect(missing, 'member tables missing from src/features/account/server/member-data.ts').toEqual([]);
  });

  it('catches a new table with a member id, or one hanging off a member table, that is not listed', async () => {
    await db.exec(`create table public.journal_entries (id uuid primary key default gen_random_uuid(), user_id text not null, body text)`);
    await db.exec(`create table public.purchase_notes (id uuid primary key, purchase uuid references public.purchases (id), note text)`);
    expect((await unlisted()).missing).toEqual(['journal_entries', 'purchase_notes']);
    await db.exec(`drop table public.journal_entries; drop table public.purchase_notes`);
  });
});
