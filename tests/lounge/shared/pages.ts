/**
 * What the Lounge's end-to-end specs share: an app's content files, read as the pages are built
 * from them, and the writes a page sends (a preview sends none: what a visitor does there stays
 * in the browser).
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

/** A content file of the Lounge (src/content/lounge/<path>), parsed. */
export const contentOf = <T>(path: string): T => JSON.parse(readFileSync(new URL(`../../../src/content/lounge/${path}`, import.meta.url), 'utf8')) as T;

/** What the site's page-view beacon may carry (src/features/funnel, docs/decisions/funnel.md): never anything a visitor wrote. */
const PAGE_VIEW_FIELDS = new Set(['event', 'path', 'referrer', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content']);

/** Whether `r` is the anonymous page view every visitor page sends, holding nothing but its fields. */
function isPageView(r: { url(): string; postData(): string | null }): boolean {
  if (new URL(r.url()).pathname !== '/api/hit') return false;
  try {
    const body = JSON.parse(r.postData() ?? '') as Record<string, unknown>;
    return body.event === 'pageview' && Object.keys(body).every((key) => PAGE_VIEW_FIELDS.has(key));
  } catch {
    return false;
  }
}

/**
 * The address of every request `page` sends from now on that is not a GET, but for the page
 * view (a beacon with the path and campaign fields only, which says nothing of what the visitor
 * does in the app).
 */
export function noWrites(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && !isPageView(r)) sent.push(`${r.url()} ${r.postData() ?? ''}`.trim());
  });
  return sent;
}
