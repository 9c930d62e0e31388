/**
 * The course offline, in the members build: a lesson a member opened once online (its text
 * comes from the content gate) reads the same offline after a reload, from the cache named for
 * that member; "Mark as complete" pressed offline waits on the device and syncs when back.
 */
import { expect, test } from '../support/page-errors';
import { rowsOf, signIn, subscription } from '../support/members-commerce';
import { controlled, OFFLINE_FAILURES, WITH_WORKER } from '../support/offline';
import { gatedItems } from '../support/gated-content';

const lessons = gatedItems('course');
const third = lessons[2]!;
const SLOW = 20_000;

/** A sentence of a lesson's body as the page shows it. */
const sentenceOf = (html: string) => ((/<p>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, '').split(/(?<=[.!?])\s/)[0] ?? '').slice(0, 80);

test.use(WITH_WORKER);
test.describe.configure({ timeout: 120_000 });

test('a lesson opened once can be read offline', async ({ page, context, pageErrors }) => {
  pageErrors.allow(OFFLINE_FAILURES);
  const member = await signIn(page);
  await subscription(member, { price_id: 'price_alchemist_monthly', subscription_status: 'active' });
  await page.goto(`/course/${third.slug}/`);
  await controlled(page);
  await page.reload();
  const body = page.locator('[data-lesson-body]');
  await expect(body).toContainText(sentenceOf(third.html), { timeout: SLOW });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: third.title })).toBeVisible();
  await expect(body).toContainText(sentenceOf(third.html), { timeout: SLOW });
  await expect(body.getByRole('heading', { level: 2, name: /^(Practice|Reflection)/ }).first()).toBeVisible();
});

test('“Mark as complete” pressed offline waits on the device, then syncs once the connection returns', async ({ page, context, pageErrors }) => {
  pageErrors.allow(OFFLINE_FAILURES);
  const member = await signIn(page);
  await subscription(member, { price_id: 'price_alchemist_monthly', subscription_status: 'active' });
  await page.goto(`/course/${third.slug}/`);
  await controlled(page);
  await page.reload();
  await expect(page.locator('[data-lesson-body]')).toContainText(sentenceOf(third.html), { timeout: SLOW });
  const mark = page.getByRole('button', { name: 'Mark as complete' });
  await expect(mark).toBeVisible({ timeout: SLOW });

  await context.setOffline(true);
  const pressed = Date.now();
  await mark.click();
  const done = page.locator('[data-lesson-complete]');
  await expect(done).toContainText('You completed this lesson');
  await expect(done.locator('[data-waiting]')).toHaveText('Saved on this device, will sync');
  expect(await rowsOf('lesson_progress', { member_id: member.uid })).toEqual([]);

  // A while later the connection returns: the lesson counts as completed when it was pressed
  // (its day in the member's days practised), not when the device could send it.
  await page.waitForTimeout(1_500);
  const online = Date.now();
  await context.setOffline(false);
  await expect(done.locator('[data-waiting]')).toHaveCount(0, { timeout: SLOW });
  await expect(done).toContainText('You completed this lesson');
  await expect.poll(() => rowsOf('lesson_progress', { member_id: member.uid })).toEqual([expect.objectContaining({ lesson_slug: third.slug })]);
  const [row] = await rowsOf<{ completed_at: string }>('lesson_progress', { member_id: member.uid });
  expect(Date.parse(row!.completed_at)).toBeGreaterThanOrEqual(pressed - 1_000);
  expect(Date.parse(row!.completed_at)).toBeLessThan(online);
});
