/**
 * The grants themselves, on a project created today (no automatic grants on public): each Data
 * API role holds exactly the privileges the site needs, table by table and column by column,
 * and nothing else. Runs in the `db` project only (the `db-broad` run widens the grants on
 * purpose to test row-level security alone).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { failure, member, migratedDatabase, RLS_VIOLATION, service, visitor } from '../support/db';

const ROLES = ['anon', 'authenticated', 'service_role'] as const;
type Role = (typeof ROLES)[number];

/**
 * What each role may do on each table: a table-wide privilege, or `PRIVILEGE(col, ...)` for one
 * granted on those columns only. A table or role missing here holds nothing.
 */
const EXPECTED: Record<string, Partial<Record<Role, string[]>>> = {
  profiles: {
    authenticated: ['SELECT', 'INSERT(email, full_name, id)', 'UPDATE(full_name)'],
    service_role: ['DELETE', 'INSERT', 'SELECT', 'UPDATE'],
  },
  coaching_sessions: {
    anon: ['SELECT'],
    authenticated: ['SELECT'],
    // The scheduler and the coach add sessions; the coach changes seats and cancels; the coach's
    // page, the join function and account-export read them. The scheduler names each session's
    // slot (schedule_month).
    service_role: [
      'SELECT',
      'INSERT(ends_at, is_active, max_spots, schedule_month, starts_at, time_zone)',
      'UPDATE(cancelled_at, is_active, max_spots)',
    ],
  },
  // The join links are secrets of the sessions: the coach's functions write them, coaching-join
  // reads them; visitors and members hold nothing. What changed is read by the email functions.
  coaching_join_links: {
    service_role: ['DELETE', 'INSERT', 'SELECT', 'UPDATE'],
  },
  coaching_standing_link: {
    service_role: ['DELETE', 'INSERT', 'SELECT', 'UPDATE'],
  },
  coaching_session_changes: {
    service_role: ['SELECT'],
  },
  coaching_session_signups: {
    authenticated: ['DELETE', 'SELECT', 'INSERT(email, name, session_id, time_zone, user_id)'],
    // Who came: the join link's first use and the coach's correction (20261206000000).
    service_role: ['DELETE', 'SELECT', 'UPDATE(attendance, joined_at)'],
  },
  // The waitlist (20261209100000): members join and read their own place; the database offers;
  // the functions export, delete and count it.
  coaching_waitlist: {
    authenticated: ['SELECT', 'INSERT(email, name, session_id, time_zone, user_id)'],
    service_role: ['DELETE', 'SELECT'],
  },
  stripe_customers: {
    authenticated: ['SELECT'],
    service_role: ['DELETE', 'INSERT', 'SELECT', 'UPDATE'],
  },
  stripe_subscriptions: {
    authenticated: ['SELECT'],
    service_role: ['INSERT', 'SELECT', 'UPDATE'],
  },
  // Written only by the forms function (service role); nobody reads them through the API.
  community_ideas: {
    service_role: ['INSERT(email, idea_message, name)'],
  },
  partnership_requests: {
    service_role: ['INSERT(email, message, name, partnership_type)'],
  },
  future_launch: {
    service_role: ['INSERT(email)'],
  },
  monthly_newsletter: {
    service_role: ['INSERT'],
  },
  purchases: {
    authenticated: ['SELECT'],
    service_role: ['INSERT', 'SELECT', 'UPDATE'],
  },
  // Members mark their own lessons complete (dated by the device when sent from its outbox);
  // the functions export and delete them.
  lesson_progress: {
    authenticated: ['SELECT', 'INSERT(completed_at, lesson_slug, member_id)'],
    service_role: ['DELETE', 'SELECT'],
  },
  // Certificates: only the functions read and write them (issue 45); a revocation sets one column.
  certificates: {
    service_role: ['DELETE', 'INSERT', 'SELECT', 'UPDATE(revoked_at)'],
  },
  // The Lounge: members log, save, edit and delete their own rows (a logged row may carry the
  // id the app made, so a write sent again from the offline outbox stays one row, and the time
  // it was done); the service role exports and deletes them with the account.
  breathing_sessions: {
    authenticated: ['SELECT', 'INSERT(finished_at, id, pattern, seconds, user_id)'],
    service_role: ['DELETE', 'SELECT'],
  },
  bloom_pages: {
    authenticated: [
      'DELETE',
      'SELECT',
      'INSERT(answer, day, gratitude_1, gratitude_2, gratitude_3, prompt_id, prompt_text, user_id)',
      'UPDATE(answer, day, gratitude_1, gratitude_2, gratitude_3, prompt_id, prompt_text, user_id)',
    ],
    service_role: ['DELETE', 'SELECT'],
  },
  story_places: {
    authenticated: ['SELECT', 'INSERT(sentence, story, user_id)', 'UPDATE(sentence, story, user_id)'],
    service_role: ['DELETE', 'SELECT'],
  },
  // Rise Mode, Mindstage and The Reset Room: members save their day (one upsert) and check in,
  // keep and remove their own statements, add scenes and log rehearsals and resets; the service
  // role exports and deletes them with the account.
  rise_days: {
    authenticated: [
      'SELECT',
      'INSERT(brave_action, day, intention, statement_id, statement_text, user_id)',
      'UPDATE(brave_action, day, intention, lived, note, statement_id, statement_text, user_id)',
    ],
    service_role: ['DELETE', 'SELECT'],
  },
  rise_statements: {
    authenticated: ['DELETE', 'SELECT', 'INSERT(id, text, user_id)'],
    service_role: ['DELETE', 'SELECT'],
  },
  rehearsal_scenarios: {
    authenticated: ['SELECT', 'INSERT(coping, going_well, id, scene, title, user_id)'],
    service_role: ['DELETE', 'SELECT'],
  },
  rehearsals: {
    authenticated: ['SELECT', 'INSERT(finished_at, id, scenario, suds_after, suds_before, user_id)'],
    service_role: ['DELETE', 'SELECT'],
  },
  resets: {
    authenticated: ['SELECT', 'INSERT(feeling, finished_at, id, intensity_after, intensity_before, reset, user_id)'],
    service_role: ['DELETE', 'SELECT'],
  },
  // Email: the outbox is the functions' alone (visitors and members reach nothing); members
  // read and save their own email choices (one upsert), the one-click link saves them as the
  // service role, which also exports and deletes both with the account.
  email_outbox: {
    service_role: ['DELETE', 'INSERT', 'SELECT', 'UPDATE'],
  },
  email_preferences: {
    authenticated: ['SELECT', 'INSERT(coaching_reminders, user_id)', 'UPDATE(coaching_reminders, user_id)'],
    service_role: ['DELETE', 'INSERT', 'SELECT', 'UPDATE'],
  },
  // Stripe disputes, written by the webhook; members read the outcome on their own purchase and
  // subscription rows.
  disputes: {
    service_role: ['INSERT', 'SELECT', 'UPDATE'],
  },
  // Tombstones of deleted accounts: account-delete writes one, the webhook and auth-sync read them.
  deleted_members: {
    service_role: ['INSERT', 'SELECT'],
  },
  // Per-member rate limits: the functions count a member's requests (count_member_request).
  member_requests: {
    service_role: ['DELETE', 'INSERT', 'SELECT', 'UPDATE'],
  },
};

