#!/usr/bin/env node
/**
 * Paid content never ships: for every paid item of the gated content (course lessons, apps'
 * premium content; scripts/compile-gated-content.mjs), a distinctive run of words from every
 * string value of a JSON item and from every block of a Markdown item (paragraphs, list items,
 * headings, quotes, table cells) is searched in every file under the built site (HTML, JSON,
 * scripts and source maps under _astro/, images, the sitemap: all files), and none may be found;
 * the free preview's are found in its own page, which proves the search sees what a visitor would.
 * A paid item that yields no run of words fails the check: it would be checked for nothing.
 *
 * What is public on purpose is not paid: an item or part the registry lists under "public" (with
 * why: the app's copy, a sales page's free preview), an array element marked `"preview": true`,
 * and a paid run of words found inside such public text (the crisis line quoted in a lesson).
 *
 * Text is compared as words: tags, entities, escapes and punctuation aside, case folded, so a
 * sentence is found however a file encodes it.
 *
 *   node scripts/check-gated.mjs [distDir]     exit 1 with the leaks, or a one-line summary
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileGatedContent, publicParts, readRegistry, ROOT } from './compile-gated-content.mjs';

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

/** The fewest words a text needs to yield a run worth searching for (fewer could be anywhere). */
export const MIN_WORDS = 8;
/** The longest run taken from one text. */
export const RUN_WORDS = 12;

/** The run of words taken from one text: its middle `RUN_WORDS` words, or all of it; null when too short. */
export function phraseOf(text) {
  const w = words(text).trim().split(' ').filter(Boolean);
  if (w.length < MIN_WORDS) return null;
  const size = Math.min(RUN_WORDS, w.length);
  const start = Math.floor((w.length - size) / 2);
  return ` ${w.slice(start, start + size).join(' ')} `;
}

