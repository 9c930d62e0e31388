// @ts-check
/**
 * Astro's CSP support hashes the scripts it processes but not `<script is:inline>`. After the
 * build, this adds the hash of every inline script of a page to that page's own
 * `script-src`, so small pre-paint scripts stay allowed and nothing else is.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * @param {string} dir
 * @returns {AsyncGenerator<string>}
 */
async function* htmlFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.name.endsWith('.html')) yield full;
  }
}

/**
 * Adds the missing inline-script hashes to the CSP meta of one HTML document.
 * @param {string} html
 * @returns {string}
 */
export function addInlineHashes(html) {
  const meta = html.match(/<meta http-equiv="content-security-policy" content="([^"]*)">/i);
  if (!meta) return html;
  const policy = meta[1] ?? '';
  const hashes = new Set();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1] ?? '';
    if (/\bsrc=/.test(attrs) || /type="application\/(ld\+)?json"/.test(attrs) || !m[2]) continue;
    const hash = `'sha256-${createHash('sha256').update(m[2] ?? '').digest('base64')}'`;
    if (!policy.includes(hash)) hashes.add(hash);
  }
  if (!hashes.size) return html;
  const next = policy.replace(/script-src ([^;]*)/, (/** @type {string} */ _, /** @type {string} */ sources) => `script-src ${sources} ${[...hashes].join(' ')}`);
  return html.replace(meta[0], meta[0].replace(policy, next));
}

/** @returns {import('astro').AstroIntegration} */
export default function cspInlineHashes() {
  return {
    name: 'csp-inline-hashes',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        let changed = 0;
        for await (const file of htmlFiles(root)) {
          const html = await readFile(file, 'utf8');
          const next = addInlineHashes(html);
          if (next !== html) {
            await writeFile(file, next);
            changed++;
          }
        }
        logger.info(`inline script hashes added to ${changed} page(s)`);
      },
    },
  };
}
