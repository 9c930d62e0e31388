#!/usr/bin/env node
/**
 * Lighthouse (mobile, the default emulation and throttling) on the served production build.
 * Fails when a page scores under its thresholds. Expects `npm run build` to have run.
 *
 *   node scripts/lighthouse.mjs [route ...]     (default: / and a journey page)
 *   LIGHTHOUSE_URL: a server of the build already running (scripts/e2e.mjs passes the one its
 *   tests used), else one is started on LIGHTHOUSE_PORT (default 4397);
 *   CHROME_PATH (default /usr/bin/chromium, else Playwright's Chromium)
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4397);
const routes = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/lead-magnet-journey/imposter-syndrome'];
const THRESHOLDS = { performance: 0.95, accessibility: 1, seo: 1 };

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
const running = process.env.LIGHTHOUSE_URL?.replace(/\/$/, '');
const server = running
  ? null
  : spawn(process.execPath, [path.join(root, 'scripts/serve.mjs')], {
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    });
const base = running ?? `http://127.0.0.1:${port}`;
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

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
});
let failed = 0;
try {
  for (const route of routes) {
    // A performance score is a measurement with noise: a route that misses gets one more run.
    let result, cats, scores, bad;
    for (let attempt = 1; attempt <= 2; attempt++) {
      result = await lighthouse(base + route, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
      });
      cats = result?.lhr.categories ?? {};
      scores = Object.fromEntries(Object.entries(cats).map(([k, v]) => [k, v.score]));
      bad = Object.entries(THRESHOLDS).filter(([k, min]) => (scores[k] ?? 0) < min);
      if (!bad.length) break;
    }
    console.log(`lighthouse ${route}: ${Object.entries(scores).map(([k, v]) => `${k} ${v}`).join(', ')}${bad.length ? '  BELOW THRESHOLD' : ''}`);
    for (const [k] of bad) {
      const audits = Object.values(result.lhr.audits).filter((a) => a.score !== null && a.score < 1 && cats[k]?.auditRefs.some((r) => r.id === a.id && r.weight > 0));
      for (const a of audits.slice(0, 8)) console.log(`  - ${k}: ${a.id} ${a.score} ${a.displayValue ?? ''}`);
    }
    failed += bad.length ? 1 : 0;
  }
} finally {
  chrome.kill();
  try {
    if (server) process.kill(-server.pid, 'SIGTERM');
  } catch {
    /* gone */
  }
}
console.log(`${routes.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
