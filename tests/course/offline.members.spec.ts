/**
 * The course offline, in the members build: a lesson a member opened once online (its text
 * comes from the content gate) reads the same offline after a reload, from the cache named for
 * that member; "Mark as complete" pressed offline waits on the device and syncs when back. The
 * kept copy follows the gate: once access is gone, the next online read answers 403 and the copy
 * is removed at once (offline the lesson no longer reads); and it is read offline for 30 days at
 * most after the gate last answered it (the worker's clock moved on, as the device's would be).
 */
import { expect, test } from '../support/page-errors';
import { rowsOf, signIn, subscription } from '../support/members-commerce';
import { answerKept, controlled, OFFLINE_FAILURES, watchStays, WITH_WORKER } from '../support/offline';
import type { BrowserContext, Page } from '@playwright/test';
import { gatedItems } from '../support/gated-content';

const lessons = gatedItems('course');
const third = lessons[2]!;
const SLOW = 20_000;

/** A sentence of a lesson's body as the page shows it. */
const sentenceOf = (html: string) => ((/<p>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, '').split(/(?<=[.!?])\s/)[0] ?? '').slice(0, 80);

/** A paying member (a new one) reading the third lesson, the page loaded again once the worker is in charge. */
async function lessonOpened(page: Page) {
  const member = await signIn(page);
  await subscription(member, { price_id: 'price_alchemist_monthly', subscription_status: 'active' });
  await page.goto(`/course/${third.slug}/`);
  await controlled(page);
  await page.reload();
  await expect(page.locator('[data-lesson-body]')).toContainText(sentenceOf(third.html), { timeout: SLOW });
  return member;
}

test.use(WITH_WORKER);
test.describe.configure({ timeout: 120_000 });

test('a lesson opened once can be read offline', async ({ page, context, pageErrors }) => {
  pageErrors.allow(OFFLINE_FAILURES);
  await lessonOpened(page);
  const body = page.locator('[data-lesson-body]');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: third.title })).toBeVisible();
  await expect(body).toContainText(sentenceOf(third.html), { timeout: SLOW });
  await expect(body.getByRole('heading', { level: 2, name: /^(Practice|Reflection)/ }).first()).toBeVisible();
});

test('“Mark as complete” pressed offline waits on the device, then syncs once the connection returns', async ({ page, context, pageErrors }) => {
  pageErrors.allow(OFFLINE_FAILURES);
  const member = await lessonOpened(page);
  const mark = page.getByRole('button', { name: 'Mark as complete' });
  await expect(mark).toBeVisible({ timeout: SLOW });

  await context.setOffline(true);
  const pressed = Date.now();
  await mark.click();
  const done = page.locator('[data-lesson-complete]');
  await expect(done).toContainText('You completed this lesson');
  await expect(done.locator('[data-waiting]')).toHaveText('Saved on this device, will sync');
  expect(await rowsOf('lesson_progress', { member_id: member.memberId })).toEqual([]);

  // A while later the connection returns: the lesson counts as completed when it was pressed
  // (its day in the member's days practised), not when the device could send it.
  await page.waitForTimeout(1_500);
  // Sent, it stays completed while the progress is read back: "Mark as complete" never comes
  // back meanwhile (it did for as long as that read took, over 7 s once on a loaded CI machine).
  const gone = await watchStays(page, '[data-lesson-complete]', '[data-course-progress]');
  const online = Date.now();
  await context.setOffline(false);
  await expect(done.locator('[data-waiting]')).toHaveCount(0, { timeout: SLOW });
  await expect(done).toContainText('You completed this lesson');
  expect(await gone()).toEqual([]);
  await expect(page.locator('[data-progress-all]')).toHaveText(/^1 of \d+ lessons in all$/);
  await expect.poll(() => rowsOf('lesson_progress', { member_id: member.memberId })).toEqual([expect.objectContaining({ lesson_slug: third.slug })]);
  const [row] = await rowsOf<{ completed_at: string }>('lesson_progress', { member_id: member.memberId });
  expect(Date.parse(row!.completed_at)).toBeGreaterThanOrEqual(pressed - 1_000);
  expect(Date.parse(row!.completed_at)).toBeLessThan(online);
});

const DAY = 24 * 60 * 60 * 1000;
const gatePath = `/api/content/course/${third.slug}`;

/** Whether a member's cache still holds the gate's answer for `path` (read through the Cache API). */
const stillKept = (page: Page, path: string) =>
  page.evaluate(async (wanted) => {
    for (const name of await caches.keys()) {
      if (!name.startsWith('ia-member-')) continue;
      const keys = await (await caches.open(name)).keys();
      if (keys.some((request) => new URL(request.url).pathname === wanted)) return true;
    }
    return false;
  }, path);

/** A paying member who opened the third lesson online while the worker is in charge: its text kept for them. */
async function lessonKept(page: Page) {
  const member = await lessonOpened(page);
  await answerKept(page, gatePath);
  return member;
}

/** Moves the service worker's clock `ms` on (the test's handle on the device's time as the worker reads it). */
async function workerClockOn(context: BrowserContext, ms: number) {
  const [worker] = context.serviceWorkers();
  expect(worker).toBeDefined();
  await worker!.evaluate((shift) => {
    const real = Date.now.bind(Date);
    Date.now = () => real() + shift;
  }, ms);
}

test('a 403 from the gate removes the kept lesson at once: offline it no longer reads', async ({ page, context, pageErrors }) => {
  pageErrors.allow(OFFLINE_FAILURES);
  pageErrors.allow(/403/);
  const member = await lessonKept(page);

  // The subscription ends (as the webhook records it): the gate refuses the lesson's next read
  // online, the one the player makes (through the worker, with the member's token).
  await subscription(member, { price_id: 'price_alchemist_monthly', subscription_status: 'canceled' });
  const status = await page.evaluate(async (path) => {
    const { idToken } = JSON.parse(localStorage.getItem('ia:session') ?? '{}') as { idToken?: string };
    return (await fetch(path, { headers: { Authorization: `Bearer ${idToken}`, Accept: 'application/json' }, cache: 'no-store' })).status;
  }, gatePath);
  expect(status).toBe(403);
  await expect.poll(() => stillKept(page, gatePath), { timeout: SLOW }).toBe(false);

  // Offline, the page still reads the member's rows it kept (access as it was), so it asks for
  // the lesson: there is no copy left to read.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: third.title })).toBeVisible();
  await expect(page.getByText('The lesson could not be loaded. Check your connection and try again.')).toBeVisible({ timeout: SLOW });
  await expect(page.getByText(sentenceOf(third.html))).toHaveCount(0);
});

test('a kept lesson reads offline 29 days after the gate last answered it, and not 31 days after (then it is removed)', async ({ page, context, pageErrors }) => {
  pageErrors.allow(OFFLINE_FAILURES);
  await lessonKept(page);
  const body = page.locator('[data-lesson-body]');

  await context.setOffline(true);
  await workerClockOn(context, 29 * DAY);
  await page.reload();
  await expect(body).toContainText(sentenceOf(third.html), { timeout: SLOW });

  await workerClockOn(context, 2 * DAY);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: third.title })).toBeVisible();
  await expect(page.getByText('The lesson could not be loaded. Check your connection and try again.')).toBeVisible({ timeout: SLOW });
  await expect(page.getByText(sentenceOf(third.html))).toHaveCount(0);
  await expect.poll(() => stillKept(page, gatePath), { timeout: SLOW }).toBe(false);
});
