/** An app page's Buy Now with the flag on: disabled, and no checkout code loaded. */
import { expect, test } from '@playwright/test';
import { VISITOR_ISLANDS } from '../support/e2e';

/**
 * The buy button of the app pages in the default build (site-wide flag on): disabled, with
 * the notice, and no checkout code is on the page (the CheckoutButton island is used only with the
 * flag off); the one module script is the app's public preview.
 */
test('with the flag on the app page’s Buy Now is disabled and the page loads no checkout code', async ({ page }) => {
  await page.goto('/app/stillpoint');
  const buy = page.locator('#get-app').getByRole('button', { name: 'Buy Now' });
  await expect(buy).toBeDisabled();
  await expect(buy).toHaveAccessibleDescription('Purchases are temporarily unavailable while we upgrade our systems.');
  await expect(page.locator(VISITOR_ISLANDS)).toHaveCount(0);
  await expect(page.locator('astro-island[component-url*="CheckoutButton"]')).toHaveCount(0);
  await expect(page.locator('script[type="module"], script[src]')).toHaveCount(1);
  await expect(page.locator('[data-preview="stillpoint"]')).toBeVisible();
});
