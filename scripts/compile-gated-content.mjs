#!/usr/bin/env node
/**
 * Compiles the gated content (paid course lessons, the apps' premium content) into one JSON
 * module the content gate imports: netlify/functions/_generated/gated-content.json (git-ignored,
 * never under dist/ or public/). Netlify's bundler (esbuild) inlines it into the content
 * function, so the function reads no file at run time and needs no Markdown renderer.
 *
 * Which folders are gated, and how an item is addressed, is said per product by the features
 * that own them (REGISTRIES: src/features/course/server/gated-products.json and
 * src/features/lounge/shared/server/gated-products.json):
 *   "item": "course-lesson"  <NN>-<slug>.md -> item <slug>: the frontmatter and the body as HTML
 *   "item": "markdown"       <id>.md        -> item <id>:   the frontmatter and the body as HTML
 *   "item": "json"           <id>.json      -> item <id>:   the parsed object
 * An item with `preview: true` is free to every signed-in member, unless the product says
 * `"freePreviews": false` (Whispers Before Sleep: its preview story's first paragraphs are public
 * on the sales page, but the whole story stays paid). An item the entry lists as public as a
 * whole (`"public": [{ "item", "why" }]`, the app's own copy) is not compiled: the gate does not
 * serve what every page may show. `publicParts()` gives scripts/check-gated.mjs every public
 * item and part with its text, and fails on an entry that names no item, pointer or block.
 *
 * Runs before `npm run dev`, `npm run build` and `npm run check`, in vitest's global setup and
 * in the functions bundler (scripts/functions-bundle.mjs), so the module is never missing or
 * stale. The Markdown is rendered with Astro's own renderer, so a lesson reads the same in the
 * player as the free preview does on its page.
 *
 *   node scripts/compile-gated-content.mjs
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSatteriMarkdownProcessor } from '@astrojs/markdown-satteri';
import { parseFrontmatter } from '@astrojs/internal-helpers/frontmatter';

export const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
/** Each feature's list of gated products (netlify/functions/_registry/gated-content.ts combines them too). */
export const REGISTRIES = ['src/features/course/server/gated-products.json', 'src/features/lounge/shared/server/gated-products.json'];
export const OUTPUT = path.join(ROOT, 'netlify/functions/_generated/gated-content.json');

