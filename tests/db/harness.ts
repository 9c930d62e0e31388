/**
 * An in-memory Postgres (PGlite) set up like a Supabase project: the bootstrap, then every
 * migration in order. `as()` runs statements the way PostgREST does, inside a transaction with
 * `set local role` and the request's JWT claims, so the row-level security policies apply.
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

export async function migratedDatabase(options: { seed?: boolean } = {}): Promise<PGlite> {
  const db = await PGlite.create();
  await db.exec(readFileSync(path.join(root, 'tests/db/supabase-bootstrap.sql'), 'utf8'));
  for (const file of migrationFiles()) await db.exec(readFileSync(file, 'utf8'));
  if (options.seed) await db.exec(readFileSync(path.join(root, 'supabase/seed.sql'), 'utf8'));
  return db;
}

/** Who sends the request: a visitor (anon key), a signed-in member (Firebase uid), or the service role. */
export type Who = 'visitor' | 'service' | { member: string };

export const visitor: Who = 'visitor';
export const service: Who = 'service';
export const member = (uid: string): Who => ({ member: uid });

function roleAndClaims(who: Who): { role: string; claims: Record<string, string> } {
  if (who === 'visitor') return { role: 'anon', claims: { role: 'anon' } };
  if (who === 'service') return { role: 'service_role', claims: { role: 'service_role' } };
  return { role: 'authenticated', claims: { sub: who.member, role: 'authenticated' } };
}

/** Runs `work` as `who` in a transaction that commits when it returns. */
export async function as<T>(db: PGlite, who: Who, work: (tx: Transaction) => Promise<T>): Promise<T> {
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

/** Row-level security refused a write (new row violates a policy). */
export const RLS_VIOLATION = '42501';
export const UNIQUE_VIOLATION = '23505';
export const CHECK_VIOLATION = '23514';
export const NOT_NULL_VIOLATION = '23502';
