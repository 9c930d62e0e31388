/**
 * What the Lounge's end-to-end specs share: an app's content files, read as the pages are built
 * from them, and the writes a page sends (a preview sends none: what a visitor does there stays
 * in the browser).
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

/** A content file of the Lounge (src/content/lounge/<path>), parsed. */
export const contentOf = <T>(path: string): T => JSON.parse(readFileSync(new URL(`../../../src/content/lounge/${path}`, import.meta.url), 'utf8')) as T;

/** The address of every request `page` sends from now on that is not a GET. */
export function noWrites(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET') sent.push(r.url());
  });
  return sent;
}
