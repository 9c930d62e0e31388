import { existsSync } from 'node:fs';
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
  // Two browsers at a time: most of a test is waiting on the page, so two fit on two cores.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: process.env.BASE_URL ?? 'http://127.0.0.1:4399',
    // Recording a trace costs CPU on every test; the retry of a failed test records one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
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
