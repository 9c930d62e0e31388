/**
 * Whispers Before Sleep in the members build: an owner reads a story part way and finds the
 * place after a reload (one place a story: story_places' key). A member without it:
 * ../shared/home.members.spec.ts.
 *
 * Nothing is intercepted: access is the member's purchase, written as the service role to the
 * local PostgREST endpoint over PGlite running our migrations (the content gate reads it there;
 * so does the browser), and the app writes and reads its own tables on that endpoint with the
 * member's Firebase emulator ID token, so grants, row-level security, constraints, triggers and
 * keys are Postgres's answer. What the app stored is read back as the service role.
 */
import { expect, test } from '../../support/page-errors';
import { expectNoSeriousA11yViolations } from '../../support/e2e';
import { owns, rowsOf, signIn } from '../../support/members-commerce';
import { gatedItems } from '../../support/gated-content';

const SLOW = 20_000;

test.describe.configure({ timeout: 150_000 });

const stories = gatedItems('whispers-before-sleep');

test('Whispers Before Sleep: an owner reads a story part way and finds the place after a reload', async ({ page }) => {
  const member = await signIn(page);
  await owns(member, 'price_app_whispers_before_sleep');
  const story = stories[1]!;

  await page.goto('/lounge/whispers-before-sleep/');
  await page.getByRole('button', { name: `Open: ${story.title}` }).click({ timeout: SLOW });
  const text = page.locator('[data-story-text]');
  await expect(text.locator('p').first()).toBeVisible({ timeout: SLOW });
  const paragraphs = await text.locator('p').count();
  expect(paragraphs).toBeGreaterThan(6);
  await expect(page.locator('[data-night-view]')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Reading on: the paragraph in the upper third of the screen is the place, kept a moment later.
  const places = () => rowsOf<{ sentence: number }>('story_places', { user_id: member.memberId, story: story.slug });
  const place = async () => (await places())[0]?.sentence ?? 0;
  await text.locator('p').nth(2).evaluate((p) => p.scrollIntoView({ block: 'start' }));
  await expect.poll(place, { timeout: SLOW }).toBeGreaterThan(0);
  const earlier = await place();
  // Reading further moves that place: one place a story (story_places' key), not a second row.
  await text.locator('p').nth(5).evaluate((p) => p.scrollIntoView({ block: 'start' }));
  await expect.poll(place, { timeout: SLOW }).toBeGreaterThan(earlier);
  expect(await places()).toHaveLength(1);
  const marked = page.locator('[data-story-text] p[aria-current="location"]');
  const paragraph = await marked.getAttribute('data-paragraph');
  expect(Number(paragraph)).toBeGreaterThanOrEqual(4);

  await page.reload();
  await page.getByRole('button', { name: `Continue: ${story.title}` }).click({ timeout: SLOW });
  await expect(marked).toHaveAttribute('data-paragraph', paragraph!, { timeout: SLOW });
  await expect(page.getByRole('button', { name: 'Read aloud from my place' })).toBeVisible();
});
