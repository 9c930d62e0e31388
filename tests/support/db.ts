/**
 * The db tests' database and how they query it. The database is the one migrated-database
 * fixture (local-platform/database/database.mjs): a copy of the dump made once per test run, as a project
 * created today (DB_GRANTS=current: no automatic grants, a missing GRANT fails) or where grants
 * are broad (DB_GRANTS=broad: row-level security alone must hold); vitest runs the db tests once
 * with each. `as()` runs statements the way PostgREST does, inside a transaction with
 * `set local role` and the request's JWT claims, so the row-level security policies apply.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';

/** migratedDatabase({ grants?, before?, seed? }): a database of its own for a test file; GRANTS: this run's kind. */
export { GRANTS, MIGRATIONS_DIR, migratedDatabase, migrationFiles } from '../../local-platform/database/database.mjs';
export type Grants = 'current' | 'broad';

/**
 * Who sends the request: a visitor (anon key), a signed-in member (Firebase uid), the service
 * role (the functions), or the site owner (postgres, as the dashboard's table editor and SQL
 * editor run; checks what is stored whatever the API roles may read).
 */
export type Who = 'visitor' | 'service' | 'owner' | { member: string };

export const visitor: Who = 'visitor';
export const service: Who = 'service';
export const owner: Who = 'owner';
export const member = (memberId: string): Who => ({ member: memberId });

function roleAndClaims(who: Exclude<Who, 'owner'>): { role: string; claims: Record<string, string> } {
  if (who === 'visitor') return { role: 'anon', claims: { role: 'anon' } };
  if (who === 'service') return { role: 'service_role', claims: { role: 'service_role' } };
  return { role: 'authenticated', claims: { sub: who.member, role: 'authenticated' } };
}

/** Runs `work` as `who` in a transaction that commits when it returns. */
export async function as<T>(db: PGlite, who: Who, work: (tx: Transaction) => Promise<T>): Promise<T> {
  if (who === 'owner') return db.transaction(work);
  const { role, claims } = roleAndClaims(who);
  return db.transaction(async (tx) => {
    await tx.query(`set local role ${role}`);
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
    return work(tx);
  });
}

/** The rows `who` gets back from a query. */
export async function rows<R = Record<string, unknown>>(db: PGlite, who: Who, sql: string, params: unknown[] = []): Promise<R[]> {
  return as(db, who, async (tx) => (await tx.query<R>(sql, params)).rows);
}

/** The number of rows a statement affected (0 when the policies hid every row). */
export async function affected(db: PGlite, who: Who, sql: string, params: unknown[] = []): Promise<number> {
  return as(db, who, async (tx) => (await tx.query(sql, params)).affectedRows ?? 0);
}

/** The SQLSTATE a statement fails with when run as `who`, or null when it succeeds (then committed). */
export async function failure(db: PGlite, who: Who, sql: string, params: unknown[] = []): Promise<string | null> {
  try {
    await as(db, who, (tx) => tx.query(sql, params));
    return null;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string') throw error;
    return code;
  }
}

/** The error a statement as `who` fails with ({ code, message }), or null when it is stored (then committed). */
export async function refusalOf(db: PGlite, who: Who, sql: string, params: unknown[] = []): Promise<{ code: string; message: string } | null> {
  try {
    await as(db, who, (tx) => tx.query(sql, params));
    return null;
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    if (typeof code !== 'string') throw error;
    return { code, message: message ?? '' };
  }
}

/**
 * Whether `who` gets nothing from a statement: it is refused for lack of a privilege or by a
 * policy (42501), or it reads or touches no row. On a project created today a role without a
 * grant is refused; where grants are broad, row-level security hides the rows instead. Both
 * keep the caller out, so a test of what a caller must not reach holds on both.
 */
export async function hidden(db: PGlite, who: Who, sql: string, params: unknown[] = []): Promise<boolean> {
  try {
    const result = await as(db, who, (tx) => tx.query(sql, params));
    return result.rows.length === 0 && (result.affectedRows ?? 0) === 0;
  } catch (error) {
    if ((error as { code?: unknown }).code === RLS_VIOLATION) return true;
    throw error;
  }
}

/** Refused: a missing privilege (permission denied) or a policy (new row violates row-level security). */
export const RLS_VIOLATION = '42501';
export const UNIQUE_VIOLATION = '23505';
export const CHECK_VIOLATION = '23514';
export const NOT_NULL_VIOLATION = '23502';

/**
 * Members whose address is verified (profiles.email_verified, which only the service role
 * writes), as the owner: a coaching signup asks for it (20261205110000_signups_close.sql). Each
 * gets a profile `<uid>@example.com` if they have none.
 */
export async function verifiedMembers(db: PGlite, memberIds: readonly string[]): Promise<void> {
  await db.query(
    `insert into public.profiles (id, email, email_verified) select u, lower(u) || '@example.com', true from unnest($1::text[]) u
     on conflict (id) do update set email_verified = true`,
    [memberIds],
  );
}