/** The text of every block of an item's HTML: paragraphs, list items, headings, quotes, cells. */
export function blocksOf(html) {
  return [...html.matchAll(/<(p|li|h[1-6]|blockquote|td|th|dt|dd|figcaption|pre)\b[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => m[2]);
}

/** One run of words per block of `html` that has enough words (kept for the older callers and tests). */
export function phrases(html) {
  return [...new Set(blocksOf(html).map(phraseOf).filter(Boolean))];
}

/**
 * Every string value of a JSON value, keys aside, leaving out the array elements marked
 * `preview: true` and the parts at `skip` (JSON pointers).
 */
export function stringsOf(value, skip = new Set(), at = '') {
  if (skip.has(at)) return [];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) {
    return value.flatMap((v, i) => (v && typeof v === 'object' && v.preview === true ? [] : stringsOf(v, skip, `${at}/${i}`)));
  }
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringsOf(v, skip, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`));
  return [];
}

/** The strings of the array elements marked `preview: true` in a JSON value (shown on the free preview). */
function previewStrings(value) {
  if (Array.isArray(value)) return value.flatMap((v) => (v && typeof v === 'object' && v.preview === true ? stringsOf({ ...v, preview: undefined }) : previewStrings(v)));
  if (value && typeof value === 'object') return Object.values(value).flatMap(previewStrings);
  return [];
}

/**
 * Sentences that are public by design (the registry's public items and parts): a paid run inside
 * one of them proves nothing about a leak, so it is not searched for (the item's other runs still
 * are). The array elements marked preview are added by checkGated.
 */
export async function publicSentences(root = ROOT) {
  const parts = await publicParts(root);
  return parts.flatMap((p) => (p.html !== undefined ? blocksOf(p.html).slice(0, p.blocks ?? Infinity) : stringsOf(p.value)));
}

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** The texts of a paid item that must not ship: every string (JSON) or block (Markdown), public parts aside. */
function paidTexts(item, registryEntry, id) {
  const parts = (registryEntry?.public ?? []).filter((p) => p.item === id);
  if (typeof item.html === 'string') {
    const skip = Math.max(0, ...parts.map((p) => p.blocks ?? 0));
    return blocksOf(item.html).slice(skip);
  }
  const skip = new Set(parts.filter((p) => p.pointer !== undefined).map((p) => p.pointer));
  return stringsOf(item.data ?? item, skip);
}

/**
 * Finds which of `runs` occur in `text` (both as words): an index of the runs by their first
 * word, so a file is read once whatever the number of runs.
 */
function found(text, index) {
  const hits = new Set();
  const w = text.trim().split(' ');
  for (let i = 0; i < w.length; i++) {
    const candidates = index.get(w[i]);
    if (!candidates) continue;
    for (const run of candidates) {
      if (hits.has(run.text)) continue;
      let j = 1;
      while (j < run.words.length && w[i + j] === run.words[j]) j++;
      if (j === run.words.length) hits.add(run.text);
    }
  }
  return hits;
}

/**
 * Leaks (paid runs found in dist), misses (preview runs not found in their page) and empties
 * (paid items with no run to search for).
 * `content` is the compiled gated content; `registry` its registry; `publicText` the public
 * sentences (publicSentences()).
 */
export async function checkGated(dist, content, publicText, registry) {
  content ??= await compileGatedContent();
  registry ??= readRegistry();
  publicText ??= await publicSentences();
  const jsonPreviews = Object.values(content).flatMap((items) => Object.values(items).flatMap((item) => (typeof item.html === 'string' ? [] : previewStrings(item.data ?? item))));
  const open = [...publicText, ...jsonPreviews].map(words);
  const paid = [];
  const previews = [];
  const empty = [];
  for (const [product, items] of Object.entries(content)) {
    for (const [id, item] of Object.entries(items)) {
      if (item.preview) {
        for (const phrase of phrases(typeof item.html === 'string' ? item.html : '')) previews.push({ product, id, phrase });
        continue;
      }
      const runs = [...new Set(paidTexts(item, registry[product], id).map(phraseOf).filter(Boolean))].filter((phrase) => !open.some((text) => text.includes(phrase)));
      if (runs.length === 0) empty.push({ product, id });
      for (const phrase of runs) paid.push({ product, id, phrase });
    }
  }
  const index = new Map();
  for (const p of paid) {
    const w = p.phrase.trim().split(' ');
    const list = index.get(w[0]) ?? [];
    list.push({ text: p.phrase, words: w });
    index.set(w[0], list);
  }
  const leaks = [];
  for (const file of filesUnder(dist)) {
    if (statSync(file).size > 20 * 1024 * 1024) continue;
    const hits = found(words(readFileSync(file, 'utf8')), index);
    for (const p of paid) if (hits.has(p.phrase)) leaks.push({ ...p, file: path.relative(dist, file) });
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
  const paidItems = new Set(paid.map((p) => `${p.product}/${p.id}`)).size;
  return { leaks, misses, empty, paidPhrases: paid.length, paidItems, previewPhrases: previews.length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(process.argv[2] ?? path.join(ROOT, 'dist'));
  const { leaks, misses, empty, paidPhrases, paidItems, previewPhrases } = await checkGated(dist);
  for (const l of leaks) console.error(`paid content in dist: ${l.product}/${l.id} in ${l.file}:${l.phrase}`);
  for (const m of misses) console.error(`the free preview ${m.product}/${m.id} is not in its page:${m.phrase}`);
  for (const e of empty) console.error(`the paid item ${e.product}/${e.id} has no sentence to look for: list it as public in the registry, or give it text`);
  if (leaks.length || misses.length || empty.length || !paidPhrases) {
    if (!paidPhrases) console.error('no paid content to look for: the gated content is empty');
    process.exit(1);
  }
  console.log(
    `gated content: ${paidPhrases} runs of words from ${paidItems} paid items found nowhere in ${path.relative(process.cwd(), dist) || dist}; ${previewPhrases} of the free preview found in its page`,
  );
}
