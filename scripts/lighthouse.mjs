#!/usr/bin/env node
/**
 * Lighthouse (mobile, the default emulation and throttling) on the served production build.
 * Fails when a page scores under its thresholds. Expects `npm run build` to have run.
 *
 *   node scripts/lighthouse.mjs [route ...]     (default: / and a journey page)
 *   node scripts/lighthouse.mjs --signed-in [route ...]
 *       as the demo Alchemist (scripts/local/demo-members.mjs) on a members build that knows
 *       them (scripts/e2e.mjs's members phase, or `npm run dev:members`'s data), default: the
 *       dashboard, a paid lesson and a Lounge room; performance >= 0.95, accessibility and best
 *       practices 1 (member pages are not indexed: no SEO score).
 *   LIGHTHOUSE_BASE_URL: a site already served (else it serves dist/ on LIGHTHOUSE_PORT, default 4397);
 *   CHROME_PATH (default /usr/bin/chromium, else Playwright's Chromium);
 *   LIGHTHOUSE_REPORT_DIR: writes each page's full report there (JSON), to see what cost the points.
 *
 * Signed in, the member signs in through /login in the same Chrome (Playwright over the
 * DevTools protocol) before Lighthouse runs; Lighthouse then keeps the site's storage (the
 * session) but each run starts with an empty HTTP cache, as a first visit of the day would.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { DEMO_MEMBERS, DEMO_PASSWORD } from './local/demo-members.mjs';

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

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
});

/**
 * Signs the demo Alchemist in through /login in this Chrome; answers a function that empties
 * the HTTP cache (the session in local storage stays).
 */
async function signInMember() {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: `Welcome, ${member.name}` }).waitFor({ timeout: 30_000 });
  const cdp = await page.context().newCDPSession(page);
  return async () => {
    await cdp.send('Network.clearBrowserCache');
  };
}

let failed = 0;
try {
  const clearCache = signedIn ? await signInMember() : null;
  for (const route of routes) {
    // A performance score is a measurement with noise: a route that misses gets one more run.
    let result, cats, scores, bad;
    for (let attempt = 1; attempt <= 2; attempt++) {
      await clearCache?.();
      result = await lighthouse(base + route, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
        // Signed in: the session lives in the site's storage, which Lighthouse would clear.
        ...(signedIn ? { disableStorageReset: true } : {}),
      });
      cats = result?.lhr.categories ?? {};
      scores = Object.fromEntries(Object.entries(cats).map(([k, v]) => [k, v.score]));
      bad = Object.entries(THRESHOLDS).filter(([k, min]) => (scores[k] ?? 0) < min);
      if (!bad.length) break;
    }
    const url = result?.lhr.finalDisplayedUrl ?? '';
    if (process.env.LIGHTHOUSE_REPORT_DIR && result) {
      mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
      writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${(signedIn ? 'signed-in' : 'visitor') + route.replace(/[^a-z0-9]+/gi, '-')}.json`), JSON.stringify(result.lhr));
    }
    console.log(`lighthouse ${signedIn ? 'signed in ' : ''}${route}: ${Object.entries(scores).map(([k, v]) => `${k} ${v}`).join(', ')}${bad.length ? '  BELOW THRESHOLD' : ''}`);
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
  chrome.kill();
  try {
    if (server) process.kill(-server.pid, 'SIGTERM');
  } catch {
    /* gone */
  }
}
console.log(`${routes.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
