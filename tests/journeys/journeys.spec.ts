/** The journeys in the browser: the list of backpacks, and a journey walked forwards and back. */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, jpegSize, VISITOR_ISLANDS } from '../support/e2e';

/** The ten journeys, in list order, with their titles. */
const JOURNEYS = [
  ['imposter-syndrome', 'The Mask of Imposter Syndrome'],
  ['repeating-patterns', 'The Weight of Repeating Patterns'],
  ['invisible-artist', 'The Invisible Artist'],
  ['procrastination', 'The Burden of Procrastination'],
  ['voice-that-hides', 'The Voice That Hides'],
  ['self-trust', 'The Compass of Self-Trust'],
  ['pressure-cooker', 'The Pressure Cooker'],
  ['forgotten-flame', 'The Forgotten Flame'],
  ['childhood-wounds', 'The Protector of Childhood Wounds'],
  ['people-pleaser', 'The Chains of People-Pleasing'],
] as const;

/** The steps of the imposter-syndrome journey, as its page shows them. */
const IMPOSTER_STEPS = [
  { type: 'challenge', title: 'The Mask You Didn’t Choose' },
  { type: 'explorer', title: 'Where the Mask Tightens' },
  { type: 'adventurer', title: 'Who Made the Mask' },
  { type: 'alchemist', title: 'From Fraud to Learner' },
  { type: 'closing', title: 'The Face Beneath' },
] as const;

const player = (page: Page) => page.locator('article[aria-labelledby="journey-title"]');
const stepHeading = (page: Page) => player(page).getByRole('heading', { level: 2 });
const liveRegion = (page: Page) => player(page).locator('[aria-live="polite"]');
const icon = (page: Page) => player(page).locator('[data-icon]');

async function expectStep(page: Page, index: number) {
  const step = IMPOSTER_STEPS[index]!;
  await expect(player(page).getByText(`Step ${index + 1} of 5`, { exact: true })).toBeVisible();
  await expect(stepHeading(page)).toHaveText(step.title);
  await expect(player(page).locator('header')).toHaveAttribute('data-step-type', step.type);
}

