/**
 * Every page's share card, read the way a crawler reads it (Facebook, LinkedIn, X, WhatsApp,
 * Slack): the raw HTML with no script run, then the image its og:image names. The image must
 * be absolute on the site's own address, exist in the build, be a 1200x630 JPEG of at most
 * 100 KB (WhatsApp shows no preview for a large one), and the tags must say its width, height,
 * type and alt text for Open Graph and X alike. Each journey and each app has its own image,
 * and an app's image is also the `image` of its Product structured data. The 404 page, which
 * answers at every unknown address, names no canonical and no og:url.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEFAULT_SHARE_IMAGE, SHARE_IMAGE_MAX_BYTES, appImagePath, journeyImagePath, lessonImagePath } from '../../src/site/share-image';
import { builtRoutes, jpegSize, UNLISTED_ROUTES } from '../support/e2e';

const dist = path.resolve(import.meta.dirname, '../../dist');
/** The course's free preview: the lesson file whose frontmatter says `preview: true`. */
const FREE_LESSON = readdirSync(path.resolve(import.meta.dirname, '../../src/content/course'))
  .filter((f) => /^\d{2}-.+\.md$/.test(f) && /^preview:\s*true\s*$/m.test(readFileSync(path.resolve(import.meta.dirname, '../../src/content/course', f), 'utf8')))
  .map((f) => f.replace(/^\d{2}-|\.md$/g, ''))[0];

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The page's meta and link tags, as a crawler's HTML parser sees them. */
function readHead(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const attrs = (tag: string) => Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map((m) => [m[1]!, decode(m[2]!)]));
  const metas = [...head.matchAll(/<meta\b[^>]*>/g)].map((m) => attrs(m[0]));
  const links = [...head.matchAll(/<link\b[^>]*>/g)].map((m) => attrs(m[0]));
  const all = (key: string) => metas.filter((m) => m.property === key || m.name === key).map((m) => m.content ?? '');
  const one = (key: string) => {
    const values = all(key);
    expect(values.length, `exactly one ${key}`).toBeLessThanOrEqual(1);
    return values[0];
  };
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  return { one, canonical: links.filter((l) => l.rel === 'canonical').map((l) => l.href), jsonLd };
}

const checkedImages = new Map<string, Promise<void>>();

/** Fetches the image once, as the crawler would, and checks what it gets. */
function checkImage(request: APIRequestContext, pathname: string): Promise<void> {
  let check = checkedImages.get(pathname);
  if (!check) {
    check = (async () => {
      expect(existsSync(path.join(dist, pathname)), `${pathname} is in the build`).toBe(true);
      const response = await request.get(pathname);
      expect(response.status(), pathname).toBe(200);
      expect(response.headers()['content-type'], pathname).toBe('image/jpeg');
      const body = await response.body();
      expect(body.length, `${pathname} weighs ${body.length} bytes`).toBeLessThanOrEqual(SHARE_IMAGE_MAX_BYTES);
      expect(jpegSize(body), pathname).toEqual({ width: 1200, height: 630 });
      expect(readFileSync(path.join(dist, pathname)).equals(body), `${pathname} is served as built`).toBe(true);
    })();
    checkedImages.set(pathname, check);
  }
  return check;
}

