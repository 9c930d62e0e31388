/** The marketing pages in the browser: the about page's story (with and without JavaScript), the programme, podcast, pricing, app, success and 404 pages. */
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, VISITOR_ISLANDS } from '../support/e2e';

const CHAPTER_TITLES = [
  'The Breaking Point',
  'The Mask I Wore',
  'The Silence',
  'The First Crack of Light',
  'The Teacher Who Saw Me',
  'Learning the Language of Feelings',
  'The Backpack',
  'Falling Again',
  'The Alchemy',
  'Becoming a Guide',
  'Inner Alchemy Is Born',
  'The Community',
  'The Legacy',
];

const APPS = [
  { slug: 'whispers-before-sleep', name: 'Whispers Before Sleep' },
  { slug: 'the-bloom-book', name: 'The Bloom Book' },
  { slug: 'stillpoint', name: 'Stillpoint' },
  { slug: 'rise-mode', name: 'Rise Mode' },
  { slug: 'mindstage', name: 'Mindstage' },
  { slug: 'the-reset-room', name: 'The Reset Room' },
];

/** The parsed JSON-LD blocks of the page. */
async function structuredData(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b) as Record<string, unknown>);
}

/** Clicks the hero link and checks the page scrolled until the target sits under the fixed header. */
async function expectAnchorScroll(page: Page, linkName: string, id: string) {
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.getByRole('link', { name: linkName }).click();
  await expect(page).toHaveURL(new RegExp(`#${id}$`));
  await expect
    .poll(() =>
      page.evaluate((target) => {
        const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
        return Math.round(document.getElementById(target)!.getBoundingClientRect().top - padding);
      }, id),
    )
    .toBeLessThanOrEqual(2);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await expect(page.locator(`#${id}`)).toBeInViewport();
}

/** Scrolls the story into view and waits until its <story-chapters> element is defined. */
async function openStory(page: Page) {
  await page.goto('/about-us');
  const story = page.locator('#my-story');
  await story.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => customElements.get('story-chapters') !== undefined);
  return story;
}

