/**
 * Vitest global setup of the projects that use the database (db, db-broad, functions, local):
 * the one migrated database of the project's kind (local-platform/database/database.mjs), migrated once
 * for the whole run and dumped into MIGRATED_DB_DIR, a folder every test file (and a
 * `npm run dev:members` a test starts) copies its database from. Removed when the run ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { writeMigratedDump } from '../../local-platform/database/database.mjs';

export default async function setup(project: TestProject): Promise<() => void> {
  // The first project to get here makes the folder; the others add their kind to it.
  const made = process.env.MIGRATED_DB_DIR ? null : mkdtempSync(path.join(tmpdir(), 'ia-migrated-db-'));
  if (made) process.env.MIGRATED_DB_DIR = made;
  await writeMigratedDump(project.config.env?.DB_GRANTS === 'broad' ? 'broad' : 'current');
  return () => {
    if (!made) return;
    rmSync(made, { recursive: true, force: true });
    delete process.env.MIGRATED_DB_DIR;
  };
}
