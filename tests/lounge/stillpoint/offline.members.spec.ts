/**
 * Stillpoint offline, in the members build: an owner who opened it once online goes offline,
 * reloads, and breathes a whole session; it is listed as waiting ("Saved on this device, will
 * sync"), and back online it is stored, once, whatever the reconnections. Nothing is intercepted:
 * the service worker answers the page and the history from its caches, Playwright's offline
 * mode cuts the network, and the rows are Postgres's (read back as the service role).
 */
import { expect, test } from '../../support/page-errors';
import { owns, rowsOf, signIn } from '../../support/members-commerce';
import { controlled, OFFLINE_FAILURES, WITH_WORKER } from '../../support/offline';

const SLOW = 20_000;
test.use(WITH_WORKER);
test.describe.configure({ timeout: 150_000 });

test('an owner opens Stillpoint, goes offline, reloads and completes a session; back online it is stored once', async ({ page, context, pageErrors }) => {
  pageErrors.allow(OFFLINE_FAILURES);
  await page.clock.install();
  const member = await signIn(page);
  await owns(member, 'price_app_stillpoint');
  await page.goto('/lounge/stillpoint/');
  await controlled(page);
  // Opened once online with the worker in charge: the shell and the history are on the device.
  await page.reload();
  const guide = page.getByRole('group', { name: 'Box breathing, breathing guide' });
  await expect(page.getByText('Your finished sessions appear here.')).toBeVisible({ timeout: SLOW });

  await context.setOffline(true);
  await page.reload();
  await expect(guide).toBeVisible({ timeout: SLOW });
  await expect(page.getByText('Your finished sessions appear here.')).toBeVisible({ timeout: SLOW });

  await page.clock.pauseAt(new Date(Date.now() + 1_000));
  await guide.getByRole('button', { name: 'Start' }).click();
  await page.clock.runFor(61_000);
  await expect(guide.locator('[data-sp-cue]')).toHaveText('Well done. Your session is complete.');
  await page.clock.resume();
  await expect(page.locator('[data-save="kept"]')).toHaveText('Saved on this device, will sync');
  const history = page.locator('[data-history]');
  await expect(history.locator('[data-waiting]')).toHaveText(/Box breathing.*Saved on this device, will sync/);
  expect(await rowsOf('breathing_sessions', { user_id: member.memberId })).toEqual([]);

  // Back online: sent once, then listed as stored. Two more reconnections send nothing again.
  await context.setOffline(false);
  await expect(history.locator('[data-waiting]')).toHaveCount(0, { timeout: SLOW });
  await expect(history).toContainText('Box breathing');
  await expect.poll(() => rowsOf('breathing_sessions', { user_id: member.memberId })).toEqual([expect.objectContaining({ pattern: 'box', seconds: 60 })]);
  for (let i = 0; i < 2; i++) {
    await context.setOffline(true);
    await context.setOffline(false);
  }
  await page.reload();
  await expect(history).toContainText('1 min', { timeout: SLOW });
  expect(await rowsOf('breathing_sessions', { user_id: member.memberId })).toHaveLength(1);
});