let db: PGlite;
beforeAll(async () => {
  db = await migratedDatabase({ grants: 'current' });
}, 60_000);

/** Every privilege each API role holds on each public table, in the form of EXPECTED. */
async function actualGrants(): Promise<Record<string, Partial<Record<Role, string[]>>>> {
  const tableLevel = await db.query<{ table_name: string; grantee: Role; privilege_type: string }>(
    `select table_name, grantee, privilege_type from information_schema.role_table_grants
     where table_schema = 'public' and grantee in ('anon', 'authenticated', 'service_role')`,
  );
  // information_schema.column_privileges also lists the columns of a table-wide grant: keep
  // only the column grants that the table-wide ones do not cover.
  const columnLevel = await db.query<{ table_name: string; grantee: Role; privilege_type: string; columns: string[] }>(
    `select table_name, grantee, privilege_type, array_agg(column_name::text order by column_name) as columns
     from information_schema.column_privileges
     where table_schema = 'public' and grantee in ('anon', 'authenticated', 'service_role')
     group by table_name, grantee, privilege_type`,
  );
  const out: Record<string, Partial<Record<Role, string[]>>> = {};
  const add = (table: string, role: Role, privilege: string) => ((out[table] ??= {})[role] ??= []).push(privilege);
  const whole = new Set(tableLevel.rows.map((r) => `${r.table_name}|${r.grantee}|${r.privilege_type}`));
  for (const r of tableLevel.rows) add(r.table_name, r.grantee, r.privilege_type);
  for (const r of columnLevel.rows) {
    if (whole.has(`${r.table_name}|${r.grantee}|${r.privilege_type}`)) continue;
    add(r.table_name, r.grantee, `${r.privilege_type}(${r.columns.join(', ')})`);
  }
  for (const roles of Object.values(out)) for (const list of Object.values(roles)) list.sort();
  return out;
}

