/** /products on the default build: the catalogue without JavaScript, the live one, the flag, and a failing catalogue function. */
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/e2e';

/**
 * /products in the default build (site-wide flag on): the built-in catalogue is in the HTML,
 * the page keeps it when the catalogue function fails or answers something that is not an
 * array, and every purchase button is disabled. For a visitor the catalogue island hydrates only
 * when the live catalogue changes what the page shows (another list, none, or one it cannot
 * read): when it is the built-in one, no React is downloaded at all.
 */

const SECTIONS = ['Membership Tiers', 'Inner Alchemy Apps', 'Courses & Programs'];
const PRODUCT_COUNT = 11;

/** Resolves when the island says it keeps the built-in catalogue (its console warning). */
const keptBuiltIn = (page: Page) => page.waitForEvent('console', (m) => m.text().includes('showing the built-in catalogue'));

/** Resolves once the page has the live catalogue's answer and has done with it (the page is quiet). */
async function settled(page: Page, answered: Promise<unknown>) {
  await answered;
  await page.waitForLoadState('networkidle');
}

async function expectBuiltInCatalogue(page: Page) {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2 })).toHaveText([...SECTIONS, 'Buying with confidence']);
  await expect(main.getByRole('heading', { level: 3, name: 'Whispers Before Sleep' })).toBeVisible();
  await expect(main.getByText('Inner Alchemy App - ', { exact: false })).toHaveCount(0);
  await expect(main.locator('[data-product]')).toHaveCount(PRODUCT_COUNT);
  const adventurer = main.locator('[data-product="price_adventurer_monthly"]');
  await expect(adventurer).toContainText('$39');
  await expect(adventurer).toContainText('/month');
  await expect(main.locator('[data-product="price_explorer_free"]')).toContainText('Free');
  await expect(main.locator('[data-product="price_master_alchemist_course"]')).toContainText('$999');
  await expect(main.locator('[data-product="price_master_alchemist_course"]')).not.toContainText('/month');
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page already shows the whole catalogue, one h1, and disabled buttons', async ({ page }) => {
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expectBuiltInCatalogue(page);
    const buttons = page.getByRole('main').getByRole('button', { name: /^Coming Soon/ });
    await expect(buttons).toHaveCount(PRODUCT_COUNT);
    for (const button of await buttons.all()) await expect(button).toBeDisabled();
  });
});

test('loads the live catalogue from the function (built-in here) without moving anything', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { __cls: number }).__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/stripe-products'));
  await page.goto('/products');
  const response = await answered;
  expect(response.status()).toBe(200);
  expect(await response.json()).toHaveLength(PRODUCT_COUNT);
  expect(response.headers()['cache-control']).toMatch(/stale-while-revalidate/);
  await settled(page, answered);
  await expectBuiltInCatalogue(page);
  // The same catalogue as the page's: the island stays as the server rendered it, without React.
  await expect(page.locator('[data-catalogue-key] astro-island')).toHaveAttribute('ssr', '');
  expect(scripts.filter((s) => /\/(client|ProductsCatalogue)\.[^/]*\.js$/.test(s))).toEqual([]);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThan(0.01);
});

test('with the flag on every purchase button is disabled and the page says why', async ({ page }) => {
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/stripe-products'));
  await page.goto('/products');
  await settled(page, answered);
  await expect(page.getByText('Purchases are temporarily unavailable while we upgrade our systems.')).toBeVisible();
  const main = page.getByRole('main');
  const buttons = main.getByRole('button', { name: /^Coming Soon/ });
  await expect(buttons).toHaveCount(PRODUCT_COUNT);
  for (const button of await buttons.all()) await expect(button).toBeDisabled();
  await expect(main.getByRole('link', { name: /Sign In to Purchase/ })).toHaveCount(0);
  await expect(main.getByRole('button', { name: /Buy Now|Upgrade|Access Now/ })).toHaveCount(0);
});

