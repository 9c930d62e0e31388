/**
 * The members specs' `test`: Playwright's, with every page listened to. A console error, an
 * uncaught error in the page, a response of 400 or more, or a request that failed (other than
 * one the browser dropped on its own, as when a page is left) fails the test when it ends, listed
 * with its address: in the normal paths a member meets no red line in the console.
 *
 * A failure the test gives the page through `page.route` or `context.route` (a request it
 * answers with an error, or aborts) is provoked on purpose: the lines naming that request's
 * address are excused. Any other failure a test provokes on purpose (a wrong password the Auth
 * emulator refuses, a database the test breaks) it says with `pageErrors.provoked()` (the failed
 * requests and console lines are expected; an uncaught error still fails) or, narrower,
 * `pageErrors.allow(...)`: each pattern is matched against the lines it would excuse, which read
 *   `<status> <METHOD> <url>`           a response of 400 or more
 *   `console: <text> (<source url>)`    a console error (the browser's "Failed to load resource"
 *                                       names the address only as its source)
 *   `pageerror: <message> (on <page>)`  an uncaught error
 *   `failed <METHOD> <url>: <reason>`   a request that got no answer
 * Import `test` and `expect` from here instead of '@playwright/test'.
 */
import { test as base, expect } from '@playwright/test';

export interface PageErrors {
  /** Excuses the lines matching any of `patterns` (failures the test provokes on purpose). */
  allow(...patterns: RegExp[]): void;
  /**
   * The test breaks something on purpose (the database answers an error, a function refuses, a
   * wrong password): the failed requests and the console lines they cause are expected. An
   * uncaught error in the page still fails the test.
   */
  provoked(): void;
  /** What was seen so far, excused or not. */
  seen(): string[];
}

export const test = base.extend<{ pageErrors: PageErrors }>({
  pageErrors: [
    async ({ context }, use) => {
      const seen: string[] = [];
      const allowed: RegExp[] = [];
      // The addresses of the requests the test answered or aborted itself through a route.
      const routedUrls = new Set<string>();
      type Routable = Pick<import('@playwright/test').BrowserContext, 'route'>;
      const recordRoutes = (target: Routable) => {
        const route = target.route.bind(target);
        target.route = ((url: Parameters<Routable['route']>[0], handler: (r: import('@playwright/test').Route, q: import('@playwright/test').Request) => unknown, options?: Parameters<Routable['route']>[2]) =>
          route(
            url,
            (r, request) => {
              const fulfill = r.fulfill.bind(r);
              const abort = r.abort.bind(r);
              r.fulfill = (o) => (routedUrls.add(request.url()), fulfill(o));
              r.abort = (e) => (routedUrls.add(request.url()), abort(e));
              return handler(r, request);
            },
            options,
          )) as Routable['route'];
      };
      recordRoutes(context);
      const listen = (page: import('@playwright/test').Page) => {
        recordRoutes(page);
        page.on('console', (message) => {
          if (message.type() === 'error') seen.push(`console: ${message.text()} (${message.location().url || 'page'})`);
        });
        page.on('pageerror', (error) => seen.push(`pageerror: ${error.message} (on ${page.url()})`));
        page.on('response', (response) => {
          if (response.status() >= 400) seen.push(`${response.status()} ${response.request().method()} ${response.url()}`);
        });
        page.on('requestfailed', (request) => {
          const reason = request.failure()?.errorText ?? '';
          // Dropped by the browser itself: a page left while a request was under way.
          if (reason === 'net::ERR_ABORTED') return;
          seen.push(`failed ${request.method()} ${request.url()}: ${reason}`);
        });
      };
      for (const page of context.pages()) listen(page);
      context.on('page', listen);
      await use({
        allow: (...patterns) => allowed.push(...patterns),
        provoked: () => allowed.push(/^(\d{3} |failed |console: )/),
        seen: () => [...seen],
      });
      const routed = (line: string) => [...routedUrls].some((url) => line.includes(url));
      const unexpected = seen.filter((line) => !routed(line) && !allowed.some((pattern) => pattern.test(line)));
      expect(unexpected, 'console errors and failed requests on the member pages').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
