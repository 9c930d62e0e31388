/** The shell in the browser: the navigation bar on desktop and mobile, the home page, and what every page has. */
import { expect, test } from '@playwright/test';
import { HOME_URL } from '../support/e2e';

test.describe('navigation bar (desktop)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('has Home, About Us, Pricing, Explore and Sign In, with the current page marked', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'About Us' })).not.toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await page.goto('/pricing');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');
  });

  test('Explore opens on hover with its four items', async ({ page }) => {
    await page.goto('/');
    const explore = page.getByRole('button', { name: 'Explore' });
    const menu = page.locator('#explore-menu');
    await expect(menu).toBeHidden();
    await explore.hover();
    await expect(menu).toBeVisible();
    await expect(explore).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link')).toHaveText(['Master Alchemist', 'Podcast', 'Products', 'The Future']);
    await page.mouse.move(5, 600);
    await expect(menu).toBeHidden();
    await expect(explore).toHaveAttribute('aria-expanded', 'false');
  });

  test('Explore opens on keyboard focus, its links are reachable with Tab, and Escape closes it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Pricing' }).first().focus();
    await page.keyboard.press('Tab');
    const explore = page.getByRole('button', { name: 'Explore' });
    await expect(explore).toBeFocused();
    await expect(page.locator('#explore-menu')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Master Alchemist' }).first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(explore).toBeFocused();
    await expect(page.locator('#explore-menu')).toBeHidden();
    await expect(explore).toHaveAttribute('aria-expanded', 'false');
  });

  test('the Explore item of the current page is marked', async ({ page }) => {
    await page.goto('/podcast');
    await page.getByRole('button', { name: 'Explore' }).hover();
    await expect(page.locator('#explore-menu').getByRole('link', { name: 'Podcast' })).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('navigation bar (mobile)', () => {
  test.use({ viewport: { width: 375, height: 760 } });

  test('a "Menu" button opens the same items and Sign In', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Explore' })).toBeHidden();
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('navigation', { name: 'Mobile' }).getByRole('link')).toHaveText([
      'Home',
      'About Us',
      'Pricing',
      'Master Alchemist',
      'Podcast',
      'Products',
      'The Future',
      'Sign In',
    ]);
    await expect(menu.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });
});

test.describe('home page', () => {
  test('shows every section of the spec in order, with its copy', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.fixed', { hasText: 'BETA' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're not broken. You're becoming.");
    await expect(page.getByText("This pain is not your ending—it's the beginning of a more empowered you.")).toBeVisible();
    const headings = await page.locator('main h2').allTextContents();
    const order = [
      'You are far from alone',
      'Your EQ Journey Starts Here',
      'Three doors to emotional intelligence',
      'Rapid Fire Coaching Live',
      'Voices of Transformation',
      'The Master Alchemist Program',
      'The Inner Alchemy Lounge',
      'Membership Tiers',
      'Become a Founding Member',
      'The Inner Alchemy Letter',
    ];
    expect(headings.map((h) => h.trim())).toEqual(order);
    await expect(page.getByText('Discover your emotional intelligence strengths and unlock your path to deeper self-awareness')).toBeVisible();
    for (const text of ['1 in 2', '70%', '3x']) await expect(page.getByText(text, { exact: true })).toBeVisible();
  });

  test('"Begin Your Journey" scrolls to the lead magnet, whose button leads to the journeys', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Begin Your Journey' }).click();
    await expect(page).toHaveURL(/#lead-magnet$/);
    const section = page.locator('#lead-magnet');
    await expect(section).toBeInViewport();
    await expect(section.getByRole('link', { name: 'Start Your Journey' })).toHaveAttribute('href', '/lead-magnet-journey');
  });

  test('the anchors #lead-magnet, #membership-tiers and #coaching-signup exist', async ({ page }) => {
    // Reduced motion: the jump is instant, so the assertion does not race the smooth scroll.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const id of ['lead-magnet', 'membership-tiers', 'coaching-signup']) {
      await page.goto(`/#${id}`);
      await expect(page.locator(`#${id}`)).toBeInViewport();
    }
  });

  test('flip cards turn on keyboard focus and both faces are readable', async ({ page }) => {
    await page.goto('/');
    const card = page.getByRole('group', { name: 'Know Thyself' });
    await expect(card).toContainText('Stop Sabotaging, Start Succeeding');
    const inner = card.locator('.flip-inner');
    const before = await inner.evaluate((el) => getComputedStyle(el).transform);
    await card.focus();
    await expect.poll(() => inner.evaluate((el) => getComputedStyle(el).transform)).not.toBe(before);
    await expect(page.getByRole('group', { name: 'Know Others' })).toContainText('Stop Projecting, Start Connecting');
    await expect(page.getByRole('group', { name: 'Know the World' })).toContainText('Stop Surviving, Start Thriving');
  });

  test('coaching prompts, tier buttons, the founding offer and the newsletter are inert while the flag is on', async ({ page }) => {
    await page.goto('/');
    const coaching = page.locator('#coaching-signup');
    await expect(coaching.getByText('Coming Soon')).toHaveCount(2);
    await expect(coaching.getByRole('link')).toHaveCount(0);
    const tiers = page.locator('#membership-tiers');
    await expect(tiers.getByRole('button', { name: 'Coming Soon' })).toHaveCount(3);
    for (const b of await tiers.getByRole('button', { name: 'Coming Soon' }).all()) await expect(b).toBeDisabled();
    await expect(tiers).toContainText('Free');
    await expect(tiers).toContainText('$39');
    await expect(tiers).toContainText('$69');
    await expect(page.getByText('€690')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Follow us for updates' })).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByRole('link', { name: 'Follow us for updates' })).not.toHaveAttribute('href');
  });

  test('six testimonials, each heard as "5 out of 5 stars"', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Voices of Transformation' }) });
    await expect(section.getByRole('img', { name: '5 out of 5 stars' })).toHaveCount(6);
  });

  test('the lounge shows six apps with "Ideal for" and "Explore App" links to their pages', async ({ page }) => {
    await page.goto('/');
    const lounge = page.locator('section', { has: page.getByRole('heading', { name: 'The Inner Alchemy Lounge' }) });
    await expect(lounge.getByText('Ideal for:')).toHaveCount(6);
    const links = lounge.getByRole('link', { name: /^Explore App/ });
    await expect(links).toHaveCount(6);
    expect(await links.evaluateAll((els) => els.map((e) => e.getAttribute('href')))).toEqual([
      '/app/whispers-before-sleep',
      '/app/the-bloom-book',
      '/app/stillpoint',
      '/app/rise-mode',
      '/app/mindstage',
      '/app/the-reset-room',
    ]);
    await expect(page.getByRole('link', { name: 'Discover Master Alchemist' })).toHaveAttribute('href', '/masteralchemist');
  });

  test('an app marked unavailable alerts that it is coming soon instead of opening its page', async ({ page }) => {
    await page.goto('/');
    // Every app of the collection is available today; a card for one that is not is a button
    // carrying its message, which the lounge's inline script alerts on click.
    const lounge = page.locator('section', { has: page.getByRole('heading', { name: 'The Inner Alchemy Lounge' }) });
    await lounge.locator('li').first().evaluate((card) => {
      const link = card.querySelector('a[href^="/app/"]')!;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = link.className;
      button.setAttribute('data-coming-soon', 'Stillpoint is coming soon! Stay tuned for updates.');
      button.textContent = 'Explore App';
      link.replaceWith(button);
    });
    const alerts: { type: string; message: string }[] = [];
    page.once('dialog', async (dialog) => {
      alerts.push({ type: dialog.type(), message: dialog.message() });
      await dialog.accept();
    });
    await lounge.getByRole('button', { name: 'Explore App' }).click();
    await expect.poll(() => alerts).toEqual([{ type: 'alert', message: 'Stillpoint is coming soon! Stay tuned for updates.' }]);
    await expect(page).toHaveURL(HOME_URL);
  });

  test('the footer links to the external privacy policy and terms', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const name of [/Privacy Policy/, /Terms/]) {
      const link = footer.getByRole('link', { name });
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
  });

  test('a visitor downloads no JavaScript file on the home page', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(scripts).toEqual([]);
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await skip.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });
});

test.describe('site-wide', () => {
  test('the 404 page answers with status 404 and offers a way home', async ({ page }) => {
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });

  test('robots.txt and the sitemap use absolute URLs', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap-index\.xml$/m);
    // The noindex pages must stay fetchable, or crawlers never read their noindex.
    expect(robots).not.toMatch(/^Disallow: *\S/m);
    const index = await request.get('/sitemap-index.xml');
    expect(index.ok()).toBe(true);
    expect(await index.text()).toContain('<loc>');
  });
});
