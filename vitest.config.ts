import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Compiles the gated content the content function imports (scripts/gated-content.mjs).
    globalSetup: ['tests/global-setup.ts'],
    projects: [
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        test: { name: 'components', include: ['tests/components/**/*.test.tsx'], environment: 'jsdom', setupFiles: ['tests/components/setup.ts'] },
      },
      {
        test: { name: 'functions', include: ['tests/functions/**/*.test.ts'], environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 },
      },
      // The local PostgREST-compatible endpoint over PGlite (scripts/local/).
      {
        test: { name: 'local', include: ['tests/local/**/*.test.ts'], environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 },
      },
      // The database tests run twice: on a project created today (no automatic grants: a
      // missing GRANT fails) and where grants are broad (row-level security alone must hold).
      // grants.test.ts checks the grants themselves, so it runs on the first only.
      {
        test: { name: 'db', include: ['tests/db/**/*.test.ts'], environment: 'node', testTimeout: 60_000, env: { DB_GRANTS: 'current' } },
      },
      {
        test: {
          name: 'db-broad',
          include: ['tests/db/**/*.test.ts'],
          exclude: ['tests/db/grants.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          env: { DB_GRANTS: 'broad' },
        },
      },
    ],
  },
});
