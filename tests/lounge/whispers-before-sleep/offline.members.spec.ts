/**
 * Whispers Before Sleep offline, in the members build: an owner who opened a story once online
 * goes offline, reloads, and the story is there to read (its text from the worker's member
 * cache), with "Read aloud" offered; reading on keeps the place on the device, without an error,
 * and back online the place is stored, one row for the story. Nothing is intercepted: the
 * service worker answers from its caches, Playwright's offline mode cuts the network, and the
 * rows are Postgres's (read back as the service role).
 */
import { expect, test } from '../../support/page-errors';
import { owns, rowsOf, signIn } from '../../support/members-commerce';
import { answerKept, controlled, OFFLINE_FAILURES, WITH_WORKER } from '../../support/offline';
import { gatedItems } from '../../support/gated-content';

const SLOW = 20_000;
test.use(WITH_WORKER);
test.describe.configure({ timeout: 150_000 });

const story = gatedItems('whispers-before-sleep')[0]!;

test('a story opened once online is read offline, its place kept on the device and stored once back online', async ({ page, context, pageErrors }) => {
  pageErrors.allow(OFFLINE_FAILURES);
  const member = await signIn(page);
  await owns(member, 'price_app_whispers_before_sleep');
  await page.goto('/lounge/whispers-before-sleep/');
  await controlled(page);
  await page.reload();
  // Opened once online, with the worker in charge: the story's text is on the device.
  await page.getByRole('button', { name: `Open: ${story.title}` }).click({ timeout: SLOW });
  const text = page.locator('[data-story-text]');
  await expect(text.locator('p').first()).toBeVisible({ timeout: SLOW });
  await answerKept(page, `/api/content/whispers-before-sleep/${encodeURIComponent(story.slug)}`);

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('button', { name: `Open: ${story.title}` }).click({ timeout: SLOW });
  await expect(text.locator('p').first()).toBeVisible({ timeout: SLOW });
  expect(await text.locator('p').count()).toBeGreaterThan(6);
  await expect(page.getByRole('button', { name: /^Read aloud/ })).toBeVisible();

  // Reading on, offline: the place is kept on the device, and nothing says it failed.
  await text.locator('p').nth(4).evaluate((p) => p.scrollIntoView({ block: 'start' }));
  const marked = page.locator('[data-story-text] p[aria-current="location"]');
  await expect(marked).toHaveAttribute('data-paragraph', /^[3-9]$|^\d\d$/, { timeout: SLOW });
  await page.waitForTimeout(2_500);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await rowsOf('story_places', { user_id: member.memberId, story: story.slug })).toEqual([]);

  // Back online: the place is stored, one row for the story.
  await context.setOffline(false);
  await expect.poll(() => rowsOf<{ sentence: number }>('story_places', { user_id: member.memberId, story: story.slug }), { timeout: SLOW }).toEqual([
    expect.objectContaining({ sentence: expect.any(Number) }),
  ]);
  const [place] = await rowsOf<{ sentence: number }>('story_places', { user_id: member.memberId, story: story.slug });
  expect(place!.sentence).toBeGreaterThan(0);
});
