/**
 * Supabase's Security and Performance Advisors read the schema with the public lint queries of
 * supabase/splinter. The lints this schema once tripped are reproduced here from their SQL, so
 * they cannot come back:
 *   0003 auth_rls_initplan       an auth.<fn>() in a policy that is not `(select auth.<fn>())`
 *                                is evaluated again for every row;
 *   0024 rls_policy_always_true  a write policy for anon or authenticated whose check is
 *                                `true` lets anything through;
 *   0006 multiple_permissive_policies  two permissive policies for one role and action are
 *                                both evaluated on every query.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { migratedDatabase } from '../support/db';

let db: PGlite;
beforeAll(async () => {
  db = await migratedDatabase();
}, 60_000);

const POLICIES = `
  select nsp.nspname as schema_name, pc.relname as table_name, pc.relrowsecurity as is_rls_active,
         pa.polname as policy_name, pa.polpermissive as is_permissive, pa.polroles as role_oids,
         (select array_agg(r::regrole::text order by r::regrole::text) from unnest(pa.polroles) as x(r)) as roles,
         case pa.polcmd when 'r' then 'SELECT' when 'a' then 'INSERT' when 'w' then 'UPDATE' when 'd' then 'DELETE' when '*' then 'ALL' end as command,
         pb.qual, pb.with_check
  from pg_catalog.pg_policy pa
  join pg_catalog.pg_class pc on pa.polrelid = pc.oid
  join pg_catalog.pg_namespace nsp on pc.relnamespace = nsp.oid
  join pg_catalog.pg_policies pb on pc.relname = pb.tablename and nsp.nspname = pb.schemaname and pa.polname = pb.policyname
  where nsp.nspname = 'public'`;

/**
 * The lints match the policy text as Postgres prints it, which depends on the search path:
 * they assume one without `auth` (splinter's note), as the advisor runs them.
 */
async function query<R>(sql: string): Promise<R[]> {
  return db.transaction(async (tx) => {
    await tx.query(`set local search_path = ''`);
    return (await tx.query<R>(sql)).rows;
  });
}

describe('Supabase advisors', () => {
  it('the schema has policies to check', async () => {
    expect((await query(POLICIES)).length).toBeGreaterThanOrEqual(8);
  });

  it('0003 auth_rls_initplan: every auth.<fn>() in a policy is wrapped in a select', async () => {
    const flagged = await query<{ table_name: string; policy_name: string }>(`
      with policies as (${POLICIES})
      select table_name, policy_name from policies
      where is_rls_active and (
        (qual ~ '(auth)\\.(uid|jwt|role|email)\\(\\)' and lower(qual) !~ 'select\\s+(auth)\\.(uid|jwt|role|email)\\(\\)')
        or (with_check ~ '(auth)\\.(uid|jwt|role|email)\\(\\)' and lower(with_check) !~ 'select\\s+(auth)\\.(uid|jwt|role|email)\\(\\)')
      )`);
    expect(flagged).toEqual([]);
  });

  it('0003 auth_rls_initplan: the lint itself flags the old form', async () => {
    // The form the first migrations used, `(select auth.jwt()->>'sub')`, prints as
    // `( SELECT (auth.jwt() ->> 'sub'::text))`, which the lint does not take as wrapped.
    await db.exec(`create table public.lint_probe (owner text); alter table public.lint_probe enable row level security;
                   create policy probe on public.lint_probe for select to authenticated using (owner = (select auth.jwt()->>'sub'));`);
    try {
      const flagged = await query<{ policy_name: string }>(`
        with policies as (${POLICIES})
        select policy_name from policies
        where qual ~ '(auth)\\.(uid|jwt|role|email)\\(\\)' and lower(qual) !~ 'select\\s+(auth)\\.(uid|jwt|role|email)\\(\\)'`);
      expect(flagged).toEqual([{ policy_name: 'probe' }]);
    } finally {
      await db.exec(`drop table public.lint_probe`);
    }
  });

  it('0024 rls_policy_always_true: no write policy for visitors or members lets anything through', async () => {
    const flagged = await query<{ table_name: string; policy_name: string; command: string }>(`
      with policies as (${POLICIES}),
      normalized as (
        select *, replace(replace(replace(lower(coalesce(qual, '')), ' ', ''), E'\\n', ''), E'\\t', '') as nq,
                  replace(replace(replace(lower(coalesce(with_check, '')), ' ', ''), E'\\n', ''), E'\\t', '') as nc
        from policies
        where is_rls_active and is_permissive
          and (role_oids = array[0::oid] or exists (select 1 from unnest(role_oids) r where r::regrole::text in ('anon', 'authenticated')))
      )
      select table_name, policy_name, command from normalized
      where (command in ('UPDATE', 'DELETE', 'ALL') and (nq in ('true', '(true)', '1=1', '(1=1)') or qual is null))
         or nc in ('true', '(true)', '1=1', '(1=1)')
         or (with_check is null and command = 'INSERT')
         or (with_check is null and command in ('UPDATE', 'ALL') and nq in ('true', '(true)', '1=1', '(1=1)'))`);
    expect(flagged).toEqual([]);
  });

  it('0024 rls_policy_always_true: the form tables have no insert policy left to flag (only the forms function writes them)', async () => {
    const left = await query<{ table_name: string; policy_name: string }>(`
      with policies as (${POLICIES})
      select table_name, policy_name from policies
      where table_name in ('community_ideas', 'partnership_requests', 'future_launch')`);
    expect(left).toEqual([]);
  });

  it('0006 multiple_permissive_policies: one permissive policy a role and action', async () => {
    const flagged = await query<{ table_name: string; role: string; command: string; policies: string[] }>(`
      with policies as (${POLICIES}),
      per_role as (
        select table_name, role, c.command, policy_name
        from policies, unnest(roles) as role,
             lateral (select unnest(case command when 'ALL' then array['SELECT', 'INSERT', 'UPDATE', 'DELETE'] else array[command] end) as command) c
        where is_permissive
      )
      select table_name, role, command, array_agg(policy_name order by policy_name) as policies
      from per_role group by table_name, role, command having count(*) > 1`);
    expect(flagged).toEqual([]);
  });
});
