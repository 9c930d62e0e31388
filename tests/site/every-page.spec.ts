/**
 * Every page a visitor can open, one test each, visited once: the sitemap's pages (read from the
 * build, so each is a test of its own and the two workers share them) and the unlisted ones.
 * Each page has one h1 and absolute canonical and share URLs (the sitemap's address for a listed
 * page), breaks no CSP rule, loads no
 * Firebase, database client or Stripe code (/debug checks the database with its client), has no
 * serious or critical axe violation once its islands are live, and does not scroll sideways
 * at 360 px or at 1440 px.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { collectScripts, DATABASE_SDK_MARKER, expectNoSeriousA11yViolations, SDK_MARKERS, UNLISTED_ROUTES } from '../support/e2e';

const dist = path.resolve(import.meta.dirname, '../../dist');

/** The pages of the built sitemap, as paths. */
function sitemapRoutes(): string[] {
  const index = path.join(dist, 'sitemap-index.xml');
  if (!existsSync(index)) throw new Error(`No build at ${dist}: run the e2e tests with npm run test:e2e, which builds first.`);
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  return locs(readFileSync(index, 'utf8')).flatMap((map) => locs(readFileSync(path.join(dist, map), 'utf8')));
}

const LISTED = sitemapRoutes();
const ROUTES = [...LISTED, ...UNLISTED_ROUTES];
/** SDKs a page may load because it needs them. */
const ALLOWED_SDKS: Record<string, RegExp[]> = { '/debug': [DATABASE_SDK_MARKER] };

test('the sweep covers the whole site', () => {
  expect(ROUTES.length).toBeGreaterThan(25);
  for (const route of ['/', '/about-us/', '/pricing/', '/products/', '/lead-magnet-journey/people-pleaser/', '/404']) {
    expect(ROUTES).toContain(route);
  }
});

for (const route of ROUTES) {
  test(`${route}: one h1, absolute share URLs, no CSP breach, no SDK, no serious axe violation, no sideways scroll`, async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const scripts = collectScripts(page);
    await page.goto(route, { waitUntil: 'networkidle' });

    await expect(page.locator('h1')).toHaveCount(1);
    // The 404 page answers at every unknown address: it names no canonical and no og:url.
    const addressed = route === '/404' ? [] : ['link[rel="canonical"]', 'meta[property="og:url"]'];
    for (const sel of [...addressed, 'meta[property="og:image"]', 'meta[name="twitter:image"]']) {
      const value = await page.locator(sel).getAttribute(sel.startsWith('link') ? 'href' : 'content');
      expect(value, sel).toMatch(/^https?:\/\//);
    }
    if (route === '/404') await expect(page.locator('link[rel="canonical"], meta[property="og:url"]')).toHaveCount(0);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    if (LISTED.includes(route)) {
      // One address per page: the canonical and share URL are the sitemap's, slash included.
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(new URL(canonical!).pathname).toBe(route);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', canonical!);
    }

    const texts = await Promise.all(scripts.bodies);
    const allowed = ALLOWED_SDKS[route.replace(/\/$/, '') || '/'] ?? [];
    for (const marker of SDK_MARKERS.filter((m) => !allowed.some((a) => a.source === m.source))) {
      expect(texts.filter((t) => marker.test(t)), `no script matches ${marker}`).toEqual([]);
    }

    // axe once the islands are live and nothing is mid-transition (a button fading in from
    // disabled has no final colours yet).
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await expectNoSeriousA11yViolations(page);

    for (const width of [360, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth, `scroll width at ${width} px`).toBeLessThanOrEqual(clientWidth);
    }

    expect(violations).toEqual([]);
  });
}
