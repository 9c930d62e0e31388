#!/usr/bin/env node
/**
 * Lighthouse (mobile, the default emulation and throttling) on the served production build.
 * Fails when a page scores under its thresholds. Expects `npm run build` to have run.
 *
 *   node scripts/lighthouse.mjs [route ...]     (default: / and a journey page)
 *   node scripts/lighthouse.mjs --signed-in [route ...]
 *       as the demo Alchemist (local-platform/demo-members.mjs) on a members build that knows
 *       them (scripts/e2e.mjs's members phase, or `npm run dev:members`'s data), default: the
 *       dashboard, a paid lesson and a Lounge room; performance >= 0.95, accessibility and best
 *       practices 1 (member pages are not indexed: no SEO score).
 *   LIGHTHOUSE_BASE_URL: a site already served (else it serves dist/ on LIGHTHOUSE_PORT, default 4397);
 *   CHROME_PATH (default /usr/bin/chromium, else Playwright's Chromium);
 *   LIGHTHOUSE_REPORT_DIR: writes each page's full report there (JSON) and the trace it scored
 *   (name.trace.json, for Chrome's Performance panel), to see what cost the points.
 *
 * Each run has a fresh browser (see startBrowser). Signed in, the member signs in once through
 * /login (Playwright over the DevTools protocol) in a browser on the profile every run then
 * uses, and stays on the dashboard until the members' service worker it starts is active;
 * Lighthouse keeps the site's storage (the session, the worker and its caches) but each run
 * starts with an empty HTTP cache, as a returning member's first visit of the day would.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import * as chromeLauncher from 'chrome-launcher';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../local-platform/demo-members.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4397);
const args = process.argv.slice(2);
const signedIn = args.includes('--signed-in');
const named = args.filter((a) => a !== '--signed-in');

/** A lesson only members with the course read (its text comes from the content gate). */
function paidLesson() {
  const gated = JSON.parse(readFileSync(path.join(root, 'netlify/functions/_generated/gated-content.json'), 'utf8'));
  const [slug] = Object.entries(gated.course)
    .filter(([, lesson]) => !lesson.preview)
    .sort(([, a], [, b]) => a.order - b.order)[0];
  return `/course/${slug}/`;
}

/**
 * The CPU slowdown Lighthouse simulates, calibrated for the machines the suite runs on, as
 * Lighthouse calibrates it for PageSpeed Insights' (its `lr-mobile-config.js`: 1.2x, "determined
 * using PSI CPU benchmark median and" its CPU throttling calculator). Lighthouse's default 4x
 * "moves a typical run in the high-end desktop bracket" (benchmark index 1,500 to 2,000)
 * "somewhere into the mid-tier mobile bracket" (docs/throttling.md); these 2-core machines are
 * slower: their benchmark index, read off 34 runs here, spans 997 to 2,104 with a median of 1,290,
 * for which the calculator gives 3x (2 + (1,290 - 800) / 500). Each run prints its benchmark
 * index, and the counted run's score at the default 4x (its trace audited again), so both stay
 * in sight. docs/decisions/member-weight.md has the measurements.
 */
const CPU_SLOWDOWN = 3;
const DEFAULT_CPU_SLOWDOWN = 4;
const configFor = (cpuSlowdownMultiplier) => ({ extends: 'lighthouse:default', settings: { throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier } } });

const routes = named.length ? named : signedIn ? ['/dashboard', paidLesson(), '/lounge/stillpoint/'] : ['/', '/lead-magnet-journey/imposter-syndrome'];
const THRESHOLDS = signedIn ? { performance: 0.95, accessibility: 1, 'best-practices': 1 } : { performance: 0.95, accessibility: 1, seo: 1 };
const member = DEMO_MEMBERS.find((m) => m.tier === 'Alchemist');

/** The browser: CHROME_PATH, CHROMIUM_PATH, Debian's chromium, else Playwright's own (as the e2e tests use). */
async function findChrome() {
  const named = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH;
  if (named) return named;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const { chromium } = await import('@playwright/test');
  const own = chromium.executablePath();
  return existsSync(own) ? own : undefined;
}
const chromePath = await findChrome();
const server = process.env.LIGHTHOUSE_BASE_URL
  ? null
  : spawn(process.execPath, [path.join(root, 'scripts/serve.mjs')], {
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    });
const base = (process.env.LIGHTHOUSE_BASE_URL ?? `http://127.0.0.1:${port}`).replace(/\/$/, '');
for (let i = 0; ; i++) {
  try {
    if ((await fetch(base + '/')).ok) break;
  } catch {
    /* starting */
  }
  if (i > 200) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 300));
}
// The server bundles and starts the functions in the background (as a deploy does before it
// serves); one call each waits for that, so the measurement does not share the CPU with it.
await Promise.all(
  readdirSync(path.join(root, 'netlify/functions'))
    .filter((f) => /\.m?[jt]s$/.test(f))
    .map((f) => fetch(`${base}/api/${f.replace(/\.m?[jt]s$/, '')}`, { method: 'OPTIONS' }).catch(() => undefined)),
);

