/**
 * What the offline specs share: what this origin keeps in the browser, read through the
 * browser's own APIs (cache names, IndexedDB databases, service workers), the wait until the
 * service worker controls the page, and the failures a page logs while offline (the worker
 * answers from its caches instead; the page-errors fixture is told to expect them).
 */
import type { Page } from '@playwright/test';

/** The members project blocks service workers (playwright.config.ts); the offline specs use them: `test.use(WITH_WORKER)`. */
export const WITH_WORKER = { serviceWorkers: 'allow' } as const;

export const deviceOf = (page: Page) =>
  page.evaluate(async () => ({
    caches: await caches.keys(),
    databases: (await indexedDB.databases()).map((db) => db.name),
    workers: (await navigator.serviceWorker.getRegistrations()).length,
  }));

/** Waits until the worker controls the page (installed, the shell cached, activated). */
export const controlled = (page: Page) =>
  page.waitForFunction(
    async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    },
    undefined,
    { timeout: 20_000, polling: 250 },
  );

/** Offline, what the page asks of the network fails (the worker answers from its caches instead). */
export const OFFLINE_FAILURES = /net::ERR_(FAILED|INTERNET_DISCONNECTED)|Failed to fetch/;

/**
 * Waits until the worker has kept the member's answer from `path` (`/rest/v1/purchases`, a
 * table of the database's REST endpoint; `/api/content/<app>/<item>`, a gated item): a page
 * opened online is "opened on this device" only once its answers are in the member's cache,
 * which the worker writes after the page has them.
 */
export const answerKept = (page: Page, path: string) =>
  page.waitForFunction(
    async (wanted) => {
      for (const cacheName of await caches.keys()) {
        if (!cacheName.startsWith('ia-member-')) continue;
        const keys = await (await caches.open(cacheName)).keys();
        if (keys.some((request) => new URL(request.url).pathname === wanted)) return true;
      }
      return false;
    },
    path,
    { timeout: 20_000, polling: 250 },
  );

/**
 * Watches from now on whether an element matching `selector` ever leaves the page; answers a
 * function that tells, for each time it was gone, the milliseconds since the watch began and
 * the text of `within` then (none while it stayed).
 */
export async function watchStays(page: Page, selector: string, within = 'body'): Promise<() => Promise<string[]>> {
  const key = `__stays_${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ({ selector, within, key }) => {
      const gone: string[] = [];
      (window as unknown as Record<string, string[]>)[key] = gone;
      const start = performance.now();
      new MutationObserver(() => {
        if (!document.querySelector(selector)) gone.push(`${Math.round(performance.now() - start)} ms: ${(document.querySelector<HTMLElement>(within)?.innerText ?? '').replace(/\s+/g, ' ').slice(0, 200)}`);
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    },
    { selector, within, key },
  );
  return () => page.evaluate((key) => [...((window as unknown as Record<string, string[]>)[key] ?? [])], key);
}
