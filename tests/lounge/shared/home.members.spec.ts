/**
 * Every Lounge app's home in the Lounge (/lounge/<slug>/) and sales page (/app/<slug>) in the
 * members build: a visitor is asked to sign in on the home and comes back there; a member
 * without the app is shown what it is and the way in, and none of its content reaches the page;
 * a visitor who never signed in downloads no Firebase code on either page, within 80 KiB; an
 * owner's home loads only its own app (no other app's island), within 80 KiB of its own code.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../../support/page-errors';
import { gzipSync } from 'node:zlib';
import { expectNoSeriousA11yViolations } from '../../support/e2e';
import { owns, signIn } from '../../support/members-commerce';

const SLOW = 20_000;

test.describe.configure({ timeout: 150_000 });

test('a visitor is asked to sign in on an app’s home in the Lounge, and the sign-in brings them back', async ({ page }) => {
  await page.goto('/lounge/the-bloom-book/');
  const panel = page.locator('[data-visitor-only] [data-frame="sign-in"]');
  await expect(panel.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Flounge%2Fthe-bloom-book%2F');
  await expectNoSeriousA11yViolations(page);
});

for (const [slug, name, content] of [
  ['whispers-before-sleep', 'Whispers Before Sleep', 'story'],
  ['mindstage', 'Mindstage', 'scenario'],
] as const) {
  test(`a member without ${name} is shown what it is and the way in, and no ${content} reaches the page`, async ({ page }) => {
    await signIn(page);
    const gateCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/content/')) gateCalls.push(r.url());
    });
    await page.goto(`/lounge/${slug}/`);
    const wayIn = page.locator('[data-frame="way-in"]');
    await expect(wayIn).toBeVisible({ timeout: SLOW });
    await expect(wayIn.getByRole('link', { name: `Get ${name}` })).toHaveAttribute('href', `/app/${slug}#get-app`);
    await expect(wayIn.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
    expect(gateCalls).toEqual([]);
    await expectNoSeriousA11yViolations(page);
  });
}

/** The scripts a page downloads (gzip size, and whether it is Firebase's). */
async function scriptsOf(page: Page, path: string): Promise<{ url: string; gzip: number; firebase: boolean }[]> {
  const responses: Promise<{ url: string; gzip: number; firebase: boolean }>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    responses.push(res.body().then((body) => ({ url: res.url(), gzip: gzipSync(body, { level: 9 }).length, firebase: body.includes('identitytoolkit.googleapis.com') })));
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const inline = await page.evaluate(() => [...document.querySelectorAll('script:not([src])')].map((s) => s.textContent ?? ''));
  return [...(await Promise.all(responses)), ...inline.map((t, i) => ({ url: `inline #${i}`, gzip: gzipSync(Buffer.from(t), { level: 9 }).length, firebase: false }))];
}

/** The gzip bytes of each module `url` imports statically (itself included), as the browser fetches them. */
async function staticClosure(page: Page, url: string, seen = new Map<string, number>()): Promise<Map<string, number>> {
  const absolute = new URL(url, page.url()).href;
  if (seen.has(absolute)) return seen;
  const body = await (await page.request.get(absolute)).body();
  seen.set(absolute, gzipSync(body, { level: 9 }).length);
  for (const m of body.toString('utf8').matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g)) {
    await staticClosure(page, new URL(m[1]!, absolute).href, seen);
  }
  return seen;
}

/** Each app: its slug, its price, its island's file name, and what shows once the app itself is open. */
const APPS = [
  ['stillpoint', 'price_app_stillpoint', 'Stillpoint', 'stillpoint-guide'],
  ['the-bloom-book', 'price_app_the_bloom_book', 'BloomBook', 'form[aria-labelledby="bb-page-heading"]'],
  ['whispers-before-sleep', 'price_app_whispers_before_sleep', 'Whispers', '#ws-stories'],
  ['rise-mode', 'price_app_rise_mode', 'RiseMode', '[data-todays-statement]'],
  ['mindstage', 'price_app_mindstage', 'Mindstage', '[data-scenarios]'],
  ['the-reset-room', 'price_app_the_reset_room', 'ResetRoom', 'input[name="feeling"][value="anger"]'],
] as const;

for (const path of APPS.flatMap(([slug]) => [`/lounge/${slug}/`, `/app/${slug}`])) {
  test(`${path} downloads no Firebase code for a visitor who never signed in`, async ({ page }) => {
    const scripts = await scriptsOf(page, path);
    expect(scripts.filter((s) => s.firebase).map((s) => s.url)).toEqual([]);
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    test.info().annotations.push({ type: 'gzip KiB (visitor)', description: (total / 1024).toFixed(1) });
    console.log(`lounge budget ${path}: visitor ${(total / 1024).toFixed(1)} KiB`);
    expect(total).toBeLessThanOrEqual(80 * 1024);
  });
}

for (const [slug, priceId, island, ready] of APPS) {
  const others = APPS.map(([, , name]) => name).filter((name) => name !== island);
  test(`/lounge/${slug}/ loads only its own app for its owner, within 80 KiB of its own code`, async ({ page }) => {
    const member = await signIn(page);
    await owns(member, priceId);
    const scripts = await scriptsOf(page, `/lounge/${slug}/`);
    // The app itself, not the sign-in panel, the way in or a loading line.
    await expect(page.locator(`[data-member-only] ${ready}`)).toBeVisible({ timeout: SLOW });
    await expect(page.locator('[data-member-only] [data-frame]')).toHaveCount(0);
    for (const name of others) expect(scripts.filter((s) => s.url.includes(`/${name}.`)).map((s) => s.url)).toEqual([]);

    // The app's own code: its island's modules, less what the page's other islands and React share.
    const islandEl = page.locator(`[data-member-only] astro-island[component-url*="/${island}."]`);
    const islandUrl = await islandEl.getAttribute('component-url');
    const shared = new Map<string, number>();
    // React and Astro's renderer are no app's own code: since they are one chunk
    // (integrations/client-chunks.mjs), the island's closure reaches all of React through it.
    const rendererUrl = await islandEl.getAttribute('renderer-url');
    if (rendererUrl) await staticClosure(page, rendererUrl, shared);
    for (const url of await page.locator('astro-island:not([data-member-only] astro-island)').evaluateAll((els) => els.flatMap((e) => [e.getAttribute('component-url'), e.getAttribute('renderer-url')]))) {
      if (url) await staticClosure(page, url, shared);
    }
    const own = [...(await staticClosure(page, islandUrl!)).entries()].filter(([url]) => !shared.has(url)).reduce((sum, [, bytes]) => sum + bytes, 0);
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    test.info().annotations.push({ type: 'gzip KiB (the app’s own code)', description: (own / 1024).toFixed(1) });
    test.info().annotations.push({ type: 'gzip KiB (everything a member downloads: React, Firebase, Supabase, the app)', description: (total / 1024).toFixed(1) });
    console.log(`lounge budget ${slug}: app's own code ${(own / 1024).toFixed(1)} KiB; member total ${(total / 1024).toFixed(1)} KiB`);
    expect(own).toBeGreaterThan(1024);
    expect(own).toBeLessThanOrEqual(80 * 1024);
  });
}