test.describe('about page', () => {
  test('the story starts at chapter 1 with Previous disabled', async ({ page }) => {
    const story = await openStory(page);
    await expect(story.getByText('Chapter 1 of 13', { exact: true })).toBeVisible();
    await expect(story.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(story.getByRole('button', { name: 'Continue Reading' })).toBeEnabled();
    await expect(story.getByRole('heading', { level: 3, name: 'The Breaking Point' })).toBeVisible();
    // All chapters are in the DOM; only the current one is shown.
    await expect(story.locator('article')).toHaveCount(13);
    await expect(story.locator('article[hidden]')).toHaveCount(12);
    await expect(story.getByRole('heading', { name: 'The Mask I Wore' })).toBeHidden();
  });

  test('Continue Reading and Previous move one chapter at a time', async ({ page }) => {
    const story = await openStory(page);
    await story.getByRole('button', { name: 'Continue Reading' }).click();
    await expect(story.getByText('Chapter 2 of 13', { exact: true })).toBeVisible();
    await expect(story.getByRole('heading', { level: 3, name: 'The Mask I Wore' })).toBeVisible();
    await expect(story.getByRole('heading', { level: 3, name: 'The Breaking Point' })).toBeHidden();
    await expect(story.getByRole('button', { name: 'Previous' })).toBeEnabled();
    await story.getByRole('button', { name: 'Previous' }).click();
    await expect(story.getByText('Chapter 1 of 13', { exact: true })).toBeVisible();
    await expect(story.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  test('reading to the end disables Continue Reading and offers to join', async ({ page }) => {
    const story = await openStory(page);
    const next = story.getByRole('button', { name: 'Continue Reading' });
    for (let n = 2; n <= 13; n++) {
      await next.click();
      await expect(story.getByText(`Chapter ${n} of 13`, { exact: true })).toBeVisible();
    }
    await expect(next).toBeDisabled();
    await expect(story.getByRole('heading', { level: 3, name: 'The Legacy' })).toBeVisible();
    const join = story.getByRole('link', { name: 'Join the Community' });
    await expect(join).toBeVisible();
    await expect(join).toHaveAttribute('href', '/signup');
    // The button that just went disabled handed focus to Previous.
    await expect(story.getByRole('button', { name: 'Previous' })).toBeFocused();
  });

  test('each dot is named for its chapter and jumps to it', async ({ page }) => {
    const story = await openStory(page);
    for (const [i, title] of CHAPTER_TITLES.entries()) {
      await expect(story.getByRole('button', { name: `Chapter ${i + 1}: ${title}`, exact: true })).toHaveCount(1);
    }
    const first = story.getByRole('button', { name: 'Chapter 1: The Breaking Point' });
    await expect(first).toHaveAttribute('aria-current', 'step');

    await story.getByRole('button', { name: 'Chapter 7: The Backpack' }).click();
    await expect(story.getByText('Chapter 7 of 13', { exact: true })).toBeVisible();
    await expect(story.getByRole('heading', { level: 3, name: 'The Backpack' })).toBeVisible();
    await expect(story.getByRole('button', { name: 'Chapter 7: The Backpack' })).toHaveAttribute('aria-current', 'step');
    await expect(first).not.toHaveAttribute('aria-current', /.*/);
    await expect(story.locator('[aria-current]')).toHaveCount(1);

    await story.getByRole('button', { name: 'Chapter 13: The Legacy' }).click();
    await expect(story.getByText('Chapter 13 of 13', { exact: true })).toBeVisible();
    await expect(story.getByRole('button', { name: 'Continue Reading' })).toBeDisabled();
    await expect(story.getByRole('link', { name: 'Join the Community' })).toBeVisible();

    await story.getByRole('button', { name: 'Chapter 1: The Breaking Point' }).click();
    await expect(story.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(story.getByRole('link', { name: 'Join the Community' })).toBeHidden();
  });

  test('the page loads under 10 KiB of JavaScript (gzip) in all, after reading the story through', async ({ page }) => {
    const bodies: Promise<Buffer>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') bodies.push(res.body().catch(() => Buffer.alloc(0)));
    });
    const story = await openStory(page);
    const next = story.getByRole('button', { name: 'Continue Reading' });
    for (let n = 2; n <= 13; n++) await next.click();
    await expect(story.getByText('Chapter 13 of 13', { exact: true })).toBeVisible();
    await page.locator('footer').scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    const inline = await page.locator('script:not([src]):not([type="application/ld+json"])').allTextContents();
    const files = await Promise.all(bodies);
    const total = [...inline.map((code) => Buffer.from(code)), ...files].reduce((sum, code) => sum + gzipSync(code, { level: 9 }).length, 0);
    expect(await page.locator(VISITOR_ISLANDS).count()).toBe(0);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(10 * 1024);
  });

  test('every chapter is in the pre-rendered HTML', async ({ page }) => {
    const html = await (await page.request.get('/about-us')).text();
    for (const title of CHAPTER_TITLES) expect(html).toContain(title);
    // A sentence from the first and from the last chapter, as page text (not in an inert template).
    expect(html).toContain('It happened on an ordinary Tuesday, in a supermarket aisle.');
    expect(html).toContain('When I think about what I want to leave behind, it isn’t a company.');
    expect(html).not.toMatch(/<template data-astro-template/);
  });

  test('core values reveal their descriptions on hover and on keyboard focus', async ({ page }) => {
    await page.goto('/about-us');
    const names = ['Empathy', 'Love', 'Authenticity', 'Belonging', 'Emotional Depth', 'Gentle Power'];
    for (const name of names) await expect(page.getByRole('heading', { level: 3, name, exact: true })).toHaveCount(1);

    const empathy = page.getByRole('group', { name: 'Empathy' });
    const description = empathy.getByText('We listen for the feeling underneath the words');
    await expect(description).toHaveCSS('opacity', '0');
    await empathy.hover();
    await expect(description).toHaveCSS('opacity', '1');

    await page.mouse.move(0, 0);
    const love = page.getByRole('group', { name: 'Love' });
    const loveDescription = love.getByText('Every practice begins from warmth');
    await expect(loveDescription).toHaveCSS('opacity', '0');
    await love.focus();
    await expect(loveDescription).toHaveCSS('opacity', '1');
  });

  test('has vision, mission, a join link and the transformation journey, and no serious axe violations', async ({ page }) => {
    await page.goto('/about-us');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Our Vision' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our Mission' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Join the Community' }).first()).toHaveAttribute('href', '/signup');
    await expect(page.getByRole('heading', { name: 'From pain to power, step by step' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await openStory(page);
    await expectNoSeriousA11yViolations(page, { include: '#my-story' });
  });
});

test.describe('about page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows every chapter and hides the controls that would not work', async ({ page }) => {
    await page.goto('/about-us');
    const story = page.locator('#my-story');
    for (const title of CHAPTER_TITLES) {
      await expect(story.getByRole('heading', { level: 3, name: title, exact: true })).toBeVisible();
    }
    await expect(story.getByRole('button', { name: 'Continue Reading' })).toBeHidden();
    await expect(story.getByText('Chapter 1 of 13', { exact: true })).toBeHidden();
  });
});

test.describe('pricing page', () => {
  test('the hero button scrolls to the membership tiers', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page.locator('#membership-tiers')).not.toBeInViewport();
    await expectAnchorScroll(page, 'Compare Membership Tiers', 'membership-tiers');
  });

  test('the FAQ keeps one question open at a time', async ({ page }) => {
    await page.goto('/pricing');
    const items = page.locator('details[name="faq"]');
    await expect(items).toHaveCount(4);
    await expect(page.locator('details[open]')).toHaveCount(0);

    await items.nth(0).locator('summary').click();
    await expect(items.nth(0)).toHaveAttribute('open', '');
    await expect(items.nth(0).getByText('whenever you like')).toBeVisible();

    await items.nth(2).locator('summary').click();
    await expect(items.nth(2)).toHaveAttribute('open', '');
    await expect(items.nth(0)).not.toHaveAttribute('open');
    await expect(page.locator('details[open]')).toHaveCount(1);

    await items.nth(2).locator('summary').click();
    await expect(page.locator('details[open]')).toHaveCount(0);
  });

  test('publishes the questions as FAQPage structured data', async ({ page }) => {
    await page.goto('/pricing');
    const questions = (await page.locator('details[name="faq"] summary').allTextContents()).map((q) => q.trim());
    const faq = (await structuredData(page)).find((d) => d['@type'] === 'FAQPage');
    expect(faq).toBeTruthy();
    const entities = faq!.mainEntity as { name: string; acceptedAnswer: { text: string } }[];
    expect(entities.map((e) => e.name)).toEqual(questions);
    for (const e of entities) expect(e.acceptedAnswer.text.length).toBeGreaterThan(40);
  });

  test('closes with the tier cards, every button a disabled Coming Soon', async ({ page }) => {
    await page.goto('/pricing');
    const tiers = page.locator('#membership-tiers');
    for (const name of ['Explorer', 'Adventurer', 'Alchemist']) {
      await expect(tiers.getByRole('heading', { level: 3, name, exact: true })).toBeVisible();
    }
    const buttons = tiers.getByRole('button', { name: 'Coming Soon' });
    await expect(buttons).toHaveCount(3);
    for (const b of await buttons.all()) await expect(b).toBeDisabled();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await page.locator('details[name="faq"] summary').first().click();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('Master Alchemist page', () => {
  test('the hero button scrolls to the programmes', async ({ page }) => {
    await page.goto('/masteralchemist');
    await expect(page.locator('#choose-experience')).not.toBeInViewport();
    await expectAnchorScroll(page, 'Choose Your Experience', 'choose-experience');
  });

  test('shows the familiar signs, the three pillars and the guarantee', async ({ page }) => {
    await page.goto('/masteralchemist');
    await expect(page.getByRole('heading', { level: 2, name: 'Does This Feel Familiar?' })).toBeVisible();
    await expect(page.getByText('From numbness to awareness', { exact: true })).toBeVisible();
    await expect(page.getByText('From shame to wholeness', { exact: true })).toBeVisible();
    await expect(page.getByText('From pain to power', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Investment Protection' })).toBeVisible();
    await expect(page.getByText(/keep working with you.*until you do/)).toBeVisible();
  });

  test('lists three programmes with prices, Most Popular on the Adventurer, and no enrolment yet', async ({ page }) => {
    await page.goto('/masteralchemist');
    const cards = page.locator('#choose-experience > div > ul > li');
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0)).toContainText('$999');
    await expect(cards.nth(1)).toContainText('$3,999');
    await expect(cards.nth(1)).toContainText('9 weeks');
    await expect(cards.nth(2)).toContainText('$6,999');
    await expect(cards.nth(2)).toContainText('9 weeks');
    for (const card of await cards.all()) {
      await expect(card).toContainText('USD plus VAT');
      await expect(card.getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
    }
    await expect(page.getByText('Most Popular')).toHaveCount(1);
    await expect(cards.nth(1).getByText('Most Popular')).toBeVisible();
    await expect(cards.nth(1)).toContainText('Adventurer');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('podcast page', () => {
  test('the hero button scrolls to the player', async ({ page }) => {
    await page.goto('/podcast');
    await expectAnchorScroll(page, 'Listen Now', 'podcast-player');
  });

  test('without a player configured it links to the show and loads nothing third-party', async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).origin !== origin && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    await page.goto('/podcast');
    const player = page.locator('#podcast-player');
    const show = player.getByRole('link', { name: /Listen to the Show/ });
    await expect(show).toHaveAttribute('href', /^https:\/\//);
    await expect(show).toHaveAttribute('target', '_blank');
    await expect(show).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(page.locator('[data-podcast-embed]')).toHaveCount(0);
    await player.scrollIntoViewIfNeeded();
    expect(foreign).toEqual([]);
    const csp = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
  });

  test('has What to Expect, the host, two subscribe links in new tabs and the schedule', async ({ page }) => {
    await page.goto('/podcast');
    await expect(page.getByRole('heading', { level: 2, name: 'What to Expect' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Meet the founder of Inner Alchemy' })).toBeVisible();
    await expect(page.getByText(/new episodes every other week/i).first()).toBeVisible();
    const subscribe = page.getByRole('link', { name: /^Subscribe on/ });
    await expect(subscribe).toHaveCount(2);
    await expect(subscribe.nth(0)).toHaveAccessibleName(/Spotify/);
    await expect(subscribe.nth(1)).toHaveAccessibleName(/Apple Podcasts/);
    for (const link of await subscribe.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link).toHaveAttribute('href', /^https:\/\//);
    }
  });

  test('publishes PodcastSeries structured data and has no serious axe violations', async ({ page }) => {
    await page.goto('/podcast');
    const series = (await structuredData(page)).find((d) => d['@type'] === 'PodcastSeries');
    expect(series).toMatchObject({ name: 'The Inner Alchemy Podcast', url: expect.stringMatching(/\/podcast\/$/) });
    expect(series?.sameAs).toHaveLength(2);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('app pages', () => {
  for (const app of APPS) {
    test(`/app/${app.slug} shows the offer with the buy button disabled`, async ({ page }) => {
      await page.goto(`/app/${app.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: app.name })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Sound familiar?' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Now imagine this' })).toBeVisible();
      // A real preview anyone can try (its own tests: tests/lounge/<app>/preview.spec.ts), never "Coming Soon".
      await expect(page.locator(`[data-preview="${app.slug}"]`)).toBeVisible();
      await expect(page.getByText('Preview Coming Soon')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: `What ${app.name} gives you` }).locator('xpath=..').getByRole('listitem')).toHaveCount(5);
      await expect(page.getByText('SSL Secure Payment')).toBeVisible();
      await expect(page.getByText('14-Day Guarantee')).toBeVisible();
      await expect(page.getByText('$29 USD', { exact: true })).toBeVisible();
      await expect(page.getByText(/One-time payment · Lifetime access/)).toBeVisible();

      const buy = page.getByRole('button', { name: 'Buy Now' });
      await expect(buy).toBeDisabled();
      await expect(buy).toHaveAccessibleDescription('Purchases are temporarily unavailable while we upgrade our systems.');
      await expect(page.getByText('Purchases are temporarily unavailable while we upgrade our systems.')).toBeVisible();

      await expect(page.getByText('Verified Purchase')).toHaveCount(2);
      await expect(page.getByRole('img', { name: '5 out of 5 stars' })).toHaveCount(2);

      const product = (await structuredData(page)).find((d) => d['@type'] === 'Product');
      expect(product).toMatchObject({ name: app.name, offers: { '@type': 'Offer', price: '29.00', priceCurrency: 'USD' } });

      // No visitor island: one module script, the preview's own (a custom element or a few lines),
      // held to the page's budget by scripts/budgets.mjs.
      await expect(page.locator(VISITOR_ISLANDS)).toHaveCount(0);
      await expect(page.locator('script[type="module"], script[src]')).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe('success page', () => {
  test('shows Processing for 1.5 seconds, then the welcome', async ({ page }) => {
    // Time stands still until the test moves it.
    await page.clock.install({ time: 0 });
    await page.clock.pauseAt(1000);
    await page.goto('/success?session_id=cs_test_a1B2c3');
    const processing = page.getByRole('heading', { level: 1, name: 'Processing your purchase...' });
    const welcome = page.getByRole('heading', { level: 1, name: 'Welcome to Your Journey!' });
    await expect(processing).toBeVisible();
    await expect(welcome).toBeHidden();
    await expect(page.getByRole('link', { name: 'Return Home' })).toBeHidden();

    await page.clock.runFor(1400);
    await expect(processing).toBeVisible();
    await expect(welcome).toBeHidden();

    await page.clock.runFor(150);
    await expect(welcome).toBeVisible();
    await expect(processing).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });

  test('after the wait: order reference, next steps, links and support', async ({ page }) => {
    await page.goto('/success?session_id=cs_test_a1B2c3');
    await expect(page.getByRole('heading', { name: 'Welcome to Your Journey!' })).toBeVisible({ timeout: 5000 });
    await expect(page.locator('[data-order-ref]')).toHaveText('cs_test_a1B2c3');
    await expect(page.getByText('Order reference:')).toBeVisible();
    const steps = page.getByRole('heading', { name: 'What happens next' }).locator('xpath=following-sibling::ol[1]/li');
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toContainText('confirmation email');
    await expect(steps.nth(1)).toContainText('account');
    await expect(steps.nth(2)).toContainText('Access your content');
    await expect(page.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'Explore More' })).toHaveAttribute('href', '/pricing');
    await expect(page.locator('main').getByRole('link', { name: 'support@inneralchemy.coach' })).toHaveAttribute('href', 'mailto:support@inneralchemy.coach');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expectNoSeriousA11yViolations(page);
  });

  test('shows session_id as text, never as HTML', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const payload = '<img src=x onerror=alert(1)>';
    await page.goto(`/success?session_id=${encodeURIComponent(payload)}`);
    await expect(page.locator('[data-order-ref]')).toHaveText(payload);
    await expect(page.getByRole('heading', { name: 'Welcome to Your Journey!' })).toBeVisible({ timeout: 5000 });
    await expect(page.locator('main img')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test('without session_id there is no order reference line', async ({ page }) => {
    await page.goto('/success');
    await expect(page.getByRole('heading', { name: 'Welcome to Your Journey!' })).toBeVisible({ timeout: 5000 });
    await expect(page.getByText('Order reference:')).toBeHidden();
  });

  test('the spinner spins, except with reduced motion', async ({ page }) => {
    await page.goto('/success');
    await expect(page.locator('[data-spinner]')).toHaveCSS('animation-name', 'spin');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/success');
    await expect(page.locator('[data-spinner]')).toHaveCSS('animation-name', 'none');
  });
});

test.describe('404 page', () => {
  test('answers with status 404 and offers a way home and to the journeys', async ({ page }) => {
    const response = await page.goto('/this-page-does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'Explore the Journeys' })).toHaveAttribute('href', '/lead-magnet-journey');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expectNoSeriousA11yViolations(page);
  });
});
