/**
 * The compiled gated content (netlify/functions/_generated/gated-content.json, written by
 * scripts/compile-gated-content.mjs before the build): what the specs open as members, by
 * product, each item with its key (a lesson's or story's slug), in the order the site shows it.
 */
import { readFileSync } from 'node:fs';

/** One compiled item: a lesson (`preview` says whether visitors read it) or a story. */
export interface GatedItem {
  slug: string;
  title: string;
  html: string;
  order: number;
  preview?: boolean;
}

const compiled = JSON.parse(readFileSync(new URL('../../netlify/functions/_generated/gated-content.json', import.meta.url), 'utf8')) as Record<string, Record<string, Omit<GatedItem, 'slug'>>>;

/** The items of `product` ('course', 'whispers-before-sleep', …), in order. */
export function gatedItems(product: string): GatedItem[] {
  return Object.entries(compiled[product] ?? {})
    .map(([slug, item]) => ({ slug, ...item }))
    .sort((a, b) => a.order - b.order);
}
