/**
 * A Lounge room never opened on this device, offline, in the members build: its page comes from
 * the service worker's shell and says kindly that the app has not been opened here yet,
 * instead of a browser error.
 */
import { expect, test } from '../../support/page-errors';
import { owns, signIn } from '../../support/members-commerce';
import { answerKept, controlled, OFFLINE_FAILURES, WITH_WORKER } from '../../support/offline';

test.use(WITH_WORKER);
test.describe.configure({ timeout: 120_000 });

test('a room never opened says so kindly offline', async ({ page, context, pageErrors }) => {
  pageErrors.allow(OFFLINE_FAILURES);
  const member = await signIn(page);
  await owns(member, 'price_app_mindstage');
  // Another room, opened online: the worker registers there.
  await owns(member, 'price_app_stillpoint');
  await page.goto('/lounge/stillpoint/');
  await controlled(page);
  await page.reload();
  await expect(page.locator('[data-nav-account="desktop"]').getByRole('button', { name: 'Account' })).toBeVisible({ timeout: 20_000 });
  // What the member owns is on the device (Mindstage among it) before the connection goes.
  await answerKept(page, '/rest/v1/purchases');

  await context.setOffline(true);
  await page.goto('/lounge/mindstage/');
  await expect(page.getByRole('heading', { level: 1, name: 'Mindstage' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('has not been opened on this device yet', { timeout: 30_000 });
});
