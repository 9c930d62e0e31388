/** An app page's Buy Now on the members build: to sign-in for a visitor, to the Stripe stand-in's checkout for a member. */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/page-errors';
import { expectNoSeriousA11yViolations } from '../support/e2e';
import { stripePriceId } from '../../local-platform/stripe/stripe-standin';
import { checkoutSessionFor, customerKeptFor, doubles, signIn } from '../support/members-commerce';

/**
 * The buy button of the app pages in the members build (flag off): the CheckoutButton island,
 * hydrated when it scrolls into view. A visitor goes to /login; a member sees "Processing..."
 * and lands on the Stripe double's checkout for that app, or reads the server's message.
 */

const APP = { path: '/app/stillpoint', priceId: 'price_app_stillpoint' };

/** The buy button, scrolled into view and hydrated (Astro removes the island's `ssr` attribute). */
async function buyButton(page: Page) {
  const button = page.locator('#get-app').getByRole('button', { name: /^Buy Now/ });
  await button.scrollIntoViewIfNeeded();
  await page.locator('#get-app [data-app-offer] astro-island:not([ssr])').waitFor({ state: 'attached' });
  return button;
}

test('a visitor who presses Buy Now goes to /login', async ({ page }) => {
  await page.goto(APP.path);
  await expect(page.getByText('Purchases are temporarily unavailable while we upgrade our systems.')).toHaveCount(0);
  const buy = await buyButton(page);
  await expect(buy).toBeEnabled();
  await expect(buy).toHaveAccessibleName('Buy Now: Stillpoint');
  await expectNoSeriousA11yViolations(page);
  await buy.click();
  // Issue 14: with the way back to this app's page after signing in.
  await expect(page).toHaveURL(new RegExp(`/login/?\\?next=${encodeURIComponent(APP.path)}(%2F)?$`));
});

test('a member’s Buy Now shows "Processing..." and lands on the Stripe double’s checkout for this app', async ({ page, baseURL }) => {
  const { stripe } = doubles();
  const member = await signIn(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/stripe-checkout', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(APP.path);
  const buy = await buyButton(page);
  await buy.click();
  const processing = page.locator('#get-app').getByRole('button', { name: 'Processing...' });
  await expect(processing).toBeDisabled();
  release();
  await page.waitForURL(`${stripe}/pay/**`);
  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();

  expect((await checkoutSessionFor(page, member.memberId))?.form).toMatchObject({
    mode: 'payment',
    // The static page names the price by the catalogue id; Stripe gets its own id for it.
    'line_items[0][price]': stripePriceId(APP.priceId),
    success_url: `${baseURL}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${baseURL}${APP.path}`,
  });
  expect(await customerKeptFor(page, member.memberId)).toBe(true);
});

test('a failed checkout shows the server’s message under the button, which can be pressed again', async ({ page, pageErrors }) => {
  pageErrors.provoked();
  await signIn(page);
  await page.route('**/api/stripe-checkout', (route) => route.fulfill({ status: 502, json: { error: 'The payment provider could not be reached. Please try again.' } }));
  await page.goto(APP.path);
  const buy = await buyButton(page);
  await buy.click();
  await expect(page.locator('#get-app').getByRole('alert')).toHaveText('The payment provider could not be reached. Please try again.');
  await expect(buy).toBeEnabled();
  await expect(page).toHaveURL(new RegExp(`${APP.path}/?$`));
  await expectNoSeriousA11yViolations(page);
});
