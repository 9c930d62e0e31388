/** The whole purchase, nothing intercepted: sign in, buy an app on the payment page, find it in the library and the Lounge. */
import { expect, test } from '../support/page-errors';
import { expectNoSeriousA11yViolations } from '../support/e2e';
import { doubles, requestsOf, rowsOf } from '../support/members-commerce';
import { createUser, signIn } from '../support/members';

/**
 * All the way, with nothing intercepted: a member signs in on /login (the real
 * auth-sync gives the token its role claim), buys Mindstage on the Stripe stand-in's payment
 * page, the stand-in delivers the signed checkout.session.completed to the served webhook, which
 * records the purchase in Postgres (the local endpoint over PGlite, our migrations, grants and
 * row-level security), and the library, read by the browser with the member's own ID token,
 * shows the app, which then opens through the content gate. No request of this test is answered
 * by Playwright: every one reaches the site, its functions, the emulator, the stand-in or the
 * endpoint.
 */

test.describe.configure({ timeout: 120_000 });
/** A chain of hydration, Firebase's session check and the database reads, on a loaded machine. */
const SLOW = 20_000;

test('a member signs in, buys Mindstage on the payment page, and finds it in the library and in the Lounge', async ({ page }) => {
  const user = await createUser('Mara Quinn');
  await signIn(page, user);

  await page.goto('/app/mindstage');
  const buy = page.locator('#get-app').getByRole('button', { name: /^Buy Now/ });
  await buy.scrollIntoViewIfNeeded();
  await page.locator('#get-app [data-app-offer] astro-island:not([ssr])').waitFor({ state: 'attached' });
  await buy.click();

  // The stand-in's payment page, with the app's price.
  await page.waitForURL(`${doubles().stripe}/pay/**`, { timeout: SLOW });
  await expect(page.getByText('Total: 29.00 USD')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  await page.waitForURL(/\/success\/?\?session_id=cs_/, { timeout: SLOW });
  await expect(page.locator('[data-purchased]')).toContainText('You bought Mindstage.', { timeout: SLOW });

  // What the signed webhook recorded, as Postgres has it.
  const sessionId = new URL(page.url()).searchParams.get('session_id');
  expect(await rowsOf('purchases', { user_id: user.memberId })).toEqual([
    expect.objectContaining({ price_id: 'price_app_mindstage', product_type: 'app', status: 'paid', amount: 2900, currency: 'usd', checkout_session_id: sessionId }),
  ]);

  // The library, read by the browser as the member.
  await page.goto('/dashboard');
  const item = page.getByRole('region', { name: 'Your library' }).locator('[data-library-item="price_app_mindstage"]');
  await expect(item).toContainText(/Purchased on \w+ \d{1,2}, \d{4}/, { timeout: SLOW });
  await expectNoSeriousA11yViolations(page);
  // That read went to the endpoint with this member's own ID token (row-level security decided).
  expect((await requestsOf(user, 'purchases')).map((r) => r.method)).toContain('GET');

  // Open: the app in its Lounge room, its scenarios served by the content gate.
  await item.getByRole('link', { name: 'Open: Mindstage' }).click();
  await expect(page).toHaveURL(/\/lounge\/mindstage\/?$/);
  await expect(page.locator('[data-member-only] [data-scenarios]')).toBeVisible({ timeout: SLOW });
  await expect(page.locator('[data-member-only] [data-scenario="a-phone-call"]')).toBeVisible();
});
