/** The migrations: named in order, every table with row-level security, and policies that compare Firebase uids. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { migratedDatabase, migrationFiles, rows, visitor } from '../support/db';

let db: PGlite;
beforeAll(async () => {
  db = await migratedDatabase({ seed: true });
}, 60_000);

const TABLES = [
  'bloom_pages',
  'breathing_sessions',
  'certificates',
  'coaching_join_links',
  'coaching_session_changes',
  'coaching_session_signups',
  'coaching_sessions',
  'coaching_standing_link',
  'coaching_waitlist',
  'community_ideas',
  'deleted_members',
  'disputes',
  'email_outbox',
  'email_preferences',
  'future_launch',
  'lesson_progress',
  'member_requests',
  'monthly_newsletter',
  'partnership_requests',
  'profiles',
  'purchases',
  'rehearsal_scenarios',
  'rehearsals',
  'resets',
  'rise_days',
  'rise_statements',
  'story_places',
  'stripe_customers',
  'stripe_subscriptions',
];

describe('the migrations', () => {
  it('are named with a timestamp so Supabase applies them in order', () => {
    const names = migrationFiles().map((f) => f.split('/').pop()!);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^\d{14}_[a-z0-9_]+\.sql$/);
  });

  it('create every table of the spec, each with row-level security on', async () => {
    const tables = await db.query<{ relname: string; relrowsecurity: boolean }>(
      `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
    );
    expect(tables.rows.map((t) => t.relname)).toEqual(TABLES);
    expect(tables.rows.filter((t) => !t.relrowsecurity)).toEqual([]);
  });

  it('keep every table of the private schema closed too: row-level security on, no policy (only security-definer functions reach them)', async () => {
    const tables = await db.query<{ relname: string; relrowsecurity: boolean }>(
      `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'private' and c.relkind = 'r' order by c.relname`,
    );
    expect(tables.rows.length).toBeGreaterThan(0);
    expect(tables.rows.filter((t) => !t.relrowsecurity).map((t) => t.relname)).toEqual([]);
    expect((await db.query(`select 1 from pg_policies where schemaname = 'private'`)).rows).toEqual([]);
  });

  it('compare user ids with (select auth.jwt()) ->> sub and never auth.uid() (Firebase uids are not UUIDs)', async () => {
    const policies = await db.query<{ tablename: string; policyname: string; qual: string | null; with_check: string | null }>(
      `select tablename, policyname, qual, with_check from pg_policies where schemaname = 'public'`,
    );
    expect(policies.rows.length).toBeGreaterThan(0);
    for (const p of policies.rows) {
      const text = `${p.qual ?? ''} ${p.with_check ?? ''}`;
      expect(text, p.policyname).not.toMatch(/auth\.uid\(\)/);
      if (/user_id|\bid\b/.test(text) && /jwt/.test(text)) expect(text, p.policyname).toMatch(/\( SELECT auth\.jwt\(\) AS jwt\) ->> 'sub'::text/);
    }
  });

  it('keep their functions out of the API: visitors and members cannot call the triggers or reach the schema; the API has a function for members and the service role’s (rate limits, certificates, the funnel, the owner’s numbers)', async () => {
    const fns = await db.query<{ proname: string; anon: boolean; authenticated: boolean }>(
      `select p.proname, has_function_privilege('anon', p.oid, 'execute') as anon, has_function_privilege('authenticated', p.oid, 'execute') as authenticated
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'private'`,
    );
    expect(fns.rows.length).toBeGreaterThan(0);
    // Only the pure trim the checks call on their inserts runs as them, and (since 20261124000200)
    // the date check the members' give-back policy calls, for members only; no trigger function does.
    // And (since 20261208000100) the lesson check the members' progress policy calls, for members only.
    expect(fns.rows.filter((f) => f.anon || f.authenticated).sort((a, b) => a.proname.localeCompare(b.proname))).toEqual([
      { proname: 'coaching_session_is_upcoming', anon: false, authenticated: true },
      { proname: 'member_may_open_lesson', anon: false, authenticated: true },
      { proname: 'trim_js', anon: true, authenticated: true },
    ]);
    const usage = await db.query<{ anon: boolean; authenticated: boolean }>(
      `select has_schema_privilege('anon', 'private', 'usage') as anon, has_schema_privilege('authenticated', 'private', 'usage') as authenticated`,
    );
    expect(usage.rows).toEqual([{ anon: false, authenticated: false }]);
    // The API's functions: a member's save (The Bloom Book's page, keeping the newer version), and
    // the functions' count of a member's requests (per-member rate limits), which neither visitors
    // nor members can call (tests/db/grants.db.test.ts has who may); the funnel's four (issue 44:
    // the day's salt, a beacon, a purchase, the owner's month), the service role's alone.
    const api = await db.query<{ proname: string; anon: boolean; authenticated: boolean }>(
      `select p.proname, has_function_privilege('anon', p.oid, 'execute') as anon, has_function_privilege('authenticated', p.oid, 'execute') as authenticated
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'`,
    );
    // Since issue 45 the functions' certificate claim and read by code, for the service role only.
    expect(api.rows.sort((a, b) => a.proname.localeCompare(b.proname))).toEqual([
      { proname: 'certificate_by_code', anon: false, authenticated: false },
      { proname: 'claim_certificate', anon: false, authenticated: false },
      // The coaching waitlist (20261209100000): the hourly run's pass of lapsed offers (the
      // service role's), and a member's own places and leaving them.
      { proname: 'coaching_pass_expired_offers', anon: false, authenticated: false },
      { proname: 'coaching_waitlist_leave', anon: false, authenticated: true },
      { proname: 'coaching_waitlist_mine', anon: false, authenticated: true },
      { proname: 'count_member_request', anon: false, authenticated: false },
      // The content gate's count of a member who opened a paid lesson (20261210100000).
      { proname: 'course_count_opening', anon: false, authenticated: false },
      { proname: 'funnel_count_purchase', anon: false, authenticated: false },
      { proname: 'funnel_hit', anon: false, authenticated: false },
      { proname: 'funnel_salt', anon: false, authenticated: false },
      // A sign-up's campaign, recorded by auth-sync (20261210000000).
      { proname: 'funnel_signup_source', anon: false, authenticated: false },
      { proname: 'owner_funnel', anon: false, authenticated: false },
      // The owner's numbers (20261207000100): the owner-numbers function's, after its owner check.
      { proname: 'owner_numbers', anon: false, authenticated: false },
      { proname: 'owner_trend', anon: false, authenticated: false },
      { proname: 'save_bloom_page', anon: false, authenticated: true },
    ]);
  });
});

describe('the seed', () => {
  it('offers three upcoming sessions on last Thursdays, readable by a visitor, and hides the closed one', async () => {
    const sessions = await rows<{ date: Date; iso_dow: number; last_thursday: boolean; spots_available: number; max_spots: number }>(
      db,
      visitor,
      `select date, extract(isodow from date)::int as iso_dow, (date + 7 > (date_trunc('month', date) + interval '1 month')::date) as last_thursday,
              spots_available, max_spots
       from public.coaching_sessions where is_active and date >= current_date order by date`,
    );
    expect(sessions).toHaveLength(3);
    for (const s of sessions) expect(s).toMatchObject({ iso_dow: 4, last_thursday: true });
    expect(sessions.map((s) => s.spots_available)).toEqual([14, 3, 0]);
    expect(await rows(db, visitor, `select id from public.coaching_sessions where not is_active`)).toEqual([]);
  });
});
