/**
 * The local database: PGlite set up like a Supabase project created today (the API roles,
 * auth.jwt() reading request.jwt.claims, no automatic grants on public), then every migration of
 * supabase/migrations in order. The same bootstrap the database tests use (tests/support/db.ts).
 *
 * With `dataDir` the data is kept on disk between runs (npm run dev:members keeps it in
 * .local/pgdata, git-ignored) and the migrations not yet applied are applied on start, recorded
 * in local_meta.applied_migrations as `supabase db push` records them remotely.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

export const ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
const MIGRATIONS = path.join(ROOT, 'supabase/migrations');

/** @param {string} relative */
const sql = (relative) => readFileSync(path.join(ROOT, relative), 'utf8');

export function migrationNames() {
  return readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/**
 * @param {{ dataDir?: string, seed?: boolean }} [options]
 * @returns {Promise<{ db: PGlite, created: boolean, applied: string[] }>}
 */
export async function openDatabase(options = {}) {
  const fresh = !options.dataDir || !existsSync(path.join(options.dataDir, 'PG_VERSION'));
  const db = options.dataDir ? await PGlite.create({ dataDir: options.dataDir }) : await PGlite.create();
  if (fresh) {
    await db.exec(sql('tests/support/supabase-bootstrap.sql'));
    await db.exec(sql('tests/support/supabase-current-defaults.sql'));
    await db.exec('create schema local_meta; create table local_meta.applied_migrations (name text primary key, applied_at timestamptz not null default now());');
  }
  const done = new Set((await db.query('select name from local_meta.applied_migrations')).rows.map((r) => /** @type {{ name: string }} */ (r).name));
  const applied = [];
  for (const name of migrationNames()) {
    if (done.has(name)) continue;
    await db.transaction(async (tx) => {
      await tx.exec(readFileSync(path.join(MIGRATIONS, name), 'utf8'));
      await tx.query('insert into local_meta.applied_migrations (name) values ($1)', [name]);
    });
    applied.push(name);
  }
  if (fresh && options.seed) await db.exec(sql('supabase/seed.sql'));
  return { db, created: fresh, applied };
}
