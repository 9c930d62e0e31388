/**
 * What a visitor who never signed in downloads on the members build: no Firebase outside
 * /login, /signup and /dashboard, and there at most 160 KiB of gzip JavaScript in all (the
 * Firebase chunk the forms fetch in the background included).
 */
import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { expect, test } from '../support/page-errors';

const KIB = 1024;

async function scriptsOf(page: Page, path: string): Promise<{ url: string; gzip: number; firebase: boolean }[]> {
  const responses: Promise<{ url: string; gzip: number; firebase: boolean }>[] = [];
  const onResponse = (res: Response) => {
    if (res.request().resourceType() !== 'script') return;
    responses.push(
      res.body().then((body) => ({
        url: res.url(),
        gzip: gzipSync(body, { level: 9 }).length,
        firebase: body.includes('identitytoolkit.googleapis.com'),
      })),
    );
  };
  page.on('response', onResponse);
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // What loaded until the network went quiet is what is counted: a script answered after that
  // (a background fetch) is not read, so its body is not left pending when the test ends.
  page.off('response', onResponse);
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')].map((s) => s.textContent ?? '').filter((t) => t.trim()),
  );
  const inlineRows = inline.map((text, i) => ({ url: `inline #${i}`, gzip: gzipSync(Buffer.from(text), { level: 9 }).length, firebase: false }));
  return [...(await Promise.all(responses)), ...inlineRows];
}

for (const path of ['/login', '/signup']) {
  test(`${path} stays within 160 KiB of gzip JavaScript, Firebase included`, async ({ page }) => {
    const scripts = await scriptsOf(page, path);
    expect(scripts.some((s) => s.firebase), 'the form fetches Firebase ahead of a click').toBe(true);
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    test.info().annotations.push({ type: 'gzip KiB', description: (total / KIB).toFixed(1) });
    expect(total).toBeLessThanOrEqual(160 * KIB);
  });
}

// Every page with an island a visitor gets (home: coaching; products and the app pages: the
// checkout buttons; future: the forms; debug: the checks; about and the journeys: React only).
for (const path of ['/', '/debug', '/products', '/app/stillpoint', '/future', '/about-us', '/lead-magnet-journey/imposter-syndrome']) {
  test(`${path} downloads no Firebase code for a visitor who never signed in`, async ({ page, pageErrors }) => {
    // /debug reads each table as a visitor: the member tables answer 401, which it reports.
    if (path === '/debug') pageErrors.allow(/^401 GET .*\/rest\/v1\//, /status of 401 .*\/rest\/v1\//);
    const scripts = await scriptsOf(page, path);
    expect(scripts.filter((s) => s.firebase).map((s) => s.url)).toEqual([]);
  });
}

// The course: the free lesson, a paid lesson's shell and the outline are static for a
// visitor: no Firebase, and within the 80 KiB of an island page (in fact only inline scripts).
for (const path of ['/course/', '/course/the-weather-inside/', '/course/the-feeling-under-the-feeling/']) {
  test(`${path} downloads no Firebase code and at most 80 KiB of gzip JavaScript for a visitor`, async ({ page }) => {
    const scripts = await scriptsOf(page, path);
    expect(scripts.filter((s) => s.firebase).map((s) => s.url)).toEqual([]);
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    test.info().annotations.push({ type: 'gzip KiB', description: (total / KIB).toFixed(1) });
    expect(total).toBeLessThanOrEqual(80 * KIB);
  });
}
