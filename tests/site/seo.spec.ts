/** Search: every route's title and description, and one h1 per page. */
import { expect, test } from '@playwright/test';
import { builtRoutes } from '../support/e2e';

/** Pages kept out of the sitemap; each is checked when this build has it. */
const PRIVATE_ROUTES = ['/success', '/dashboard', '/debug', '/coach', '/coach/numbers'];

interface Meta {
  route: string;
  title: string;
  description: string;
  h1: number;
}

const decode = (s: string) =>
  s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

function readMeta(route: string, html: string): Meta {
  return {
    route,
    title: decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? ''),
    description: decode(html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? ''),
    h1: (html.match(/<h1[\s>]/g) ?? []).length,
  };
}

test('every built route has its own title and a 50 to 160 character description', async ({ page }) => {
  const publicRoutes = await builtRoutes(page);
  expect(publicRoutes.length).toBeGreaterThan(10);
  const pages: Meta[] = [];
  for (const route of publicRoutes) {
    const res = await page.request.get(route);
    expect(res.status(), route).toBe(200);
    pages.push(readMeta(route, await res.text()));
  }
  for (const route of PRIVATE_ROUTES) {
    const res = await page.request.get(route);
    if (res.status() === 200) pages.push(readMeta(route, await res.text()));
  }
  const notFound = await page.request.get('/no-such-page-for-seo');
  expect(notFound.status()).toBe(404);
  pages.push(readMeta('/404', await notFound.text()));

  for (const p of pages) {
    expect(p.title, `${p.route} has a title`).not.toBe('');
    expect(p.description.length, `${p.route} description length: "${p.description}"`).toBeGreaterThanOrEqual(50);
    expect(p.description.length, `${p.route} description length: "${p.description}"`).toBeLessThanOrEqual(160);
  }
  const duplicates = (key: 'title' | 'description') =>
    pages.filter((p, i) => pages.findIndex((q) => q[key] === p[key]) !== i).map((p) => `${p.route}: ${p[key]}`);
  expect(duplicates('title')).toEqual([]);
  expect(duplicates('description')).toEqual([]);
});

test('every page in the sitemap has exactly one h1 in its HTML', async ({ page }) => {
  for (const route of await builtRoutes(page)) {
    const html = await (await page.request.get(route)).text();
    expect(readMeta(route, html).h1, route).toBe(1);
  }
});
