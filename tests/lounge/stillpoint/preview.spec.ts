/**
 * Stillpoint's preview on its sales page, for a visitor with no account: in the page's HTML
 * before any script runs, and working: one full minute of box breathing with a visible Pause,
 * and under reduced motion a guide that keeps its size and changes colour instead.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/e2e';

test('Stillpoint: a visitor breathes a full minute of box breathing, and can pause', async ({ page, request }) => {
  const html = await (await request.get('/app/stillpoint')).text();
  expect(html).toContain('Ready when you are');
  expect(html).not.toContain('Preview Coming Soon');

  await page.clock.install();
  await page.goto('/app/stillpoint');
  const guide = page.locator('[data-preview="stillpoint"] stillpoint-guide');
  await expect(guide.locator('[data-sp-time]')).toHaveText('1:00');
  // From here the page's clock moves only when the test moves it.
  await page.clock.pauseAt(new Date(Date.now() + 1_000));
  await guide.getByRole('button', { name: 'Start' }).click();
  await expect(guide.locator('[data-sp-cue]')).toHaveText('Breathe in, 4');
  await expect(guide.locator('[data-sp-announce]')).toHaveText('Breathe in, 4 seconds');
  await page.clock.runFor(5_000);
  await expect(guide.locator('[data-sp-cue]')).toHaveText('Hold gently, 3');

  await guide.getByRole('button', { name: 'Pause' }).click();
  await page.clock.runFor(30_000);
  await expect(guide.locator('[data-sp-cue]')).toHaveText('Hold gently, 3');
  await guide.getByRole('button', { name: 'Resume' }).click();
  await page.clock.runFor(54_000);
  await expect(guide.locator('[data-sp-cue]')).not.toHaveText('Well done. Your session is complete.');
  await page.clock.runFor(1_500);
  await expect(guide.locator('[data-sp-cue]')).toHaveText('Well done. Your session is complete.');
  await expect(guide.getByRole('button', { name: 'Start again' })).toBeVisible();
  await page.clock.resume();
  await expectNoSeriousA11yViolations(page);
});

test('Stillpoint: under reduced motion the guide keeps its size and changes colour instead', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/app/stillpoint');
  const guide = page.locator('[data-preview="stillpoint"] stillpoint-guide');
  await guide.getByRole('button', { name: 'Start' }).click();
  await expect(guide).toHaveAttribute('data-motion', 'reduced');
  const circle = guide.locator('[data-sp-circle]');
  await expect(circle).toHaveAttribute('data-phase', 'in');
  expect(await circle.evaluate((el) => getComputedStyle(el).transform)).toBe('matrix(0.75, 0, 0, 0.75, 0, 0)');
  await guide.getByRole('button', { name: 'Stop' }).click();
});
