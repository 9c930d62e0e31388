#!/usr/bin/env node
/**
 * JavaScript budgets. For every built page it adds up the gzip size of the JavaScript a
 * signed-out visitor downloads on load: inline scripts, module scripts and everything they
 * import statically, and the component and renderer modules of every island that hydrates for
 * a visitor (islands on the `signedin` and `role` directives load only for members and are left out).
 * Dynamic imports (loaded on first use) are not counted. Fails when a page is over its budget.
 * What a signed-in member loads (everything, dynamic imports included) is measured in the
 * browser on the members build: tests/site/member-weight.members.spec.ts, at most
 * SIGNED_IN_BUDGET a page.
 *
 *   node scripts/budgets.mjs [distDir]      prints a table; exit 1 on a breach
 */
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const KIB = 1024;
/** Budgets by page, in bytes of gzip. The first matching rule wins. */
export const RULES = [
  { match: /^\/(login|signup|dashboard)\/?$/, budget: 160 * KIB, why: 'member pages (Firebase)' },
  // A Lounge app's pages (its sales page with the preview, its room) carry the app's own code:
  // within 80 KiB, as any page with an island. Only that app's code is on them.
  { match: /^\/(app|lounge)\/[a-z0-9-]+\/?$/, budget: 80 * KIB, why: 'a Lounge app page (its preview or room)' },
  // The story pages through its chapters with a custom element (no island, nothing loaded on
  // scroll), so everything it needs is counted here; an island with React would be about 72 KiB.
  { match: /^\/about-us\/?$/, budget: 10 * KIB, why: 'the story element, no island' },
  // The catalogue island hydrates for members (`signedin`), and for a visitor only when the live
  // catalogue differs from the page's: what loads on every visit is the check (about 5 KiB); the
  // island with React stays within a page with an island's 80 KiB (tests/commerce/products.spec.ts).
  { match: /^\/products\/?$/, budget: 80 * KIB, why: 'the catalogue (its island when the live one differs)' },
];
/** Every member page as a signed-in member's browser loads it (tests/site/member-weight.members.spec.ts). */
export const SIGNED_IN_BUDGET = 110 * KIB;
export const NO_ISLAND_BUDGET = 5 * KIB;
export const ISLAND_BUDGET = 80 * KIB;

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return htmlFiles(full);
    return name.endsWith('.html') ? [full] : [];
  });
}

function routeOf(dist, file) {
  const rel = '/' + path.relative(dist, file).split(path.sep).join('/');
  return rel.replace(/index\.html$/, '').replace(/\.html$/, '') || '/';
}

const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g;

function gz(buf) {
  return gzipSync(buf, { level: 9 }).length;
}

/** The module at `url` and all it imports statically, as absolute file paths. */
function closure(dist, url, from, seen) {
  if (!url.startsWith('/') && !url.startsWith('.')) return;
  const base = from ? path.dirname(from) : dist;
  const file = url.startsWith('/') ? path.join(dist, url) : path.resolve(base, url);
  if (seen.has(file) || !existsSync(file)) return;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const m of code.matchAll(STATIC_IMPORT)) closure(dist, m[1], file, seen);
}

export function measure(dist) {
  const rows = [];
  for (const file of htmlFiles(dist)) {
    const html = readFileSync(file, 'utf8');
    const route = routeOf(dist, file);
    let inline = 0;
    const modules = new Set();
    for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      const attrs = m[1];
      if (/type="application\/(ld\+)?json"/.test(attrs)) continue;
      const src = attrs.match(/\bsrc="([^"]+)"/);
      if (src) closure(dist, src[1], null, modules);
      else if (m[2].trim()) inline += gz(Buffer.from(m[2]));
      // Module scripts written inline may import files too.
      for (const imp of m[2].matchAll(STATIC_IMPORT)) closure(dist, imp[1], null, modules);
    }
    let islands = 0;
    for (const m of html.matchAll(/<astro-island\b([^>]*)>/g)) {
      const attrs = m[1];
      const client = attrs.match(/\bclient="([^"]+)"/)?.[1];
      if (!client || client === 'only-members' || client === 'signedin' || client === 'role') continue;
      islands++;
      for (const key of ['component-url', 'renderer-url']) {
        const u = attrs.match(new RegExp(`\\b${key}="([^"]+)"`))?.[1];
        if (u) closure(dist, u, null, modules);
      }
    }
    let external = 0;
    for (const f of modules) external += gz(readFileSync(f));
    const total = inline + external;
    const rule = RULES.find((r) => r.match.test(route));
    const budget = rule ? rule.budget : islands > 0 ? ISLAND_BUDGET : NO_ISLAND_BUDGET;
    rows.push({ route, islands, inline, external, total, budget, ok: total <= budget });
  }
  return rows.sort((a, b) => a.route.localeCompare(b.route));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = path.resolve(process.argv[2] ?? 'dist');
  if (!existsSync(dist)) {
    console.error(`budgets: no build at ${dist}; run npm run build first`);
    process.exit(1);
  }
  const rows = measure(dist);
  const kib = (n) => (n / KIB).toFixed(2).padStart(7);
  console.log('JavaScript a signed-out visitor downloads on load (gzip KiB)');
  console.log(`${'route'.padEnd(44)} islands  inline   files   total  budget`);
  for (const r of rows) {
    console.log(`${r.route.padEnd(44)} ${String(r.islands).padStart(7)} ${kib(r.inline)} ${kib(r.external)} ${kib(r.total)} ${kib(r.budget)} ${r.ok ? '' : '  OVER BUDGET'}`);
  }
  const over = rows.filter((r) => !r.ok);
  console.log(`${rows.length - over.length} passed, ${over.length} failed`);
  process.exit(over.length ? 1 : 0);
}