const ITEM_FILES = { 'course-lesson': /^(\d{2})-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/, markdown: /^([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/, json: /^([a-z0-9]+(?:-[a-z0-9]+)*)\.json$/ };

/** The registry under `root`: every feature's gated products (REGISTRIES), in one object. */
export function readRegistry(root = ROOT) {
  const registry = {};
  for (const file of REGISTRIES) {
    for (const [product, entry] of Object.entries(JSON.parse(readFileSync(path.join(root, file), 'utf8')))) {
      if (Object.hasOwn(registry, product)) throw new Error(`gated-products.json: product "${product}" is listed twice (${file})`);
      registry[product] = entry;
    }
  }
  return registry;
}

/** The ids of the items an entry lists as public as a whole (no pointer, no blocks). */
const wholePublic = (entry) => new Set((entry.public ?? []).filter((p) => p.pointer === undefined && p.blocks === undefined).map((p) => p.item));

/** Builds the module's content: { [product]: { [item]: { preview, ...fields } } }. */
export async function compileGatedContent(root = ROOT) {
  const registry = readRegistry(root);
  const renderer = await createSatteriMarkdownProcessor({ syntaxHighlight: false });
  const out = {};
  for (const [product, entry] of Object.entries(registry)) {
    const pattern = ITEM_FILES[entry.item];
    if (!pattern) throw new Error(`gated-products.json: product "${product}" has an unknown item kind "${entry.item}"`);
    const dir = path.join(root, entry.source);
    let files = [];
    try {
      files = readdirSync(dir).filter((f) => pattern.test(f)).sort();
    } catch (error) {
      if (error.code !== 'ENOENT') throw error;
    }
    const items = {};
    const open = wholePublic(entry);
    for (const file of files) {
      const m = pattern.exec(file);
      if (open.has(entry.item === 'course-lesson' ? m[2] : m[1])) continue;
      const raw = readFileSync(path.join(dir, file), 'utf8');
      if (entry.item === 'json') {
        const data = JSON.parse(raw);
        items[m[1]] = { preview: entry.freePreviews !== false && data.preview === true, data };
        continue;
      }
      const { frontmatter, content } = parseFrontmatter(raw);
      const { code } = await renderer.render(content, { frontmatter });
      const id = entry.item === 'course-lesson' ? m[2] : m[1];
      if (items[id]) throw new Error(`${entry.source}/${file}: item "${id}" is also given by another file`);
      items[id] = { ...frontmatter, preview: entry.freePreviews !== false && frontmatter.preview === true, ...(entry.item === 'course-lesson' ? { order: Number(m[1]) } : {}), html: code };
    }
    out[product] = items;
  }
  return out;
}

/** A JSON pointer's value (RFC 6901), or undefined when it names nothing. */
export function atPointer(value, pointer) {
  if (pointer === '') return value;
  let here = value;
  for (const raw of pointer.replace(/^\//, '').split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (here === null || typeof here !== 'object' || !Object.hasOwn(here, key)) return undefined;
    here = here[key];
  }
  return here;
}

/**
 * Every item and part the registry lists as public, with its text: { product, item, why, value }
 * for JSON (the item, or the part at `pointer`), { product, item, why, html, blocks } for
 * Markdown (the item's body; `blocks`: how many of its first blocks, or all). Throws when an
 * entry names an item, a pointer or blocks that do not exist, so the registry cannot drift.
 */
export async function publicParts(root = ROOT) {
  const registry = readRegistry(root);
  const renderer = await createSatteriMarkdownProcessor({ syntaxHighlight: false });
  const out = [];
  for (const [product, entry] of Object.entries(registry)) {
    for (const part of entry.public ?? []) {
      if (typeof part.why !== 'string' || !part.why.trim()) throw new Error(`gated-products.json: ${product}/${part.item} is public without saying why`);
      const dir = path.join(root, entry.source);
      const file = readdirSync(dir).find((f) => {
        const m = ITEM_FILES[entry.item].exec(f);
        return m && (entry.item === 'course-lesson' ? m[2] : m[1]) === part.item;
      });
      if (!file) throw new Error(`gated-products.json: ${product} lists "${part.item}" as public, but ${entry.source} has no such item`);
      const raw = readFileSync(path.join(dir, file), 'utf8');
      if (entry.item === 'json') {
        const value = part.pointer === undefined ? JSON.parse(raw) : atPointer(JSON.parse(raw), part.pointer);
        if (value === undefined) throw new Error(`gated-products.json: ${product}/${part.item} has nothing at ${part.pointer}`);
        out.push({ product, item: part.item, why: part.why, pointer: part.pointer, value });
      } else {
        const { frontmatter, content } = parseFrontmatter(raw);
        const { code } = await renderer.render(content, { frontmatter });
        out.push({ product, item: part.item, why: part.why, blocks: part.blocks, html: code });
      }
    }
  }
  return out;
}

/**
 * Writes the module when its content changed (through a file renamed into place, so a reader
 * beside it, such as vitest next to astro check in `npm test`, never sees half of it); answers
 * its path.
 */
export async function generateGatedContent(root = ROOT) {
  const content = JSON.stringify(await compileGatedContent(root));
  const file = path.join(root, path.relative(ROOT, OUTPUT));
  mkdirSync(path.dirname(file), { recursive: true });
  let current = null;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    /* not there yet */
  }
  if (current !== content) {
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, content);
    renameSync(partial, file);
  }
  return file;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = await generateGatedContent();
  const content = JSON.parse(readFileSync(file, 'utf8'));
  console.log(`gated content: ${Object.entries(content).map(([p, items]) => `${p} ${Object.keys(items).length} items`).join(', ')} -> ${path.relative(ROOT, file)}`);
}