test.describe('journey list', () => {
  test('shows ten backpacks, each card one link to its journey, with no JavaScript', async ({ page }) => {
    await page.goto('/lead-magnet-journey');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('What Emotional Backpack Are You Carrying?');
    const cards = page.locator('a.journey-card');
    await expect(cards).toHaveCount(10);
    for (const [i, [id, title]] of JOURNEYS.entries()) {
      const card = cards.nth(i);
      await expect(card).toHaveAttribute('href', `/lead-magnet-journey/${id}`);
      await expect(card.getByRole('heading', { level: 2 })).toHaveText(title);
    }
    expect(await page.locator(`script[src], ${VISITOR_ISLANDS}`).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('hover and keyboard focus reveal the description and "Begin Journey"; screen readers always get them', async ({ page }) => {
    await page.goto('/lead-magnet-journey');
    const first = page.locator('a.journey-card').first();
    const reveal = (card = first) => card.locator('.journey-card-reveal');
    const description =
      'You got the role, the praise, the seat at the table, and you’re still waiting to be found out. Set down the mask and meet the capable person beneath it.';

    // Part of the link's accessible name even while it is transparent.
    await expect(first).toHaveAccessibleName(/The Mask of Imposter Syndrome.*You got the role.*Begin Journey/s);
    await expect(reveal()).toHaveCSS('opacity', '0');

    await first.hover();
    await expect(reveal()).toHaveCSS('opacity', '1');
    await expect(reveal()).toContainText(description);
    await expect(reveal()).toContainText('Begin Journey');

    // Keyboard: tab to the second card (the pointer rests elsewhere).
    await page.mouse.move(0, 0);
    await expect(reveal()).toHaveCSS('opacity', '0');
    const second = page.locator('a.journey-card').nth(1);
    for (let i = 0; i < 40 && !(await second.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(second).toBeFocused();
    await expect(reveal(second)).toHaveCSS('opacity', '1');
    await expect(reveal(second)).toContainText('Begin Journey');
  });

  test('a card opens its journey', async ({ page }) => {
    await page.goto('/lead-magnet-journey');
    await page.getByRole('link', { name: /The Compass of Self-Trust/ }).click();
    await expect(page).toHaveURL(/\/lead-magnet-journey\/self-trust$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Compass of Self-Trust');
  });
});

test.describe('journey page', () => {
  test('walks forwards and backwards to the sign-up page', async ({ page }) => {
    test.slow(); // ten step changes, each checked with axe
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/lead-magnet-journey/imposter-syndrome');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Mask of Imposter Syndrome');
    await expectStep(page, 0);
    // Arriving moves nothing and announces nothing.
    await expect(stepHeading(page)).not.toBeFocused();
    await expect(liveRegion(page)).toHaveText('');
    await expect(page.getByRole('link', { name: 'Back to Journeys' })).toHaveAttribute('href', '/lead-magnet-journey');
    await expect(icon(page)).toHaveAttribute('data-icon', 'symbolic');
    const symbolicSvg = await icon(page).innerHTML();
    await expect(player(page).getByText('Think of a recent success you quietly explained away.', { exact: false })).toBeVisible();

    // Forwards: +1 a step, focus on the step heading, announced, icon transformed at the alchemist step.
    for (let i = 1; i < 5; i++) {
      await player(page).getByRole('button', { name: 'Continue', exact: true }).click();
      await expectStep(page, i);
      await expect(stepHeading(page)).toBeFocused();
      await expect(liveRegion(page)).toHaveText(`Step ${i + 1} of 5: ${IMPOSTER_STEPS[i]!.title}`);
      await expect(player(page).getByRole('button', { name: 'Previous' })).toBeVisible();
      await expect(icon(page)).toHaveAttribute('data-icon', i >= 3 ? 'transformed' : 'symbolic');
      // Each step type has its own header colours: all of them must keep their text readable.
      await expectNoSeriousA11yViolations(page, { include: 'article[aria-labelledby="journey-title"] header' });
    }
    expect(await icon(page).innerHTML()).not.toBe(symbolicSvg);
    await expect(player(page).getByText('You Have Taken the First Step', { exact: true })).toBeVisible();
    await expect(player(page).getByRole('button', { name: 'Continue', exact: true })).toHaveCount(0);
    await expect(player(page).getByRole('link', { name: 'Continue to Sign Up' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Backwards to the first step: -1 a step; the transformed icon stays for the visit.
    for (let i = 3; i >= 0; i--) {
      await player(page).getByRole('button', { name: 'Previous' }).click();
      await expectStep(page, i);
      await expect(stepHeading(page)).toBeFocused();
      await expect(liveRegion(page)).toHaveText(`Step ${i + 1} of 5: ${IMPOSTER_STEPS[i]!.title}`);
      await expect(icon(page)).toHaveAttribute('data-icon', 'transformed');
    }
    await expect(player(page).getByRole('link', { name: 'Back to Journeys' })).toBeVisible();
    await expect(player(page).getByRole('button', { name: 'Previous' })).toHaveCount(0);

    // And all the way forwards again, out to the sign-up prompt.
    for (let i = 1; i < 5; i++) await player(page).getByRole('button', { name: 'Continue', exact: true }).click();
    await player(page).getByRole('link', { name: 'Continue to Sign Up' }).click();
    await expect(page).toHaveURL(/\/lead-magnet-signup\/?\?journey=imposter-syndrome$/);
    await expect(page.locator('[data-journey="imposter-syndrome"]').first()).toBeVisible();
    await expect(page.getByText('You completed The Mask of Imposter Syndrome.')).toBeVisible();
    // No hydration mismatch, no CSP refusal, no script error on the way.
    expect(errors).toEqual([]);
  });

  test('"Back to Journeys" on the first step leads to the list', async ({ page }) => {
    await page.goto('/lead-magnet-journey/forgotten-flame');
    await player(page).getByRole('link', { name: 'Back to Journeys' }).click();
    await expect(page).toHaveURL(/\/lead-magnet-journey\/?$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('What Emotional Backpack Are You Carrying?');
  });

  test('step changes animate only where motion is welcome', async ({ page }) => {
    const durationAfterContinue = async () => {
      await page.goto('/lead-magnet-journey/self-trust');
      await player(page).getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(stepHeading(page)).toBeFocused();
      return stepHeading(page).evaluate((h) => parseFloat(getComputedStyle(h.parentElement!).transitionDuration));
    };
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await durationAfterContinue()).toBeGreaterThanOrEqual(0.2);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await durationAfterContinue()).toBeLessThan(0.01);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the first step is in the HTML', async ({ page }) => {
      await page.goto('/lead-magnet-journey/voice-that-hides');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Voice That Hides');
      await expect(page.getByText('Step 1 of 5', { exact: true })).toBeVisible();
      await expect(stepHeading(page)).toBeVisible();
      await expect(stepHeading(page)).not.toBeEmpty();
      const paragraphs = player(page).locator('.prose-warm p');
      expect(await paragraphs.count()).toBeGreaterThan(1);
      await expect(paragraphs.first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to Journeys' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeVisible();
      await expect(player(page).locator('header')).toHaveAttribute('data-step-type', 'challenge');
    });
  });
});

test.describe('sharing', () => {
  test('every journey page has its own title, description, canonical URL and share card', async ({ page }) => {
    const descriptions = new Set<string>();
    for (const [id, title] of JOURNEYS) {
      await page.goto(`/lead-magnet-journey/${id}`);
      const meta = (selector: string) => page.locator(selector).getAttribute('content');
      await expect(page).toHaveTitle(`${title} | Inner Alchemy`);
      const description = await meta('meta[name="description"]');
      expect(description?.length).toBeGreaterThan(50);
      descriptions.add(description!);
      expect(await meta('meta[property="og:description"]')).toBe(description);
      expect(await meta('meta[property="og:title"]')).toBe(`${title} | Inner Alchemy`);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(new URL(canonical!).pathname).toBe(`/lead-magnet-journey/${id}/`);
      expect(await meta('meta[property="og:url"]')).toBe(canonical);
      const image = new URL((await meta('meta[property="og:image"]'))!);
      expect(image.protocol).toMatch(/^https?:$/);
      expect(image.pathname).toBe(`/og/journeys/${id}.jpg`);
      expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    }
    expect(descriptions.size).toBe(10);
  });

  test('every share image is a 1200x630 JPEG of at most 100 KB, and so is the site default', async ({ request }) => {
    for (const path of [...JOURNEYS.map(([id]) => `/og/journeys/${id}.jpg`), '/og/default.jpg']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toBe('image/jpeg');
      const body = await response.body();
      expect(body.length, path).toBeLessThanOrEqual(100_000);
      expect(jpegSize(body), path).toEqual({ width: 1200, height: 630 });
    }
  });

  async function toClosingStep(page: Page) {
    await page.goto('/lead-magnet-journey/people-pleaser');
    // A step at a time, as a reader goes: taps made before the player is live count as one
    // (TapKeeper: a double tap is one tap), so four quick taps on a fresh page are not four steps.
    for (let i = 1; i < 5; i++) {
      await player(page).getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(player(page).getByText(`Step ${i + 1} of 5`, { exact: true })).toBeVisible();
    }
    await expect(player(page).getByText('You Have Taken the First Step', { exact: true })).toBeVisible();
  }

  test('without the Web Share API, "Share this journey" copies the link and says so', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
    });
    await toClosingStep(page);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    await player(page).getByRole('button', { name: 'Share this journey' }).click();
    await expect(player(page).getByRole('status')).toHaveText('Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(canonical);
  });

  test('with the Web Share API, "Share this journey" opens the share sheet with the link', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: async (data: ShareData) => {
          (window as unknown as { shared: ShareData }).shared = data;
        },
      });
    });
    await toClosingStep(page);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    await player(page).getByRole('button', { name: 'Share this journey' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared))
      .toMatchObject({ title: 'The Chains of People-Pleasing', url: canonical });
    await expect(player(page).getByRole('status')).toHaveText('');
  });
});

