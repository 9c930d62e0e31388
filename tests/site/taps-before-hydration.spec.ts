/**
 * No tap is lost before an island hydrates. Each test holds back the island's code (so it
 * cannot hydrate), taps one of its server-rendered buttons, checks that nothing happened yet
 * and the tap shows it is waiting, releases the code, and checks the tap took effect.
 */
import { expect, test } from '@playwright/test';
import { holdIsland, islandOf, islandsPressableBeforeHydration } from '../support/e2e';

test.describe('a tap before hydration is kept and replayed', () => {
  test('the story: "Continue Reading" tapped before its element is defined turns to chapter 2', async ({ page }) => {
    // Hold the definition of <story-chapters> (its script runs, the define waits) until released.
    await page.addInitScript(() => {
      const define = customElements.define.bind(customElements);
      customElements.define = (name, constructor, options) => {
        if (name !== 'story-chapters') return define(name, constructor, options);
        (window as unknown as { releaseStory: () => void }).releaseStory = () => define(name, constructor, options);
      };
    });
    await page.goto('/about-us');
    const story = page.locator('#my-story');
    await story.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => 'releaseStory' in window);
    const element = story.locator('story-chapters');
    const next = story.getByRole('button', { name: 'Continue Reading' });
    await expect(next).toBeEnabled();
    await next.click();
    expect(await page.evaluate(() => customElements.get('story-chapters'))).toBeUndefined();
    // Waiting, and shown to be: chapter 1 still, the element busy.
    await expect(element).toHaveAttribute('aria-busy', 'true');
    await expect(story.getByRole('heading', { level: 3, name: 'The Breaking Point' })).toBeVisible();
    await page.evaluate(() => (window as unknown as { releaseStory: () => void }).releaseStory());
    await expect(story.getByText('Chapter 2 of 13', { exact: true })).toBeVisible();
    await expect(story.locator('article:not([hidden])')).toHaveCount(1);
    await expect(story.locator('#story-chapter-2')).toBeVisible();
    await expect(element).not.toHaveAttribute('aria-busy');
    await expect(story.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  test('a journey: Continue tapped before the player is live moves to step 2, and a second tap while waiting counts as the same', async ({ page }) => {
    const release = await holdIsland(page, 'JourneyPlayer');
    await page.goto('/lead-magnet-journey/self-trust');
    const player = page.locator('article[aria-labelledby="journey-title"]');
    const island = islandOf(page, 'JourneyPlayer');
    const next = player.getByRole('button', { name: 'Continue', exact: true });
    await expect(next).toBeEnabled();
    await next.click();
    await next.click();
    await expect(island).toHaveAttribute('ssr');
    await expect(player.getByText('Step 1 of 5', { exact: true })).toBeVisible();
    release();
    await expect(player.getByText('Step 2 of 5', { exact: true })).toBeVisible();
    // Still step 2 once everything has settled: the waiting taps made one move.
    await expect(island).not.toHaveAttribute('ssr');
    await page.waitForTimeout(300);
    await expect(player.getByText('Step 2 of 5', { exact: true })).toBeVisible();
  });

  test('a journey, by keyboard: Enter on Continue before the player is live is kept too', async ({ page }) => {
    const release = await holdIsland(page, 'JourneyPlayer');
    await page.goto('/lead-magnet-journey/procrastination');
    const player = page.locator('article[aria-labelledby="journey-title"]');
    const next = player.getByRole('button', { name: 'Continue', exact: true });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(islandOf(page, 'JourneyPlayer')).toHaveAttribute('ssr');
    release();
    await expect(player.getByText('Step 2 of 5', { exact: true })).toBeVisible();
  });

  test('links inside an island still work at once, hydrated or not', async ({ page }) => {
    await holdIsland(page, 'JourneyPlayer');
    await page.goto('/lead-magnet-journey/self-trust');
    await expect(islandOf(page, 'JourneyPlayer')).toHaveAttribute('ssr');
    await page.locator('article[aria-labelledby="journey-title"]').getByRole('link', { name: 'Back to Journeys' }).click();
    await expect(page).toHaveURL(/\/lead-magnet-journey\/?$/);
  });
});

/**
 * Every island of this build whose server HTML has a button a visitor can press is covered
 * above. Read from the HTML as the server sends it. Left out: the member islands
 * (`client:signedin`, which never hydrate for a visitor) and islands whose buttons are
 * disabled on the server (the flag's "Coming Soon", DebugChecks' "Running Checks…"). The story
 * is a custom element now, not an island; its test is the first above.
 */
test('every island with a button a visitor can press before hydration is covered', async ({ request }) => {
  const covered = ['JourneyPlayer'];
  const found = await islandsPressableBeforeHydration({ request });
  expect([...found.keys()].sort()).toEqual(covered);
});