/**
 * Each route is measured in a browser of its own, started for it, as the Lighthouse CLI does: a
 * browser that had just shown another page would make the measured page pay for that page
 * (Chrome reuses its renderer process, whose garbage collection then runs during the next
 * navigation: a 200 ms task before the page's first byte, measured as 800 ms of blocking time).
 * Signed in, the browsers share one profile directory, so the member signed in once stays signed
 * in; each is closed through the DevTools protocol, so Chrome writes its storage to disk first.
 */
const profileDir = mkdtempSync(path.join(os.tmpdir(), 'ia-lighthouse-'));
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

/** Starts a browser on the shared profile; `close` ends it as a user would, so it saves its storage. */
async function startBrowser() {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, userDataDir: profileDir });
  const close = async () => {
    const exited = new Promise((resolve) => {
      if (chrome.process.exitCode !== null || chrome.process.signalCode !== null) resolve();
      else chrome.process.once('exit', resolve);
      setTimeout(resolve, 10_000);
    });
    try {
      const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json();
      await new Promise((resolve) => {
        const socket = new WebSocket(webSocketDebuggerUrl);
        socket.onopen = () => socket.send(JSON.stringify({ id: 1, method: 'Browser.close' }));
        socket.onclose = resolve;
        socket.onerror = resolve;
      });
    } catch {
      /* already gone */
    }
    await exited;
    chrome.kill();
  };
  return { port: chrome.port, close };
}