test.describe('unknown journey ids', () => {
  test('end on the list, through the host redirect', async ({ page }) => {
    const response = await page.goto('/lead-magnet-journey/anything-else');
    await expect(page).toHaveURL(/\/lead-magnet-journey\/?$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('What Emotional Backpack Are You Carrying?');
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/lead-magnet-journey\/anything-else$/);
  });

  test('end on the list through the 404 page too, on a host without the redirect', async ({ page }) => {
    const notFound = await page.request.get('/no-such-page-at-all');
    expect(notFound.status()).toBe(404);
    const body = await notFound.text();
    await page.route('**/lead-magnet-journey/no-such-backpack', (route) =>
      route.fulfill({ status: 404, contentType: 'text/html; charset=utf-8', body }),
    );
    await page.goto('/lead-magnet-journey/no-such-backpack');
    await expect(page).toHaveURL(/\/lead-magnet-journey\/?$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('What Emotional Backpack Are You Carrying?');
  });
});

test.describe('sign-up prompt', () => {
  test('shows the transformed icon and title of the completed journey', async ({ page }) => {
    for (const [id, title] of JOURNEYS) {
      await page.goto(`/lead-magnet-signup?journey=${id}`);
      const shown = page.locator('[data-journey]:visible');
      await expect(shown).toHaveCount(2);
      for (const el of await shown.all()) await expect(el).toHaveAttribute('data-journey', id);
      await expect(page.getByText(`You completed ${title}.`)).toBeVisible();
      await expect(page.locator('[data-journey-neutral]')).toBeHidden();
    }
    await expectNoSeriousA11yViolations(page);
  });

  test('shows a neutral icon when the journey is missing or unknown', async ({ page }) => {
    for (const query of ['', '?journey=', '?journey=no-such-backpack', '?journey=%22%5D']) {
      await page.goto(`/lead-magnet-signup${query}`);
      await expect(page.locator('[data-journey-neutral]')).toBeVisible();
      await expect(page.locator('[data-journey]:visible')).toHaveCount(0);
      await expect(page.getByText('You completed').filter({ visible: true })).toHaveCount(0);
    }
  });

  test('introduces the community, with Coming Soon, an inert Sign in and a way back', async ({ page }) => {
    await page.goto('/lead-magnet-signup?journey=self-trust');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Guided meditations for 9 emotional weights' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'The Inner Alchemy Lounge' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Community support' })).toBeVisible();

    await expect(page.getByRole('button', { name: 'Coming Soon' })).toBeDisabled();

    const signIn = page.getByRole('main').getByRole('button', { name: 'Sign in' });
    await expect(signIn).toBeDisabled();
    await expect(signIn).toHaveAccessibleDescription('Sign in is temporarily unavailable while we upgrade our systems.');
    const before = page.url();
    await signIn.click({ force: true });
    expect(page.url()).toBe(before);

    expect(await page.locator(`script[src], ${VISITOR_ISLANDS}`).count()).toBe(0);

    await page.getByRole('link', { name: 'Explore Another Backpack' }).click();
    await expect(page).toHaveURL(/\/lead-magnet-journey\/?$/);
  });
});
