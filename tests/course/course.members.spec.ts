/** The course on the members build: reading, completing and continuing lessons, the way in, and a failed request. */
import { expect, test } from '../support/page-errors';
import { expectNoSeriousA11yViolations } from '../support/e2e';
import { readFileSync } from 'node:fs';
import { rowsOf, signIn, subscription } from '../support/members-commerce';

/**
 * The Master Alchemist Course in the members build: lessons come from the content
 * gate (served function, the local PostgREST endpoint over PGlite for the member's subscription); progress is the
 * member's lesson_progress rows, written and read by the browser through the same endpoint with
 * the member's ID token (row-level security and the table's unique key decide).
 */

type Lesson = { preview: boolean; title: string; html: string; order: number };
/** The compiled gated content (scripts/compile-gated-content.mjs runs before every build). */
const generated = JSON.parse(readFileSync(new URL('../../netlify/functions/_generated/gated-content.json', import.meta.url), 'utf8')) as { course: Record<string, Lesson> };
const lessons = Object.entries(generated.course)
  .map(([slug, l]) => ({ slug, ...l }))
  .sort((a, b) => a.order - b.order);
const [first, , third, fourth] = lessons as [(typeof lessons)[number], unknown, (typeof lessons)[number], (typeof lessons)[number]];
/** The chain: island hydration, Firebase's session check, the gate and the database reads. */
const SLOW = 20_000;

/** A sentence of a lesson's body as the page shows it. */
function sentenceOf(html: string): string {
  const text = (/<p>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, '');
  return text.split(/(?<=[.!?])\s/)[0]!.slice(0, 80);
}

test.describe.configure({ timeout: 120_000 });

test('an Alchemist reads lesson 3, marks it complete, reloads and finds the progress and Continue on lesson 4', async ({ page }) => {
  const member = await signIn(page);
  await subscription(member, { price_id: 'price_alchemist_monthly', subscription_status: 'active' });

  await page.goto(`/course/${third.slug}/`);
  await expect(page.getByRole('heading', { level: 1, name: third.title })).toBeVisible();
  const body = page.locator('[data-lesson-body]');
  await expect(body).toContainText(sentenceOf(third.html), { timeout: SLOW });
  await expect(body.getByRole('heading', { level: 2, name: /^(Practice|Reflection)/ }).first()).toBeVisible();
  await expect(page.locator('[data-way-in]')).toBeHidden();

  const mark = page.getByRole('button', { name: 'Mark as complete' });
  await expect(mark).toBeVisible({ timeout: SLOW });
  await mark.dblclick();
  await expect(page.getByText('You completed this lesson')).toBeVisible();
  // A double click records the lesson once (the table's unique key), as the member's own row.
  await expect.poll(() => rowsOf('lesson_progress', { member_id: member.memberId })).toEqual([expect.objectContaining({ member_id: member.memberId, lesson_slug: third.slug })]);

  await page.reload();
  await expect(page.locator('[data-lesson-body]')).toContainText(sentenceOf(third.html), { timeout: SLOW });
  await expect(page.getByText('You completed this lesson')).toBeVisible({ timeout: SLOW });
  await expect(page.locator('[data-progress-all]')).toHaveText(`1 of ${lessons.length} lessons in all`);
  const next = page.locator('[data-continue]');
  await expect(next).toHaveAttribute('href', `/course/${fourth.slug}/`);
  await expect(next).toContainText(`Continue where you left off: ${fourth.title}`);
  await expectNoSeriousA11yViolations(page);

  // The course home: progress, the tick, and Continue on the next lesson.
  await page.goto('/course/');
  await expect(page.locator('[data-progress-all]')).toHaveText(`1 of ${lessons.length} lessons completed`, { timeout: SLOW });
  await expect(page.locator(`[data-outline-lesson="${third.slug}"]`)).toHaveAttribute('data-complete', '');
  await expect(page.locator('[data-continue]')).toHaveAttribute('href', `/course/${fourth.slug}/`);
  await expectNoSeriousA11yViolations(page);

  // The dashboard's library opens the course; its card shows the progress and the next lesson.
  await page.goto('/dashboard');
  const library = page.getByRole('region', { name: 'Your library' });
  await expect(library.getByRole('link', { name: 'Open: Master Alchemist Course' })).toHaveAttribute('href', '/course/', { timeout: SLOW });
  const card = page.getByRole('region', { name: 'Master Alchemist Course' });
  await expect(card.locator('[data-progress-all]')).toHaveText(`1 of ${lessons.length} lessons completed`, { timeout: SLOW });
  await expect(card.locator('[data-continue]')).toHaveAttribute('href', `/course/${fourth.slug}/`);
});

test('an Explorer who deep-links to lesson 3 sees the way in, not the text', async ({ page }) => {
  await signIn(page);
  // The access model already says no: the player does not ask the gate (which would refuse, 403).
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/content/course/')) asked.push(r.url());
  });
  await page.goto(`/course/${third.slug}/`);
  const locked = page.locator('[data-player="locked"]');
  await expect(locked).toBeVisible({ timeout: SLOW });
  expect(asked).toEqual([]);
  await expect(locked.locator('[data-gate-message]')).toHaveText(
    'This lesson is part of the Master Alchemist Course. Buy the course for lifetime access, or join the Alchemist plan, which includes it.',
  );
  await expect(locked.getByRole('link', { name: 'Buy the course' })).toHaveAttribute('href', '/masteralchemist');
  await expect(page.locator('[data-way-in]')).toBeHidden();
  await expect(page.locator('body')).not.toContainText(sentenceOf(third.html));
  expect(await page.content()).not.toContain(sentenceOf(third.html));
  await expectNoSeriousA11yViolations(page);
});

test('a visitor reads the free lesson without an account, and a paid lesson shows the way back after signing in', async ({ page }) => {
  await page.goto(`/course/${first.slug}/`);
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  await expect(page.locator('[data-lesson-body]')).toContainText(sentenceOf(first.html));
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', new RegExp(`/og/course/${first.slug}\\.jpg$`));
  await expectNoSeriousA11yViolations(page);
  // At 200% zoom (a 1280-pixel window shows 640 CSS pixels) the text reflows: no sideways scroll.
  await page.setViewportSize({ width: 640, height: 720 });
  await expect(page.locator('[data-lesson-body]')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 720 });

  const gateCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/content/')) gateCalls.push(r.url());
  });
  await page.goto(`/course/${third.slug}/`);
  const wayIn = page.locator('[data-way-in]');
  await expect(wayIn.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/login?next=${encodeURIComponent(`/course/${third.slug}/`)}`);
  await expect(wayIn.getByRole('link', { name: 'Buy the course' })).toBeVisible();
  await expect(page.locator('body')).not.toContainText(sentenceOf(third.html));
  expect(gateCalls).toEqual([]);
});

test('a failed lesson request says so and offers Retry, never an empty page', async ({ page }) => {
  const member = await signIn(page);
  await subscription(member, { price_id: 'price_alchemist_monthly', subscription_status: 'active' });
  let calls = 0;
  await page.route('**/api/content/course/**', (route) => (++calls === 1 ? route.abort('connectionreset') : route.continue()));
  await page.goto(`/course/${fourth.slug}/`);
  const failed = page.locator('[data-player="error"]');
  await expect(failed).toContainText('The lesson could not be loaded. Check your connection and try again.', { timeout: SLOW });
  await expect(page.getByRole('heading', { level: 1, name: fourth.title })).toBeVisible();
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('[data-lesson-body]')).toContainText(sentenceOf(fourth.html), { timeout: SLOW });
  expect(calls).toBe(2);
});
