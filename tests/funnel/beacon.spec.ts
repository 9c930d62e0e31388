/**
 * The funnel's beacon in the browser (issue 44): a visitor's page sends one page view to
 * /api/hit and nothing else (no cookie, nothing in storage, no other site), the journey player
 * one "started" and one "finished", a browser with Global Privacy Control none, a member's
 * (noindex) page none; and every page works the same with the beacon blocked.
 */
import { expect, test, type Page, type Request } from '@playwright/test';

/** The beacons the page sends, as their JSON bodies. */
function beacons(page: Page): { sent: Request[]; bodies: () => unknown[] } {
  const sent: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/hit') sent.push(r);
  });
  return { sent, bodies: () => sent.map((r) => r.postDataJSON() as unknown) };
}

async function nothingOnTheDevice(page: Page) {
  expect(await page.context().cookies()).toEqual([]);
  expect(
    await page.evaluate(async () => ({
      cookie: document.cookie,
      local: localStorage.length,
      session: sessionStorage.length,
      databases: (await indexedDB.databases()).length,
      caches: (await caches.keys()).length,
    })),
  ).toEqual({ cookie: '', local: 0, session: 0, databases: 0, caches: 0 });
}

test('a page view sends one beacon, with the path and the campaign only, and leaves nothing on the device', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const foreign: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).origin !== origin && !r.url().startsWith('data:')) foreign.push(r.url());
  });
  const { sent, bodies } = beacons(page);
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/hit');
  await page.goto('/pricing?utm_source=newsletter&utm_campaign=november&ref=ignored');
  const response = await answered;
  expect(response.status()).toBe(204);
  expect(response.headers()['set-cookie']).toBeUndefined();
  await page.waitForLoadState('networkidle');
  expect(sent).toHaveLength(1);
  expect(sent[0]!.method()).toBe('POST');
  expect(sent[0]!.headers()['cookie']).toBeUndefined();
  expect(bodies()).toEqual([{ path: '/pricing', event: 'pageview', utm_source: 'newsletter', utm_campaign: 'november' }]);
  await nothingOnTheDevice(page);

  // A link to another page of the site: one more page view, without a referrer (it is ours).
  await page.goto('/about-us');
  await page.waitForLoadState('networkidle');
  expect(bodies()).toEqual([
    { path: '/pricing', event: 'pageview', utm_source: 'newsletter', utm_campaign: 'november' },
    { path: '/about-us', event: 'pageview' },
  ]);
  await nothingOnTheDevice(page);
  expect(foreign).toEqual([]);
});

test('the journey player sends "started" at the first Continue and "finished" at the last step, once each', async ({ page }) => {
  const { bodies } = beacons(page);
  await page.goto('/lead-magnet-journey/imposter-syndrome');
  const player = page.locator('article[aria-labelledby="journey-title"]');
  const next = player.getByRole('button', { name: 'Continue', exact: true });
  await next.click();
  await expect(player.getByText('Step 2 of 5', { exact: true })).toBeVisible();
  await player.getByRole('button', { name: 'Previous' }).click();
  await next.click();
  for (let step = 3; step <= 5; step++) {
    await next.click();
    await expect(player.getByText(`Step ${step} of 5`, { exact: true })).toBeVisible();
  }
  await player.getByRole('button', { name: 'Previous' }).click();
  await next.click();
  await page.waitForLoadState('networkidle');
  const path = '/lead-magnet-journey/imposter-syndrome';
  expect(bodies()).toEqual([
    { path, event: 'pageview' },
    { path, event: 'journey_started' },
    { path, event: 'journey_finished' },
  ]);
  await nothingOnTheDevice(page);
});

test('a browser with Global Privacy Control sends nothing, and a member’s page sends nothing', async ({ page }) => {
  const { sent } = beacons(page);
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
  await page.goto('/pricing');
  await page.waitForLoadState('networkidle');
  expect(sent).toHaveLength(0);

  const other = await page.context().newPage();
  const fromOther = beacons(other);
  for (const path of ['/coach', '/success?session_id=cs_test_a1B2c3']) {
    await other.goto(path);
    await other.waitForLoadState('networkidle');
  }
  expect(fromOther.sent).toHaveLength(0);
});

test('with the beacon blocked, the pages and the journey work as before, without an error', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const blocked: string[] = [];
  await page.route('**/api/hit', (route) => {
    blocked.push(route.request().url());
    return route.abort('blockedbyclient');
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/lead-magnet-journey/imposter-syndrome');
  const player = page.locator('article[aria-labelledby="journey-title"]');
  for (let step = 2; step <= 5; step++) {
    await player.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(player.getByText(`Step ${step} of 5`, { exact: true })).toBeVisible();
  }
  await expect(player.getByRole('link', { name: 'Continue to Sign Up' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(blocked.length).toBeGreaterThanOrEqual(3);
  expect(errors).toEqual([]);
});
