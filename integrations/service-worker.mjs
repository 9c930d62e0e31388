// @ts-check
/**
 * The service worker, written at the end of the build as dist/sw.js: the member pages' shell
 * (the dashboard, the Lounge's rooms, the course's pages) and every script, style and font those
 * pages load (what their HTML names, and what those files import or reference, dynamic imports
 * included), prepended to the worker's rules and code (./service-worker/rules.js, worker.js) with a version that
 * changes whenever any of it does. Members register it (src/core/offline/worker-api.ts);
 * visitors never do.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The member pages whose shell works offline: the dashboard, the Lounge's rooms, the course. */
export const SHELL_PAGES = /^\/(dashboard|lounge\/[a-z0-9-]+|course|course\/[a-z0-9-]+)\/$/;

/** The page path of an HTML file of the build (`/lounge/stillpoint/` for lounge/stillpoint/index.html). */
const pageOf = (/** @type {string} */ dist, /** @type {string} */ file) =>
  '/' + path.relative(dist, file).split(path.sep).join('/').replace(/index\.html$/, '');

/** @param {string} dir @returns {string[]} */
function htmlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return htmlFiles(full);
    return name.endsWith('.html') ? [full] : [];
  });
}

/** What a page's HTML loads: scripts, styles, modules and islands' component and renderer modules. */
const HTML_REFERENCES = /(?:src|href|component-url|renderer-url|before-hydration-url)="(\/_astro\/[^"]+)"/g;
/** What a script or style names: relative imports ("./x.js"), absolute assets, a stylesheet's url(...). */
const FILE_REFERENCES = /["'(](\.\/[\w.-]+\.(?:js|css)|\/_astro\/[\w./-]+\.(?:js|css|woff2?))["')]/g;

/**
 * The shell's pages and the assets they need (paths under `dist`), sorted.
 * @param {string} dist
 * @returns {{ shell: string[]; assets: string[] }}
 */
export function collectShell(dist) {
  const shell = [];
  const assets = new Set();
  /** @param {string} asset */
  const visit = (asset) => {
    if (assets.has(asset)) return;
    const file = path.join(dist, asset);
    if (!existsSync(file)) return;
    assets.add(asset);
    if (!/\.(js|css)$/.test(asset)) return;
    for (const m of readFileSync(file, 'utf8').matchAll(FILE_REFERENCES)) {
      const ref = m[1] ?? '';
      visit(ref.startsWith('./') ? path.posix.join(path.posix.dirname(asset), ref) : ref);
    }
  };
  for (const file of htmlFiles(dist)) {
    const page = pageOf(dist, file);
    if (!SHELL_PAGES.test(page)) continue;
    shell.push(page);
    for (const m of readFileSync(file, 'utf8').matchAll(HTML_REFERENCES)) visit(m[1] ?? '');
  }
  return { shell: shell.sort(), assets: [...assets].sort() };
}

/**
 * The worker's text: the lists and a version (a hash of every listed file's bytes and the worker's code).
 * @param {string} dist
 */
export function buildWorker(dist) {
  const { shell, assets } = collectShell(dist);
  const read = (/** @type {string} */ name) => readFileSync(fileURLToPath(new URL(`./service-worker/${name}`, import.meta.url)), 'utf8');
  // The rules (what is kept, for how long) as plain functions before the worker's code.
  const code = `${read('rules.js').replace(/^\/\/ @ts-check\n/, '').replace(/^export /gm, '')}\n${read('worker.js')}`;
  const hash = createHash('sha256').update(code);
  for (const page of shell) hash.update(readFileSync(path.join(dist, page, 'index.html')));
  for (const asset of assets) hash.update(asset);
  const version = hash.digest('hex').slice(0, 12);
  const head = `const SHELL = ${JSON.stringify(shell)};\nconst ASSETS = ${JSON.stringify(assets)};\nconst VERSION = ${JSON.stringify(version)};\n`;
  return { text: head + code, shell, assets, version };
}

/** @returns {import('astro').AstroIntegration} */
export default function serviceWorker() {
  return {
    name: 'service-worker',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const worker = buildWorker(dist);
        writeFileSync(path.join(dist, 'sw.js'), worker.text);
        logger.info(`sw.js ${worker.version}: ${worker.shell.length} member pages, ${worker.assets.length} assets`);
      },
    },
  };
}
