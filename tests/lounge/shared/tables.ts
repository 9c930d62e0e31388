/**
 * What the Lounge's database tests share: each test file's own migrated database (PGlite running
 * our migrations, tests/support/db.ts; the db and db-broad projects run every file once each),
 * the two members whose rows they write, and the service role's export and deletion of a
 * member's rows (the account export and the account deletion read and delete every app table).
 */
import type { PGlite } from '@electric-sql/pglite';
import { beforeAll, expect } from 'vitest';
import { failure, member, migratedDatabase, rows, service } from '../../support/db';

export const ada = member('uid-ada');
export const bea = member('uid-bea');

/** This file's database, migrated before its first test; call the answer inside a test to reach it. */
export function fileDatabase(): () => PGlite {
  let db: PGlite | undefined;
  beforeAll(async () => {
    db = await migratedDatabase();
  }, 60_000);
  return () => {
    if (!db) throw new Error('the database is reached before it was migrated');
    return db;
  };
}

/** The service role reads `memberId`'s one row of each table (the export), deletes it (account deletion), and none is left. */
export async function exportsAndDeletes(db: PGlite, tables: readonly string[], memberId = 'uid-bea') {
  for (const table of tables) {
    expect((await rows(db, service, `select * from public.${table} where user_id = '${memberId}'`)).length, table).toBe(1);
    expect(await failure(db, service, `delete from public.${table} where user_id = '${memberId}'`)).toBeNull();
    expect(await rows(db, service, `select count(*)::int as n from public.${table} where user_id = '${memberId}'`)).toEqual([{ n: 0 }]);
  }
}
