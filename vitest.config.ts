/**
 * The vitest projects. Tests live in tests/<feature>/, as the code does in src/features/<feature>/;
 * the kind of a test is in its name:
 *   name.test.ts            pure rules and stores (node)
 *   name.test.tsx           islands and elements (jsdom)
 *   name.db.test.ts         SQL on PGlite running the migrations, twice (see db and db-broad)
 *   name.function.test.ts   a function's handler on a real database and the local stand-ins
 *   tests/local/*.test.ts   the local platform (local-platform/) and `npm run dev:members`
 * End-to-end specs (name.spec.ts, name.members.spec.ts) are Playwright's (playwright.config.ts).
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SLOW = ['tests/**/*.db.test.ts', 'tests/**/*.function.test.ts', 'tests/local/**'];
/**
 * The projects on a database: the one migrated database (local-platform/database/database.mjs) is
 * migrated once per run (per kind) and each test file gets a copy (tests/support/database-setup.ts).
 */
const DATABASE = 'tests/support/database-setup.ts';
/** Database tests that run on a project created today only (see the db-broad project). */
const ONCE = [
  'tests/db/grants.db.test.ts', // the grants of a project created today, which broad grants replace
  'tests/db/database-types.db.test.ts', // the schema's description
  'tests/db/advisors.db.test.ts', // the policies as written, read from the catalogue
  'tests/db/member-data.db.test.ts', // export and deletion, as the service role
  'tests/commerce/webhook-order.db.test.ts', // the webhook's order rules, as the service role
  'tests/commerce/webhook-races.db.test.ts', // racing webhook deliveries, as the service role
  'tests/commerce/webhook-deleted-account.db.test.ts', // webhook events after a deletion, as the service role
];

/**
 * The longest files, started first: on a fresh clone vitest has no timings and orders by project
 * and file size, which left dev:members (about 25 s) and the webhook races (about 15 s) to the
 * end, one worker busy and the other idle.
 */
const LONGEST = ['tests/local/dev-members.test.ts', 'tests/commerce/webhook-races.db.test.ts', 'tests/platform/bundles.function.test.ts'];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const at = LONGEST.findIndex((file) => spec.moduleId.endsWith(file));
      return at < 0 ? LONGEST.length : at;
    };
    return (await super.sort(files)).map((spec, order) => ({ spec, order })).sort((a, b) => rank(a.spec) - rank(b.spec) || a.order - b.order).map(({ spec }) => spec);
  }
}

export default defineConfig({
  // Astro's virtual module of public settings, as a build would give it (tests/support/astro-env-client.ts).
  resolve: { alias: { 'astro:env/client': fileURLToPath(new URL('./tests/support/astro-env-client.ts', import.meta.url)) } },
  test: {
    // Compiles the gated content the content function imports (scripts/compile-gated-content.mjs).
    globalSetup: ['tests/support/global-setup.ts'],
    // Vitest's default keeps a core for its main process: one worker on two cores, with the
    // second mostly waiting (the main process and the Auth emulator need little). Two at least.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongestFirst },
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
      // The local PostgREST-compatible endpoint over PGlite, the stand-ins and dev:members (local-platform/).
      {
        test: { name: 'local', include: ['tests/local/**/*.test.ts'], environment: 'node', globalSetup: [DATABASE], testTimeout: 30_000, hookTimeout: 60_000 },
      },
      // The database tests run twice: on a project created today (no automatic grants: a
      // missing GRANT fails) and where grants are broad (row-level security alone must hold).
      // ONCE run on the first only: the grants themselves, and what a second run cannot prove
      // again (broad grants only add privileges, and row-level security decides nothing for the
      // service role, which bypasses it, nor for the schema's catalogue).
      {
        test: { name: 'db', include: ['tests/**/*.db.test.ts'], environment: 'node', globalSetup: [DATABASE], testTimeout: 60_000, env: { DB_GRANTS: 'current' } },
      },
      {
        test: {
          name: 'db-broad',
          include: ['tests/**/*.db.test.ts'],
          exclude: ONCE,
          environment: 'node',
          globalSetup: [DATABASE],
          testTimeout: 60_000,
          env: { DB_GRANTS: 'broad' },
        },
      },
    ],
  },
});