describe('grants on a project created today', () => {
  it('give each role exactly what the site needs, table by table and column by column', async () => {
    const expected = Object.fromEntries(
      Object.entries(EXPECTED).map(([table, roles]) => [table, Object.fromEntries(Object.entries(roles).map(([role, list]) => [role, [...list].sort()]))]),
    );
    expect(await actualGrants()).toEqual(expected);
  });

  it('give visitors nothing but reading sessions', async () => {
    const anon = await db.query<{ table_name: string; privilege_type: string }>(
      `select distinct table_name, privilege_type from information_schema.column_privileges
       where table_schema = 'public' and grantee = 'anon' order by 1, 2`,
    );
    expect(anon.rows).toEqual([
      { table_name: 'coaching_sessions', privilege_type: 'SELECT' },
    ]);
  });

  it('give visitors and members no privilege at all on the three form tables', async () => {
    for (const role of ['anon', 'authenticated']) {
      for (const table of ['community_ideas', 'partnership_requests', 'future_launch']) {
        const { rows } = await db.query<{ any: boolean; columns: boolean }>(
          `select has_table_privilege($1, $2, 'select, insert, update, delete, truncate, references, trigger') as any,
                  has_any_column_privilege($1, $2, 'select, insert, update, references') as columns`,
          [role, `public.${table}`],
        );
        expect(rows[0], `${role} on ${table}`).toEqual({ any: false, columns: false });
      }
    }
  });

  it('let each role call only the database functions it needs: members save a journal page and leave a waitlist, the functions count a member’s requests, claim and read certificates, count the funnel, read the owner’s numbers and pass seat offers on', async () => {
    const { rows } = await db.query<{ fn: string; role: string; execute: boolean }>(
      `select p.proname as fn, r.role, has_function_privilege(r.role, p.oid, 'execute') as execute
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       cross join unnest(array['anon', 'authenticated', 'service_role']) as r(role)
       where n.nspname = 'public' order by 1, 2`,
    );
    expect(rows).toEqual([
      // The certificate's claim and its public read by code (issue 45): the functions only.
      { fn: 'certificate_by_code', role: 'anon', execute: false },
      { fn: 'certificate_by_code', role: 'authenticated', execute: false },
      { fn: 'certificate_by_code', role: 'service_role', execute: true },
      { fn: 'claim_certificate', role: 'anon', execute: false },
      { fn: 'claim_certificate', role: 'authenticated', execute: false },
      { fn: 'claim_certificate', role: 'service_role', execute: true },
      // The hourly run passes lapsed seat offers on; a member leaves their own place in line.
      { fn: 'coaching_pass_expired_offers', role: 'anon', execute: false },
      { fn: 'coaching_pass_expired_offers', role: 'authenticated', execute: false },
      { fn: 'coaching_pass_expired_offers', role: 'service_role', execute: true },
      { fn: 'coaching_waitlist_leave', role: 'anon', execute: false },
      { fn: 'coaching_waitlist_leave', role: 'authenticated', execute: true },
      { fn: 'coaching_waitlist_leave', role: 'service_role', execute: false },
      { fn: 'coaching_waitlist_mine', role: 'anon', execute: false },
      { fn: 'coaching_waitlist_mine', role: 'authenticated', execute: true },
      { fn: 'coaching_waitlist_mine', role: 'service_role', execute: false },
      { fn: 'count_member_request', role: 'anon', execute: false },
      { fn: 'count_member_request', role: 'authenticated', execute: false },
      { fn: 'count_member_request', role: 'service_role', execute: true },
      // The content gate counts a member who opened a paid lesson (20261210100000).
      { fn: 'course_count_opening', role: 'anon', execute: false },
      { fn: 'course_count_opening', role: 'authenticated', execute: false },
      { fn: 'course_count_opening', role: 'service_role', execute: true },
      // The funnel (issue 44): the functions' day salt, beacons and purchases, and the owner's month.
      { fn: 'funnel_count_purchase', role: 'anon', execute: false },
      { fn: 'funnel_count_purchase', role: 'authenticated', execute: false },
      { fn: 'funnel_count_purchase', role: 'service_role', execute: true },
      { fn: 'funnel_hit', role: 'anon', execute: false },
      { fn: 'funnel_hit', role: 'authenticated', execute: false },
      { fn: 'funnel_hit', role: 'service_role', execute: true },
      { fn: 'funnel_salt', role: 'anon', execute: false },
      { fn: 'funnel_salt', role: 'authenticated', execute: false },
      { fn: 'funnel_salt', role: 'service_role', execute: true },
      // The campaign of a sign-up, recorded by auth-sync (20261210000000).
      { fn: 'funnel_signup_source', role: 'anon', execute: false },
      { fn: 'funnel_signup_source', role: 'authenticated', execute: false },
      { fn: 'funnel_signup_source', role: 'service_role', execute: true },
      { fn: 'owner_funnel', role: 'anon', execute: false },
      { fn: 'owner_funnel', role: 'authenticated', execute: false },
      { fn: 'owner_funnel', role: 'service_role', execute: true },
      { fn: 'owner_numbers', role: 'anon', execute: false },
      { fn: 'owner_numbers', role: 'authenticated', execute: false },
      { fn: 'owner_numbers', role: 'service_role', execute: true },
      { fn: 'owner_trend', role: 'anon', execute: false },
      { fn: 'owner_trend', role: 'authenticated', execute: false },
      { fn: 'owner_trend', role: 'service_role', execute: true },
      { fn: 'save_bloom_page', role: 'anon', execute: false },
      { fn: 'save_bloom_page', role: 'authenticated', execute: true },
      { fn: 'save_bloom_page', role: 'service_role', execute: false },
    ]);
  });

  it('leave tables created by a later migration closed until it grants them', async () => {
    await db.exec(`create table public.later_table (id int primary key)`);
    try {
      for (const role of ROLES) {
        const { rows } = await db.query<{ any: boolean }>(
          `select has_table_privilege($1, 'public.later_table', 'select, insert, update, delete') as any`,
          [role],
        );
        expect(rows[0]?.any, role).toBe(false);
      }
    } finally {
      await db.exec(`drop table public.later_table`);
    }
  });
});

