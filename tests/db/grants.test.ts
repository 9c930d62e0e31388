/**
 * The grants themselves, on a project created today (no automatic grants on public): each Data
 * API role holds exactly the privileges the site needs, table by table and column by column,
 * and nothing else. Runs in the `db` project only (the `db-broad` run widens the grants on
 * purpose to test row-level security alone).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { failure, member, migratedDatabase, RLS_VIOLATION, service, visitor } from './harness';

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
  },
  coaching_session_signups: {
    authenticated: ['DELETE', 'SELECT', 'INSERT(email, name, session_id, user_id)'],
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
  community_ideas: {
    anon: ['INSERT(email, idea_message, name)'],
    authenticated: ['INSERT(email, idea_message, name)'],
  },
  partnership_requests: {
    anon: ['INSERT(email, message, name, partnership_type)'],
    authenticated: ['INSERT(email, message, name, partnership_type)'],
  },
  future_launch: {
    anon: ['INSERT(email)'],
    authenticated: ['INSERT(email)'],
  },
  monthly_newsletter: {
    service_role: ['INSERT'],
  },
  purchases: {
    authenticated: ['SELECT'],
    service_role: ['INSERT', 'SELECT', 'UPDATE'],
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

  it('give visitors nothing but the form inserts and reading sessions', async () => {
    const anon = await db.query<{ table_name: string; privilege_type: string }>(
      `select distinct table_name, privilege_type from information_schema.column_privileges
       where table_schema = 'public' and grantee = 'anon' order by 1, 2`,
    );
    expect(anon.rows).toEqual([
      { table_name: 'coaching_sessions', privilege_type: 'SELECT' },
      { table_name: 'community_ideas', privilege_type: 'INSERT' },
      { table_name: 'future_launch', privilege_type: 'INSERT' },
      { table_name: 'partnership_requests', privilege_type: 'INSERT' },
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
