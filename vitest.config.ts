/**
 * The vitest projects. Tests live in tests/<feature>/, as the code does in src/features/<feature>/;
 * the kind of a test is in its name:
 *   name.test.ts            pure rules and stores (node)
 *   name.test.tsx           islands and elements (jsdom)
 *   name.db.test.ts         SQL on PGlite running the migrations, twice (see db and db-broad)
 *   name.function.test.ts   a function's handler on a real database and the local stand-ins
 *   tests/local/*.test.ts   the local member side (scripts/local) and `npm run dev:members`
 * End-to-end specs (name.spec.ts, name.members.spec.ts) are Playwright's (playwright.config.ts).
 */
import { defineConfig } from 'vitest/config';

const SLOW = ['tests/**/*.db.test.ts', 'tests/**/*.function.test.ts', 'tests/local/**'];
/**
 * The projects on a database: the one migrated database (scripts/local/database.mjs) is
 * migrated once per run (per kind) and each test file gets a copy (tests/support/database-setup.ts).
 */
const DATABASE = 'tests/support/database-setup.ts';
export default defineConfig({
  test: {
    // Compiles the gated content the content function imports (scripts/compile-gated-content.mjs).
    globalSetup: ['tests/support/global-setup.ts'],
    projects: [
      {
        test: { name: 'unit', include: ['tests/**/*.test.ts'], exclude: SLOW, environment: 'node' },
      },
      {
        test: { name: 'components', include: ['tests/**/*.test.tsx'], environment: 'jsdom', setupFiles: ['tests/support/components-setup.ts'] },
      },
      {
        test: { name: 'functions', include: ['tests/**/*.function.test.ts'], environment: 'node', globalSetup: [DATABASE], testTimeout: 30_000, hookTimeout: 60_000 },
      },
      // The local PostgREST-compatible endpoint over PGlite, the stand-ins and dev:members (scripts/local/).
      {
        test: { name: 'local', include: ['tests/local/**/*.test.ts'], environment: 'node', globalSetup: [DATABASE], testTimeout: 30_000, hookTimeout: 60_000 },
      },
      // The database tests run twice: on a project created today (no automatic grants: a
      // missing GRANT fails) and where grants are broad (row-level security alone must hold).
      // grants.db.test.ts checks the grants themselves and database-types.db.test.ts the schema's
      // description (the same under both), so they run on the first only.
      {
        test: { name: 'db', include: ['tests/**/*.db.test.ts'], environment: 'node', globalSetup: [DATABASE], testTimeout: 60_000, env: { DB_GRANTS: 'current' } },
      },
      {
        test: {
          name: 'db-broad',
          include: ['tests/**/*.db.test.ts'],
          exclude: ['tests/db/grants.db.test.ts', 'tests/db/database-types.db.test.ts'],
          environment: 'node',
          globalSetup: [DATABASE],
          testTimeout: 60_000,
          env: { DB_GRANTS: 'broad' },
        },
      },
    ],
  },
});