describe('before the forms moved to the forms function', () => {
  // What main had with the grants migration alone: visitors could insert straight into the
  // form tables with the anon key, which nothing rate-limits.
  let earlier: PGlite;
  beforeAll(async () => {
    earlier = await migratedDatabase({ grants: 'current', before: '20261124000300' });
  }, 60_000);

  it('let a visitor insert an idea with the anon key; the forms migration takes that away', async () => {
    const insert = `insert into public.community_ideas (email, idea_message) values ('bot@example.com', 'Buy cheap followers today')`;
    expect(await failure(earlier, visitor, insert)).toBeNull();
    expect(await failure(db, visitor, insert)).toBe(RLS_VIOLATION);
  });
});

describe('the earlier migrations alone, on a project created today', () => {
  // What main had before the grants migration: every request of the site is refused with
  // 42501 (permission denied), however right its policies are.
  let bare: PGlite;
  beforeAll(async () => {
    bare = await migratedDatabase({ grants: 'current', before: '20261123000000' });
  }, 60_000);

  it('refuse a visitor’s form, a member’s profile read and every service-role write', async () => {
    await bare.query(`insert into public.profiles (id, email) values ('uid-a', 'ada@example.com')`);
    expect(await failure(bare, visitor, `insert into public.future_launch (email) values ('vi@example.com')`)).toBe(RLS_VIOLATION);
    expect(await failure(bare, member('uid-a'), `select id from public.profiles`)).toBe(RLS_VIOLATION);
    expect(await failure(bare, service, `insert into public.monthly_newsletter (email) values ('vi@example.com')`)).toBe(RLS_VIOLATION);
    expect(
      await failure(bare, service, `insert into public.profiles (id, email, full_name, membership_tier) values ('uid-b', 'bea@example.com', null, 'Explorer') on conflict (id) do nothing`),
    ).toBe(RLS_VIOLATION);
  });
});
