/**
 * The one migrated database, for the db, function and local tests, the members' end-to-end run
 * and `npm run dev:members`: PGlite set up like a Supabase project, then every migration of
 * supabase/migrations in order, each in its own transaction and recorded in
 * local_meta.applied_migrations (as `supabase db push` records them remotely).
 *
 * The project's defaults (./supabase-bootstrap.sql, then for `current` ./supabase-current-defaults.sql):
 *   current  (default) a project created today: since 2026-10-30 a table or function created in
 *            public gets no automatic grant, so a role reaches a table only through the
 *            migrations' GRANTs; a missing grant fails.
 *   broad    the defaults projects had until 2026 (every privilege on what postgres creates in
 *            public), and every privilege on every public table granted again after the
 *            migrations (as on a project whose grants were widened by hand): row-level security
 *            alone must keep each caller to its rows.
 * The db tests run once with each (DB_GRANTS=current and DB_GRANTS=broad, vitest.config.ts).
 *
 * Migrated once, copied many times: the first database of each kind is built from nothing and
 * its data directory dumped (PGlite's dumpDataDir); every later one is a copy of that dump
 * (`new PGlite({ loadDataDir })`), about a quarter of the work. Within one test run the dumps
 * live in MIGRATED_DB_DIR (made by tests/support/database-setup.ts, vitest's global setup), so
 * every test file, and a `npm run dev:members` a test starts, copies what one migration made.
 */
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

export const ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const MIGRATIONS_DIR = path.join(ROOT, 'supabase/migrations');
const HERE = path.dirname(fileURLToPath(import.meta.url));

/** @typedef {'current' | 'broad'} Grants */

/** The kind of project this process models (DB_GRANTS; see the top of this file). */
export const GRANTS = /** @type {Grants} */ (process.env.DB_GRANTS === 'broad' ? 'broad' : 'current');

/** The migration file names, in the order Supabase applies them (by their timestamp prefix). */
export function migrationNames() {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/** The migration files' full paths, in order. */
export function migrationFiles() {
  return migrationNames().map((name) => path.join(MIGRATIONS_DIR, name));
}

/**
 * Sets up an empty database as a Supabase project of this kind, before any migration.
 * @param {PGlite} db @param {Grants} grants
 */
async function bootstrap(db, grants) {
  await db.exec(readFileSync(path.join(HERE, 'supabase-bootstrap.sql'), 'utf8'));
  if (grants === 'current') await db.exec(readFileSync(path.join(HERE, 'supabase-current-defaults.sql'), 'utf8'));
  await db.exec('create schema local_meta; create table local_meta.applied_migrations (name text primary key, applied_at timestamptz not null default now());');
}

/**
 * Applies, in order, the migrations not yet recorded (only those sorting before `before`, if
 * given); returns their names.
 * @param {PGlite} db @param {{ before?: string }} [options]
 */
async function applyMigrations(db, options = {}) {
  const done = new Set((await db.query('select name from local_meta.applied_migrations')).rows.map((r) => /** @type {{ name: string }} */ (r).name));
  const applied = [];
  for (const name of migrationNames()) {
    if (done.has(name) || (options.before && name >= options.before)) continue;
    await db.transaction(async (tx) => {
      await tx.exec(readFileSync(path.join(MIGRATIONS_DIR, name), 'utf8'));
      await tx.query('insert into local_meta.applied_migrations (name) values ($1)', [name]);
    });
    applied.push(name);
  }
  return applied;
}

/** @param {PGlite} db */
async function widenGrants(db) {
  await db.exec(`grant all on all tables in schema public to anon, authenticated, service_role;
                 grant all on all sequences in schema public to anon, authenticated, service_role;`);
}

/**
 * A database migrated from nothing (in memory, or in `dataDir`).
 * @param {{ grants: Grants, before?: string, dataDir?: string }} options
 */
async function build(options) {
  const db = options.dataDir ? await PGlite.create({ dataDir: options.dataDir }) : await PGlite.create();
  await bootstrap(db, options.grants);
  await applyMigrations(db, options.before ? { before: options.before } : {});
  if (options.grants === 'broad') await widenGrants(db);
  return db;
}

/** @param {PGlite} db */
async function seed(db) {
  await db.exec(readFileSync(path.join(ROOT, 'supabase/seed.sql'), 'utf8'));
}

/** This process's dumps, by kind (when there is no MIGRATED_DB_DIR, or before it is written). */
const dumps = /** @type {Map<Grants, Promise<Blob>>} */ (new Map());

/** @param {Grants} grants */
const dumpFile = (grants) => (process.env.MIGRATED_DB_DIR ? path.join(process.env.MIGRATED_DB_DIR, `${grants}.tar`) : null);

/**
 * Writes the dump of a freshly migrated database of this kind to MIGRATED_DB_DIR (the global
 * setup of a test run calls it once per kind).
 * @param {Grants} grants
 */
export async function writeMigratedDump(grants) {
  const file = dumpFile(grants);
  if (!file) throw new Error('MIGRATED_DB_DIR is unset');
  if (existsSync(file)) return;
  const db = await build({ grants });
  const dump = await db.dumpDataDir('none');
  await db.close();
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
}

/**
 * The dump of a freshly migrated database of this kind: the test run's (MIGRATED_DB_DIR), else
 * this process's, made once.
 * @param {Grants} grants
 * @returns {Promise<Blob>}
 */
async function migratedDump(grants) {
  const file = dumpFile(grants);
  if (file && existsSync(file)) return new Blob([readFileSync(file)]);
  let dump = dumps.get(grants);
  if (!dump) {
    dump = build({ grants }).then(async (db) => {
      const blob = await db.dumpDataDir('none');
      await db.close();
      return blob;
    });
    dumps.set(grants, dump);
  }
  return dump;
}

/**
 * An in-memory database of this kind with every migration applied: a copy of the migrated
 * dump. With `before`, only the migrations whose file name sorts before it (an earlier state of
 * the schema, built from nothing); with `seed`, supabase/seed.sql on top.
 * @param {{ grants?: Grants, before?: string, seed?: boolean }} [options]
 * @returns {Promise<PGlite>}
 */
export async function migratedDatabase(options = {}) {
  const grants = options.grants ?? GRANTS;
  const db = options.before ? await build({ grants, before: options.before }) : await PGlite.create({ loadDataDir: await migratedDump(grants) });
  if (options.seed) await seed(db);
  return db;
}

/**
 * The local database of a project created today. With `dataDir` the data is kept on disk
 * between runs (`npm run dev:members` keeps it in .local/pgdata, git-ignored): a new folder starts
 * as the migrated database (the test run's copy when there is one, else migrated in place), an
 * existing one gets the migrations not yet applied. Without it, an in-memory copy.
 * `seed` runs supabase/seed.sql on a new database.
 * @param {{ dataDir?: string, seed?: boolean }} [options]
 * @returns {Promise<{ db: PGlite, created: boolean, applied: string[] }>}
 */
export async function openDatabase(options = {}) {
  const { dataDir } = options;
  if (dataDir && existsSync(path.join(dataDir, 'PG_VERSION'))) {
    const db = await PGlite.create({ dataDir });
    return { db, created: false, applied: await applyMigrations(db) };
  }
  const file = dumpFile('current');
  let db;
  if (!dataDir) db = await migratedDatabase({ grants: 'current' });
  else if (file && existsSync(file)) db = await PGlite.create({ dataDir, loadDataDir: new Blob([readFileSync(file)]) });
  else db = await build({ grants: 'current', dataDir });
  if (options.seed) await seed(db);
  return { db, created: true, applied: migrationNames() };
}
