/**
 * No tap is lost before an island hydrates, in the members build (flag off): the buy button of
 * an app page (CheckoutButton, hydrated when it scrolls into view) pressed before its code
 * has arrived still takes a visitor to /login once it is live. And every island of this build
 * with a button pressable before hydration is one whose replay is tested.
 */
import { expect, test } from '@playwright/test';
import { builtRoutes, holdIsland, islandOf, UNLISTED_ROUTES } from '../helpers';

test('Buy Now pressed before the checkout button is live still takes a visitor to /login', async ({ page }) => {
  // The island, then the session check it makes before sending a visitor on, load after release.
  test.slow();
  const release = await holdIsland(page, 'CheckoutButton');
  await page.goto('/app/stillpoint');
  const buy = page.locator('#get-app').getByRole('button', { name: /^Buy Now/ });
  await buy.scrollIntoViewIfNeeded();
  await expect(buy).toBeEnabled();
  await buy.click();
  const island = islandOf(page, 'CheckoutButton');
  await expect(island).toHaveAttribute('ssr');
  await expect(island).toHaveAttribute('aria-busy', 'true');
  await expect(page).toHaveURL(/\/app\/stillpoint\/?$/);
  release();
  await expect(page).toHaveURL(/\/login\/?$/);
});

test('every island with a button a visitor can press before hydration has its replay tested', async ({ request }) => {
  // CheckoutButton here; JourneyPlayer and StoryCarousel in tests/e2e/taps-before-hydration.spec.ts.
  const covered = ['CheckoutButton', 'JourneyPlayer', 'StoryCarousel'];
  const found = new Map<string, string>();
  for (const route of [...(await builtRoutes({ request })), ...UNLISTED_ROUTES]) {
    const html = await (await request.get(route)).text();
    for (const [, attrs, body] of html.matchAll(/<astro-island\b([^>]*)>([\s\S]*?)<\/astro-island>/g)) {
      if (/\bclient="signedin"/.test(attrs!)) continue;
      const name = attrs!.match(/component-url="\/_astro\/([A-Za-z]+)\./)![1]!;
      const buttons = [...body!.matchAll(/<button\b([^>]*)>/g)].map((m) => m[1]!);
      if (buttons.some((b) => !/\bdisabled\b/.test(b))) found.set(name, route);
    }
  }
  expect([...found.keys()].sort()).toEqual(covered);
});
