/**
 * The Bloom Book offline, in the members build: a page written offline is listed in "Your
 * pages" as waiting ("Saved on this device, will sync"), then as stored once the connection
 * returns, and Postgres holds one row after three reconnections; when the same day was written
 * on another device after the offline edit, that newer page stays and the member is told.
 * Nothing is intercepted: the service worker answers from its caches, Playwright's offline mode
 * cuts the network, and the rows are Postgres's.
 */
import { expect, test } from '../../support/page-errors';
import { asOwner, owns, rowsOf, signIn } from '../../support/members-commerce';
import { controlled, OFFLINE_FAILURES, WITH_WORKER } from '../../support/offline';

const SLOW = 20_000;
test.use(WITH_WORKER);
test.describe.configure({ timeout: 150_000 });

/** Opens the book online with the worker in charge (the page, the prompts and the pages on the device), then offline. */
async function openThenGoOffline(page: import('@playwright/test').Page) {
  await page.goto('/lounge/the-bloom-book/');
  await controlled(page);
  await page.reload();
  await expect(page.getByRole('form', { name: 'Today’s page' })).toBeVisible({ timeout: SLOW });
  await page.context().setOffline(true);
  await page.reload();
  const form = page.getByRole('form', { name: 'Today’s page' });
  await expect(form).toBeVisible({ timeout: SLOW });
  return form;
}

test('a page written offline is listed as waiting, then stored; one row after three reconnections', async ({ page, context, pageErrors }) => {
  pageErrors.allow(OFFLINE_FAILURES);
  const member = await signIn(page);
  await owns(member, 'price_app_the_bloom_book');
  const form = await openThenGoOffline(page);

  await form.getByRole('textbox', { name: 'Grateful for (1 of 3)' }).fill('The quiet carriage on the night train');
  await form.getByRole('button', { name: 'Save page' }).click();
  await expect(page.locator('[data-save="kept"]')).toHaveText('Saved on this device, will sync');
  const list = page.locator('[data-pages]');
  await expect(list.getByRole('listitem').filter({ has: page.locator('[data-waiting]') })).toHaveCount(1);
  await expect(list).toContainText('Saved on this device, will sync');
  expect(await rowsOf('bloom_pages', { user_id: member.memberId })).toEqual([]);

  await context.setOffline(false);
  await expect(list.locator('[data-waiting]')).toHaveCount(0, { timeout: SLOW });
  await expect(list).toContainText('The quiet carriage on the night train');
  for (let i = 0; i < 3; i++) {
    await context.setOffline(true);
    await context.setOffline(false);
  }
  await page.reload();
  await expect(page.locator('[data-pages]')).toContainText('The quiet carriage on the night train', { timeout: SLOW });
  const rows = await rowsOf('bloom_pages', { user_id: member.memberId });
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ gratitude_1: 'The quiet carriage on the night train' });
});

test('the same day written on another device after the offline edit: the newer page stays and the member is told', async ({ page, context, pageErrors }) => {
  pageErrors.allow(OFFLINE_FAILURES);
  const member = await signIn(page);
  await owns(member, 'price_app_the_bloom_book');
  const form = await openThenGoOffline(page);

  await form.getByRole('textbox', { name: 'Grateful for (1 of 3)' }).fill('Written offline on the phone');
  await form.getByRole('button', { name: 'Save page' }).click();
  await expect(page.locator('[data-save="kept"]')).toHaveText('Saved on this device, will sync');
  const day = await page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  });
  // Meanwhile, on the laptop: the same day's page, stored after the phone's edit.
  await asOwner('bloom_pages', { user_id: member.memberId, day, gratitude_1: 'Written later on the laptop' });

  await context.setOffline(false);
  await expect(page.locator('[data-conflict]')).toContainText('was also changed on another device, more recently. That newer version is kept', { timeout: SLOW });
  await expect(page.locator('[data-pages]')).toContainText('Written later on the laptop', { timeout: SLOW });
  const rows = await rowsOf('bloom_pages', { user_id: member.memberId });
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ gratitude_1: 'Written later on the laptop' });
});
