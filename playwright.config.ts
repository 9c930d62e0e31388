import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';

/**
 * The browser: CHROMIUM_PATH, else the system's Chromium headless shell (Debian's
 * chromium-headless-shell: the headless build Playwright itself runs by default, about a third
 * less CPU a test than the full browser in headless mode), else the system's Chromium (Debian's
 * chromium), else Playwright's own.
 */
const executablePath = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));

export default defineConfig({
  // Specs live beside the other tests of their feature (tests/<feature>/): name.spec.ts runs on
  // the default build (flag on), name.members.spec.ts on the members build (flag off).
  testDir: 'tests',
  outputDir: 'test-results',
  fullyParallel: true,
  // Two browsers a core: with one a core the two cores of a CI machine were a third idle while
  // the members specs ran (a test waits on the page, the functions and the emulator); with two
  // a core they are about 90 % busy and the specs take a third less time
  // (docs/decisions/testing.md). At most eight: one server, one database and one emulator
  // answer them all.
  workers: Number(process.env.E2E_WORKERS ?? Math.min(8, 2 * availableParallelism())),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  use: {
    baseURL: process.env.BASE_URL ?? 'http://127.0.0.1:4399',
    // No trace while a test runs: recording one (its screencast above all) cost about a quarter
    // of the specs' time, in every test, to help with the few that fail. The retry of a failed
    // test in CI records one; locally, add `--trace=retain-on-failure` (scripts/e2e.mjs passes
    // it on) to the run of the specs that fail.
    trace: 'on-first-retry',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [
    { name: 'visitor', testMatch: ['**/*.spec.ts'], testIgnore: ['**/*.members.spec.ts'], use: { ...devices['Desktop Chrome'] } },
    // The members' service worker is blocked here, except in the specs that test it
    // (`test.use({ serviceWorkers: 'allow' })`, tests/support/offline.ts): the others stub and
    // watch the page's requests, which a worker in between would answer instead.
    { name: 'members', testMatch: ['**/*.members.spec.ts'], use: { ...devices['Desktop Chrome'], serviceWorkers: 'block' } },
  ],
});
