import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Runs axe (WCAG 2.x A and AA rules) and fails on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, options: { include?: string } = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  if (options.include) builder = builder.include(options.include);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`),
  ).toEqual([]);
}

/**
 * The home page's address and nothing more (a path that merely ends in a slash, such as
 * /course/, does not match: a wait on /\/$/ passed before the navigation to / had begun).
 */
export const HOME_URL = /^https?:\/\/[^/]+\/$/;

/**
 * Pages a visitor can open that the sitemap leaves out (not indexed). /dashboard is not among
 * them: a visitor never sees it, the guard sends them on to /login.
 */
export const UNLISTED_ROUTES = ['/success?session_id=cs_test_a1B2c3', '/debug', '/coach', '/coach/numbers', '/404'] as const;

/** The routes of the built site listed in its sitemap. */
export async function builtRoutes(page: { request: APIRequestContext }): Promise<string[]> {
  const index = await (await page.request.get('/sitemap-index.xml')).text();
  const maps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const routes: string[] = [];
  for (const map of maps) {
    const xml = await (await page.request.get(map)).text();
    routes.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname));
  }
  return routes;
}

/**
 * Islands that hydrate for a visitor: every island except the member islands (`client:signedin`,
 * `client:role`), which load nothing unless the browser holds the signed-in hint.
 */
export const VISITOR_ISLANDS = 'astro-island:not([client="signedin"]):not([client="role"])';

/** Collects the JavaScript the page downloads, to look for SDK code in it. */
export function collectScripts(page: Page): { bodies: Promise<string>[] } {
  const bodies: Promise<string>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(res.url())) bodies.push(res.text().catch(() => ''));
  });
  return { bodies };
}

/** A string only the database client (`@supabase/postgrest-js`) contains: the schema header it sends. */
export const DATABASE_SDK_MARKER = /Accept-Profile/;

/**
 * Strings only sign-in code (the Firebase Auth SDK, or the session's own token refresh), the
 * database client and Stripe's browser SDK contain.
 */
export const SDK_MARKERS = [/identitytoolkit\.googleapis\.com|securetoken\.googleapis\.com/, DATABASE_SDK_MARKER, /js\.stripe\.com|api\.stripe\.com/];

/** Width and height from a baseline or progressive JPEG's start-of-frame segment. */
export function jpegSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 3).toString('hex'), 'a JPEG starts with FFD8FF').toBe('ffd8ff');
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) throw new Error(`not a JPEG marker at byte ${at}`);
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    // SOF0..SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  throw new Error('no start-of-frame segment in the JPEG');
}

/** Holds back the code of one island until `release` is called, so it cannot hydrate yet. */
export async function holdIsland(page: Page, name: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/_astro/${name}\\.[^/]*\\.js$`), async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The island whose component file starts with `name`. */
export const islandOf = (page: Page, name: string) => page.locator(`astro-island[component-url*="/${name}."]`);

/**
 * The islands of this build whose server HTML has a button a visitor can press before the
 * island hydrates, each with a route it is on. Read from the HTML as the server sends it. Left
 * out: member islands (`client:signedin`, which never hydrate for a visitor), disabled buttons,
 * and submit buttons of a form with an `action` (the browser submits those without script).
 */
export async function islandsPressableBeforeHydration(page: { request: APIRequestContext }): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const route of [...(await builtRoutes(page)), ...UNLISTED_ROUTES]) {
    const html = await (await page.request.get(route)).text();
    for (const [, attrs, body] of html.matchAll(/<astro-island\b([^>]*)>([\s\S]*?)<\/astro-island>/g)) {
      if (/\bclient="(signedin|role)"/.test(attrs!)) continue;
      const name = attrs!.match(/component-url="\/_astro\/([A-Za-z]+)\./)![1]!;
      const posts = /<form\b[^>]*\baction=/.test(body!);
      const buttons = [...body!.matchAll(/<button\b([^>]*)>/g)].map((m) => m[1]!);
      if (buttons.some((b) => !/\bdisabled\b/.test(b) && !(posts && /\btype="submit"/.test(b)))) found.set(name, route);
    }
  }
  return found;
}