/** Signs the demo Alchemist in through /login, once, in a browser on the shared profile. */
async function signInMember() {
  const chrome = await startBrowser();
  try {
    const { chromium } = await import('@playwright/test');
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0];
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Welcome, ${member.name}` }).waitFor({ timeout: 30_000 });
    // The dashboard starts the members' service worker, as it does for every member who signs
    // in: the runs then measure a returning member's pages, served by the worker once installed.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.goto('about:blank');
  } finally {
    await chrome.close();
  }
}

/** The machine's idle share of CPU time over the next `ms` (Linux's /proc/stat; 1 elsewhere). */
async function idleShare(ms) {
  const read = () => {
    try {
      const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
      const ticks = fields.map(Number);
      return { idle: ticks[3] + (ticks[4] ?? 0), total: ticks.reduce((a, b) => a + b, 0) };
    } catch {
      return null;
    }
  };
  const before = read();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = read();
  if (!before || !after || after.total === before.total) return 1;
  return (after.idle - before.idle) / (after.total - before.total);
}

/**
 * Waits (at most 60 s) until the machine is quiet, 95% idle over two seconds: after the e2e
 * specs, the processes they leave behind (the browsers closing, the Auth emulator's Java, the
 * server's functions) can still take a core for a while, and a measurement that shares the CPU
 * scores the machine, not the page. Lighthouse's own advice: measure on an idle machine. An idle
 * machine here reads 99 to 100%; on two cores, the 85% this waited for before let another
 * process hold a third of a core while the page loaded.
 */
async function quiet() {
  for (let i = 0; i < 30; i++) if ((await idleShare(2_000)) >= 0.95) return;
  console.log('lighthouse: the machine did not become quiet in 60 s; measuring anyway');
}

const flags = {
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
  // Signed in: the session lives in the site's storage, which Lighthouse would clear.
  ...(signedIn ? { disableStorageReset: true } : {}),
};
const artifactsDir = path.join(profileDir, 'artifacts');

/**
 * One Lighthouse run of a route in a browser of its own, its HTTP cache empty (removed from the
 * profile), at the calibrated slowdown. What it gathered is kept for `atDefaultSlowdown`.
 */
async function measure(route) {
  rmSync(path.join(profileDir, 'Default', 'Cache'), { recursive: true, force: true });
  rmSync(artifactsDir, { recursive: true, force: true });
  await quiet();
  const chrome = await startBrowser();
  try {
    return await lighthouse(base + route, { ...flags, port: chrome.port, gatherMode: artifactsDir, auditMode: artifactsDir }, configFor(CPU_SLOWDOWN));
  } finally {
    await chrome.close();
  }
}

/**
 * The last run's performance score at Lighthouse's default 4x slowdown: what it gathered,
 * audited again. With simulated throttling the slowdown is applied only when auditing (the page
 * loads unthrottled), but Lighthouse refuses to audit with other settings than it gathered with,
 * so the saved settings take the default slowdown first.
 */
async function atDefaultSlowdown(route) {
  const saved = path.join(artifactsDir, 'artifacts.json');
  const artifacts = JSON.parse(readFileSync(saved, 'utf8'));
  artifacts.settings.throttling.cpuSlowdownMultiplier = DEFAULT_CPU_SLOWDOWN;
  writeFileSync(saved, JSON.stringify(artifacts));
  const again = await lighthouse(base + route, { ...flags, auditMode: artifactsDir }, configFor(DEFAULT_CPU_SLOWDOWN));
  return again?.lhr.categories.performance?.score;
}

/** The machine's benchmark index as Lighthouse read it during the run. */
const benchmark = (result) => Math.round(result?.lhr.environment?.benchmarkIndex ?? 0);

/** The most runs of a route, as Lighthouse CI's default `numberOfRuns`. */
const RUNS = 3;

let failed = 0;
try {
  if (signedIn) await signInMember();
  for (const route of routes) {
    // A performance score is a measurement with noise, and on a shared two-core machine the
    // noise is the host's: the same page minutes apart measured a benchmark index of 997 to
    // 2,104 and style and layout of 91 elements taking 18 and 30 ms, which the simulated
    // slowdown then multiplies. So a route is asserted as Lighthouse CI asserts by default: up
    // to three runs (its `numberOfRuns`), the best one counts (its "optimistic" aggregation).
    // Every run that misses is printed, with the machine's benchmark index at the time.
    let result, cats, scores, bad;
    for (let attempt = 1; attempt <= RUNS; attempt++) {
      result = await measure(route);
      cats = result?.lhr.categories ?? {};
      scores = Object.fromEntries(Object.entries(cats).map(([k, v]) => [k, v.score]));
      bad = Object.entries(THRESHOLDS).filter(([k, min]) => (scores[k] ?? 0) < min);
      if (!bad.length) break;
      if (attempt < RUNS) console.log(`lighthouse ${signedIn ? 'signed in ' : ''}${route}, run ${attempt} of ${RUNS}: ${bad.map(([k]) => `${k} ${scores[k]}`).join(', ')}, benchmark index ${benchmark(result)} (below the threshold; measuring again)`);
    }
    const atDefault = result ? await atDefaultSlowdown(route) : undefined;
    const url = result?.lhr.finalDisplayedUrl ?? '';
    if (process.env.LIGHTHOUSE_REPORT_DIR && result) {
      mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
      const name = (signedIn ? 'signed-in' : 'visitor') + route.replace(/[^a-z0-9]+/gi, '-');
      writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${name}.json`), JSON.stringify(result.lhr));
      // The trace it scored (open it in Chrome's Performance panel).
      const trace = result.artifacts?.Trace;
      if (trace) writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${name}.trace.json`), JSON.stringify(trace));
    }
    console.log(
      `lighthouse ${signedIn ? 'signed in ' : ''}${route}: ${Object.entries(scores).map(([k, v]) => `${k} ${v}`).join(', ')}${bad.length ? '  BELOW THRESHOLD' : ''}` +
        `  (CPU ${CPU_SLOWDOWN}x, benchmark index ${benchmark(result)}; performance at Lighthouse's default ${DEFAULT_CPU_SLOWDOWN}x: ${atDefault ?? 'not measured'})`,
    );
    // A signed-in run that ended on /login measured the sign-in page, not the member's.
    if (signedIn && new URL(url, base).pathname.startsWith('/login')) {
      console.log(`  - ${route} sent the member to ${url}: the session was not there`);
      failed += bad.length ? 0 : 1;
    }
    for (const [k] of bad) {
      const audits = Object.values(result.lhr.audits).filter((a) => a.score !== null && a.score < 1 && cats[k]?.auditRefs.some((r) => r.id === a.id && r.weight > 0));
      for (const a of audits.slice(0, 8)) console.log(`  - ${k}: ${a.id} ${a.score} ${a.displayValue ?? ''}`);
    }
    failed += bad.length ? 1 : 0;
  }
} finally {
  rmSync(profileDir, { recursive: true, force: true });
  try {
    if (server) process.kill(-server.pid, 'SIGTERM');
  } catch {
    /* gone */
  }
}
console.log(`${routes.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
