/** /products on the members build: the buttons a visitor and each tier see, and an upgrade's checkout. */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/page-errors';
import { expectNoSeriousA11yViolations } from '../support/e2e';
import { stripePriceId } from '../../local-platform/stripe/stripe-standin';
import { checkoutSessionFor, customerKeptFor, doubles, signIn, subscription } from '../support/members-commerce';

/**
 * /products in the members build (flag off, Firebase Auth emulator; the served functions use
 * the Stripe double and the local database started by scripts/e2e.mjs). See ./commerce.ts for how a
 * member is signed in and how their subscription is answered.
 */

/**
 * The tier appears only after a chain: the island hydrates when idle, Firebase loads and checks
 * the session with the Auth emulator, then the customer, subscription and purchases are read.
 * On a loaded two-core runner that chain alone can pass the default 7 s (main's CI failure of
 * "an Adventurer member": the page was right, only late), so the first wait is longer.
 */
const TIER_TIMEOUT = 20_000;
const card = (page: Page, priceId: string) => page.locator(`[data-product="${priceId}"]`);
const APPS = ['whispers_before_sleep', 'the_bloom_book', 'stillpoint', 'rise_mode', 'mindstage', 'the_reset_room'].map((a) => `price_app_${a}`);

test('a visitor is offered "Sign In to Purchase", which leads to /login', async ({ page }) => {
  await page.goto('/products');
  const links = page.getByRole('main').getByRole('link', { name: /^Sign In to Purchase/ });
  await expect(links).toHaveCount(11);
  await expect(card(page, 'price_app_stillpoint').getByRole('link')).toHaveAccessibleName('Sign In to Purchase: Stillpoint');
  await expect(page.getByText(/Current Tier/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await links.first().click();
  // Issue 14: with the way back to /products after signing in.
  await expect(page).toHaveURL(/\/login\/?\?next=%2Fproducts$/);
});

test('an Explorer member: Current Tier, Upgrade, Buy Now, and the Premium content note on apps', async ({ page }) => {
  await signIn(page);
  await page.goto('/products');
  await expect(page.getByText('Current Tier: Explorer')).toBeVisible({ timeout: TIER_TIMEOUT });
  await expect(card(page, 'price_explorer_free').getByRole('button', { name: /^Free - Get Started/ })).toBeDisabled();
  for (const id of ['price_adventurer_monthly', 'price_alchemist_monthly', 'price_founding_membership']) {
    await expect(card(page, id).getByRole('button', { name: /^Upgrade/ })).toBeEnabled();
  }
  for (const id of APPS) {
    await expect(card(page, id).getByRole('button', { name: /^Buy Now/ })).toBeEnabled();
    await expect(card(page, id).getByText('Premium content')).toBeVisible();
  }
  await expect(card(page, 'price_master_alchemist_course').getByRole('button', { name: /^Buy Now/ })).toBeEnabled();
  await expect(card(page, 'price_app_stillpoint').getByRole('button')).toHaveAccessibleName('Buy Now: Stillpoint');
  await expect(page.getByRole('main').getByRole('link', { name: /Sign In to Purchase/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('an Adventurer member: Access Now on apps, Upgrade to Alchemist', async ({ page }) => {
  const member = await signIn(page);
  await subscription(member, { price_id: 'price_adventurer_monthly', subscription_status: 'active' });
  await page.goto('/products');
  await expect(page.getByText('Current Tier: Adventurer')).toBeVisible({ timeout: TIER_TIMEOUT });
  const access = card(page, 'price_app_stillpoint').getByRole('link', { name: /^Access Now/ });
  await expect(access).toHaveAttribute('href', '/app/stillpoint');
  await expect(access).not.toContainText('Included');
  await expect(card(page, 'price_alchemist_monthly').getByRole('button', { name: /^Upgrade/ })).toBeEnabled();
  await expect(card(page, 'price_master_alchemist_course').getByRole('button', { name: /^Buy Now/ })).toBeEnabled();
  await expect(page.getByText('Premium content')).toHaveCount(0);
});

test('an Alchemist member: Current Plan, and everything included', async ({ page }) => {
  const member = await signIn(page);
  await subscription(member, { price_id: 'price_alchemist_monthly', subscription_status: 'active' });
  await page.goto('/products');
  await expect(page.getByText('Current Tier: Alchemist')).toBeVisible({ timeout: TIER_TIMEOUT });
  await expect(card(page, 'price_alchemist_monthly').getByRole('button', { name: /^Current Plan/ })).toBeDisabled();
  for (const id of [...APPS, 'price_master_alchemist_course']) {
    await expect(card(page, id).getByRole('link', { name: /^Access Now \(Included\)/ })).toBeVisible();
  }
  // The course opens in its player.
  await expect(card(page, 'price_master_alchemist_course').getByRole('link', { name: /^Access Now \(Included\)/ })).toHaveAttribute('href', '/course/');
  await expect(page.getByRole('main').getByRole('button', { name: /^(Buy Now|Upgrade)/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('before 8 August 2025, included access reads "Access Now (Coming Soon)" with the note', async ({ page }) => {
  await page.clock.setFixedTime(new Date(2025, 7, 7, 12, 0));
  const member = await signIn(page);
  await subscription(member, { price_id: 'price_alchemist_monthly', subscription_status: 'active' });
  await page.goto('/products');
  await expect(page.getByText('Current Tier: Alchemist')).toBeVisible({ timeout: TIER_TIMEOUT });
  const stillpoint = card(page, 'price_app_stillpoint');
  await expect(stillpoint.getByRole('button', { name: /^Access Now \(Coming Soon\)/ })).toBeDisabled();
  await expect(stillpoint.getByText('Your access begins on August 8th, 2025')).toBeVisible();
});

test('Upgrade starts a checkout that lands on the Stripe double, for this member and plan', async ({ page, baseURL }) => {
  const { stripe } = doubles();
  const member = await signIn(page);
  await page.goto('/products');
  await expect(page.getByText('Current Tier: Explorer')).toBeVisible({ timeout: TIER_TIMEOUT });
  const upgrade = card(page, 'price_alchemist_monthly').getByRole('button', { name: /^Upgrade/ });
  await upgrade.click();
  await page.waitForURL(`${stripe}/pay/**`);
  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();

  expect((await checkoutSessionFor(page, member.memberId))?.form).toMatchObject({
    mode: 'subscription',
    'line_items[0][price]': stripePriceId('price_alchemist_monthly'),
    success_url: `${baseURL}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${baseURL}/products`,
  });
  expect(await customerKeptFor(page, member.memberId)).toBe(true);
});

test('a failed checkout shows the server’s message under the button', async ({ page, pageErrors }) => {
  pageErrors.provoked();
  await signIn(page);
  await page.route('**/api/stripe-checkout', (route) => route.fulfill({ status: 502, json: { error: 'The payment provider could not be reached. Please try again.' } }));
  await page.goto('/products');
  const stillpoint = card(page, 'price_app_stillpoint');
  await stillpoint.getByRole('button', { name: /^Buy Now/ }).click();
  await expect(stillpoint.getByRole('alert')).toHaveText('The payment provider could not be reached. Please try again.');
  await expect(page).toHaveURL(/\/products\/?$/);
});
