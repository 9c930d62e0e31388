/**
 * An in-memory Postgres (PGlite) set up like a Supabase project: the bootstrap, then every
 * migration in order. `as()` runs statements the way PostgREST does, inside a transaction with
 * `set local role` and the request's JWT claims, so the row-level security policies apply.
 *
 * Two kinds of project, chosen by DB_GRANTS (vitest runs the db tests once with each):
 *   current  (default) a project created today: no automatic grants on public, so a role
 *            reaches a table only through the migrations' GRANTs; a missing grant fails.
 *   broad    the pre-2026 defaults, and every privilege on every public table granted again
 *            after the migrations (as on a project whose grants were widened by hand): row-level
 *            security alone must keep each caller to its rows.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction } from '@electric-sql/pglite';

const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const MIGRATIONS_DIR = path.join(root, 'supabase/migrations');

/** The migration files, in the order Supabase applies them (by their timestamp prefix). */
export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => path.join(MIGRATIONS_DIR, f));
}

export type Grants = 'current' | 'broad';

/** The kind of project this run models (DB_GRANTS; see the top of this file). */
export const GRANTS: Grants = process.env.DB_GRANTS === 'broad' ? 'broad' : 'current';

export interface DatabaseOptions {
  /** Run supabase/seed.sql after the migrations. */
  seed?: boolean;
  /** The kind of project; the run's DB_GRANTS by default. */
  grants?: Grants;
  /** Apply only the migrations whose file name sorts before this one (to test an earlier state). */
  before?: string;
}

export async function migratedDatabase(options: DatabaseOptions = {}): Promise<PGlite> {
  const grants = options.grants ?? GRANTS;
  const db = await PGlite.create();
  await db.exec(readFileSync(path.join(root, 'tests/support/supabase-bootstrap.sql'), 'utf8'));
  if (grants === 'current') await db.exec(readFileSync(path.join(root, 'tests/support/supabase-current-defaults.sql'), 'utf8'));
  const before = options.before;
  for (const file of migrationFiles().filter((f) => !before || path.basename(f) < before)) {
    await db.exec(readFileSync(file, 'utf8'));
  }
  if (grants === 'broad') {
    await db.exec(`grant all on all tables in schema public to anon, authenticated, service_role;
                   grant all on all sequences in schema public to anon, authenticated, service_role;`);
  }
  if (options.seed) await db.exec(readFileSync(path.join(root, 'supabase/seed.sql'), 'utf8'));
  return db;
}

/**
 * Who sends the request: a visitor (anon key), a signed-in member (Firebase uid), the service
 * role (the functions), or the site owner (postgres, as the dashboard's table editor and SQL
 * editor run; checks what is stored whatever the API roles may read).
 */
export type Who = 'visitor' | 'service' | 'owner' | { member: string };

export const visitor: Who = 'visitor';
export const service: Who = 'service';
export const owner: Who = 'owner';
export const member = (uid: string): Who => ({ member: uid });

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