test.describe('when the catalogue function', () => {
  test('fails, the built-in catalogue stays and no error is shown', async ({ page }) => {
    await page.route('**/api/stripe-products', (route) => route.abort('failed'));
    const kept = keptBuiltIn(page);
    await page.goto('/products');
    await kept;
    await expectBuiltInCatalogue(page);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('Unable to Load Products')).toHaveCount(0);
  });

  test('answers an error status, the built-in catalogue stays', async ({ page }) => {
    await page.route('**/api/stripe-products', (route) => route.fulfill({ status: 500, json: { error: 'Something went wrong. Please try again.' } }));
    const kept = keptBuiltIn(page);
    await page.goto('/products');
    await kept;
    await expectBuiltInCatalogue(page);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('answers something that is not an array, the built-in catalogue stays', async ({ page }) => {
    await page.route('**/api/stripe-products', (route) => route.fulfill({ json: { products: [] } }));
    const kept = keptBuiltIn(page);
    await page.goto('/products');
    await kept;
    await expectBuiltInCatalogue(page);
    await expect(page.getByText('No Products Available')).toHaveCount(0);
  });

  test('answers an empty list, the page says "No Products Available"', async ({ page }) => {
    await page.route('**/api/stripe-products', (route) => route.fulfill({ json: [] }));
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: 'No Products Available' })).toBeVisible();
    await expect(page.locator('[data-product]')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('answers its own products, they replace the built-in ones, prefixes stripped', async ({ page }) => {
    await page.route('**/api/stripe-products', (route) =>
      route.fulfill({
        json: [
          { priceId: 'price_live_1', name: 'Oasis App: Quiet Harbor', description: 'A harbour for loud days.', mode: 'payment', price: 19, currency: 'usd', productType: 'app' },
          { priceId: 'price_live_2', name: 'Adventurer Membership', description: 'More of everything.', mode: 'subscription', price: 45, currency: 'usd', productType: 'membership' },
        ],
      }),
    );
    const scripts: Promise<number>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.body().then((body) => gzipSync(body, { level: 9 }).length));
    });
    await page.goto('/products');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 3, name: 'Quiet Harbor' })).toBeVisible();
    await expect(main.locator('[data-product]')).toHaveCount(2);
    await expect(main.getByRole('heading', { level: 2 })).toHaveText(['Membership Tiers', 'Inner Alchemy Apps', 'Buying with confidence']);
    await expect(main.locator('[data-product="price_live_2"]')).toContainText('$45/month');
    // The island woke with React: still within the 80 KiB of a page with an island.
    await page.waitForLoadState('networkidle');
    const inline = await page.evaluate(() => [...document.querySelectorAll('script:not([src]):not([type$="json"])')].map((s) => s.textContent ?? ''));
    const total = (await Promise.all(scripts)).reduce((a, b) => a + b, 0) + inline.reduce((a, t) => a + gzipSync(Buffer.from(t), { level: 9 }).length, 0);
    expect(total).toBeGreaterThan(60 * 1024);
    expect(total).toBeLessThanOrEqual(80 * 1024);
  });

  test('answers a list the page cannot read, it shows "Unable to Load Products" and Try Again reloads', async ({ page }) => {
    let calls = 0;
    await page.route('**/api/stripe-products', (route) => {
      calls++;
      if (calls === 1) return route.fulfill({ json: [{ sku: 'x' }, { sku: 'y' }] });
      return route.fulfill({
        json: [{ priceId: 'price_live_1', name: 'Oasis App: Quiet Harbor', description: 'A harbour for loud days.', mode: 'payment', price: 19, currency: 'usd', productType: 'app' }],
      });
    });
    await page.goto('/products');
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'Unable to Load Products' })).toBeVisible();
    await expect(alert.getByText('Failed to load products')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await alert.getByRole('button', { name: 'Try Again' }).click();
    // The reloaded page asks again and shows what the second answer holds.
    await expect(page.getByRole('heading', { level: 3, name: 'Quiet Harbor' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(calls).toBe(2);
  });
});

test('has no serious accessibility violations', async ({ page }) => {
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/stripe-products'));
  await page.goto('/products');
  await settled(page, answered);
  await expectNoSeriousA11yViolations(page);
});
