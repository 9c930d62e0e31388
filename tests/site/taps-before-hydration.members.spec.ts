/**
 * No tap is lost before an island hydrates, in the members build (flag off): the buy button of
 * an app page (CheckoutButton, hydrated when it scrolls into view) pressed before its code
 * has arrived still takes a visitor to /login once it is live. And every island of this build
 * with a button pressable before hydration is one whose replay is tested.
 */
import { expect, test } from '../support/page-errors';
import { holdIsland, islandOf, islandsPressableBeforeHydration } from '../support/e2e';

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
  // Sent to sign in, with the way back to this page (the `next` path).
  await expect(page).toHaveURL(/\/login\/?\?next=%2Fapp%2Fstillpoint(%2F)?$/);
});

test('every island with a button a visitor can press before hydration has its replay tested', async ({ request }) => {
  // CheckoutButton here; JourneyPlayer (and the story's custom element) in tests/site/taps-before-hydration.spec.ts.
  const covered = ['CheckoutButton', 'JourneyPlayer'];
  const found = await islandsPressableBeforeHydration({ request });
  expect([...found.keys()].sort()).toEqual(covered);
});
