/**
 * /coach on the default build (the site-wide flag on): the page exists for no one yet. It has
 * no island and loads no script of the coach's page nor any SDK, stays out of search engines and
 * the sitemap, and the navigation does not lead to it.
 */
import { expect, test } from '@playwright/test';
import { collectScripts } from '../support/e2e';

test('with the flag on, /coach is a static page without the coach’s island, out of the navigation and of search engines', async ({ page }) => {
  const scripts = collectScripts(page);
  await page.goto('/coach', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The coach’s page');
  await expect(page.getByText('This page opens with the member area.')).toBeVisible();
  // The shell's own islands (the navigation's) only: none of the coach's page.
  await expect(page.locator('astro-island[component-url*="CoachPage"]')).toHaveCount(0);
  expect(await page.locator('astro-island').evaluateAll((islands) => islands.map((i) => i.getAttribute('component-url') ?? ''))).not.toContainEqual(expect.stringContaining('oach'));
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  expect((await Promise.all(scripts.bodies)).filter((body) => /coach-sessions|coaching-join|CoachPage/.test(body))).toEqual([]);

  await page.goto('/');
  await expect(page.locator('a[href="/coach"], a[href="/coach/"]')).toHaveCount(0);
  const sitemap = await (await page.request.get('/sitemap-0.xml')).text();
  expect(sitemap).not.toContain('/coach');
});