test('every page has a share card every network reads, with its own image on journey and app pages', async ({ request }) => {
  const routes = [...(await builtRoutes({ request })), ...UNLISTED_ROUTES.filter((r) => r !== '/404')];
  expect(routes).toContain('/lead-magnet-journey/people-pleaser/');
  expect(routes).toContain('/app/stillpoint/');
  expect(routes).toContain(`/course/${FREE_LESSON}/`);
  const imageOf = new Map<string, string>();
  let site: string | undefined;

  for (const route of routes) {
    const response = await request.get(route);
    expect(response.status(), route).toBe(200);
    const head = readHead(await response.text());

    const [canonical] = head.canonical;
    expect(head.canonical, `${route}: one canonical`).toHaveLength(1);
    site ??= new URL(canonical!).origin;
    expect(head.one('og:url'), route).toBe(canonical);

    const image = head.one('og:image');
    expect(image, `${route}: og:image`).toMatch(/^https?:\/\//);
    const imageUrl = new URL(image!);
    expect(imageUrl.origin, `${route}: the image is on the site's own address`).toBe(site);
    expect(head.one('og:image:width'), route).toBe('1200');
    expect(head.one('og:image:height'), route).toBe('630');
    expect(head.one('og:image:type'), route).toBe('image/jpeg');
    const alt = head.one('og:image:alt');
    expect(alt?.length, `${route}: og:image:alt`).toBeGreaterThan(10);
    expect(head.one('og:title'), route).toBeTruthy();
    expect(head.one('og:description'), route).toBeTruthy();
    expect(head.one('twitter:card'), route).toBe('summary_large_image');
    expect(head.one('twitter:image'), route).toBe(image);
    expect(head.one('twitter:image:alt'), route).toBe(alt);
    await checkImage(request, imageUrl.pathname);
    imageOf.set(route, imageUrl.pathname);

    const journey = route.match(/^\/lead-magnet-journey\/([^/]+)\/$/)?.[1];
    if (journey) expect(imageUrl.pathname, route).toBe(journeyImagePath(journey));
    const app = route.match(/^\/app\/([^/]+)\/$/)?.[1];
    if (app) {
      expect(imageUrl.pathname, route).toBe(appImagePath(app));
      const product = head.jsonLd.find((ld) => ld['@type'] === 'Product');
      expect(product?.image, `${route}: the Product's image is its share image`).toBe(image);
    }
    // The free course lesson has its own card; a paid lesson's page shares the site's.
    const lesson = route.match(/^\/course\/([^/]+)\/$/)?.[1];
    if (lesson) expect(imageUrl.pathname, route).toBe(lesson === FREE_LESSON ? lessonImagePath(lesson) : DEFAULT_SHARE_IMAGE);
  }

  // Ten journeys and six apps, each with an image no other page uses.
  const own = routes.filter((r) => /^\/(lead-magnet-journey|app)\/[^/]+\/$/.test(r));
  expect(own).toHaveLength(16);
  expect(new Set(own.map((r) => imageOf.get(r))).size).toBe(16);
});

test('the 404 page names no canonical and no og:url, and still has a share card', async ({ request }) => {
  const response = await request.get('/no-such-page-for-share-cards');
  expect(response.status()).toBe(404);
  const head = readHead(await response.text());
  expect(head.canonical).toEqual([]);
  expect(head.one('og:url')).toBeUndefined();
  expect(head.one('og:image')).toMatch(/^https?:\/\/.+\/og\/default\.jpg$/);
  expect(head.one('twitter:image:alt')).toBeTruthy();
});

test('the icons a shared link or a home screen asks for are there, drawn from one mark', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const links = [...html.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]);
  const href = (rel: string) => links.find((l) => l.includes(`rel="${rel}"`) && l)?.match(/href="([^"]+)"/)?.[1];
  expect(links.filter((l) => l.includes('rel="icon"')).map((l) => l.match(/href="([^"]+)"/)?.[1])).toEqual(['/favicon.ico', '/favicon.svg']);
  expect(href('apple-touch-icon')).toBe('/apple-touch-icon.png');
  expect(href('manifest')).toBe('/site.webmanifest');

  const png = async (p: string) => {
    const res = await request.get(p);
    expect(res.status(), p).toBe(200);
    expect(res.headers()['content-type'], p).toBe('image/png');
    const body = await res.body();
    expect(body.subarray(1, 4).toString('ascii'), p).toBe('PNG');
    return { width: body.readUInt32BE(16), height: body.readUInt32BE(20), colourType: body[25] };
  };
  expect(await png('/apple-touch-icon.png')).toMatchObject({ width: 180, height: 180 });

  const ico = await (await request.get('/favicon.ico')).body();
  expect(ico.readUInt16LE(2)).toBe(1);
  expect([ico[6], ico[7]]).toEqual([32, 32]);
  expect(ico.subarray(23, 26).toString('ascii')).toBe('PNG');

  const svg = await (await request.get('/favicon.svg')).text();
  expect(svg).toContain('#24163a');

  const manifest = (await (await request.get('/site.webmanifest')).json()) as {
    name: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string }[];
  };
  expect(manifest.name).toBe('Inner Alchemy');
  expect(manifest.theme_color).toBe('#24163a');
  expect(manifest.background_color).toBe('#fbf7f2');
  for (const icon of manifest.icons.filter((i) => i.src.endsWith('.png'))) {
    const size = Number(icon.sizes.split('x')[0]);
    expect(await png(icon.src)).toMatchObject({ width: size, height: size });
  }
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
});
