#!/usr/bin/env node
/**
 * Paid content never ships: for every paid item of the gated content (course lessons, apps'
 * premium content; scripts/compile-gated-content.mjs), a few distinctive sentences of its body are
 * searched in every file under the built site (HTML, JSON, scripts and source maps under
 * _astro/, images, the sitemap: all files), and none may be found; the free preview's are
 * found in its own page, which proves the search sees what a visitor would.
 *
 * Text is compared as words: tags, entities, escapes and punctuation aside, case folded, so
 * a sentence is found however a file encodes it.
 *
 *   node scripts/check-gated.mjs [distDir]     exit 1 with the leaks, or a one-line summary
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileGatedContent, ROOT } from './compile-gated-content.mjs';

/** Words only: no tags, entities, escapes or punctuation; lower case; single spaces. */
export function words(text) {
  return ` ${text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#?[a-z0-9]+;/gi, ' ')
    .replace(/\\u[0-9a-f]{4}|\\[nrt]/gi, ' ')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

/** Up to `count` runs of `size` words taken from the item's longest paragraphs. */
export function phrases(html, { size = 12, count = 3 } = {}) {
  const paragraphs = [...html.matchAll(/<p>([\s\S]*?)<\/p>/g)]
    .map((m) => words(m[1]).trim().split(' '))
    .filter((w) => w.length >= size)
    .sort((a, b) => b.length - a.length)
    .slice(0, count);
  return paragraphs.map((w) => {
    const start = Math.floor((w.length - size) / 2);
    return ` ${w.slice(start, start + size).join(' ')} `;
  });
}

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Sentences that are public by design and may also be quoted in a paid item: the Reset Room's
 * crisis-help line (src/content/lounge/the-reset-room/crisis.json), on every Reset Room page and
 * in the course's lessons that touch on distress. A paid phrase inside one of them proves
 * nothing about a leak, so it is not searched for (the item's other phrases still are).
 */
export function publicSentences(root = ROOT) {
  try {
    return [JSON.parse(readFileSync(path.join(root, 'src/content/lounge/the-reset-room/crisis.json'), 'utf8')).text];
  } catch {
    return [];
  }
}

/** Leaks (paid phrases found in dist) and misses (preview phrases not found in their page). */
export async function checkGated(dist, content, publicText = publicSentences()) {
  content ??= await compileGatedContent();
  const open = publicText.map(words);
  const paid = [];
  const previews = [];
  for (const [product, items] of Object.entries(content)) {
    for (const [id, item] of Object.entries(items)) {
      const html = typeof item.html === 'string' ? item.html : JSON.stringify(item.data ?? item);
      const list = item.preview ? previews : paid;
      for (const phrase of phrases(html)) if (!open.some((text) => text.includes(phrase))) list.push({ product, id, phrase });
    }
  }
  const leaks = [];
  for (const file of filesUnder(dist)) {
    if (statSync(file).size > 20 * 1024 * 1024) continue;
    const text = words(readFileSync(file, 'utf8'));
    for (const p of paid) if (text.includes(p.phrase)) leaks.push({ ...p, file: path.relative(dist, file) });
  }
  const misses = [];
  for (const p of previews) {
    if (p.product !== 'course') continue;
    let page = '';
    try {
      page = words(readFileSync(path.join(dist, 'course', p.id, 'index.html'), 'utf8'));
    } catch {
      /* no page: a miss */
    }
    if (!page.includes(p.phrase)) misses.push(p);
  }
  return { leaks, misses, paidPhrases: paid.length, previewPhrases: previews.length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(process.argv[2] ?? path.join(ROOT, 'dist'));
  const { leaks, misses, paidPhrases, previewPhrases } = await checkGated(dist);
  for (const l of leaks) console.error(`paid content in dist: ${l.product}/${l.id} in ${l.file}:${l.phrase}`);
  for (const m of misses) console.error(`the free preview ${m.product}/${m.id} is not in its page:${m.phrase}`);
  if (leaks.length || misses.length || !paidPhrases) {
    if (!paidPhrases) console.error('no paid content to look for: the gated content is empty');
    process.exit(1);
  }
  console.log(`gated content: ${paidPhrases} sentences of paid items found nowhere in ${path.relative(process.cwd(), dist) || dist}; ${previewPhrases} of the free preview found in its page`);
}
