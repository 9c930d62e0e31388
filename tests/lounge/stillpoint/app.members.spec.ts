/**
 * Stillpoint in the members build: an owner reaches it from its sales page, breathes one minute
 * of box breathing on the page's clock, and finds the session in the history after a reload
 * (breathing_sessions).
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

const SLOW = 20_000;

test.describe.configure({ timeout: 150_000 });

test('Stillpoint: an owner breathes one minute of box breathing and finds the session in the history after a reload', async ({ page }) => {
  await page.clock.install();
  const member = await signIn(page);
  await owns(member, 'price_app_stillpoint');

  // The sales page's panel leads to the app's home in the Lounge.
  await page.goto('/app/stillpoint');
  await page.getByRole('link', { name: 'Open Stillpoint' }).click({ timeout: SLOW });
  await expect(page).toHaveURL(/\/lounge\/stillpoint\/$/);
  const guide = page.getByRole('group', { name: 'Box breathing, breathing guide' });
  await expect(guide).toBeVisible({ timeout: SLOW });
  await expect(page.getByText('Your finished sessions appear here.')).toBeVisible({ timeout: SLOW });
  await expectNoSeriousA11yViolations(page);

  // From here the page's clock moves only when the test moves it.
  await page.clock.pauseAt(new Date(Date.now() + 1_000));
  await guide.getByRole('button', { name: 'Start' }).click();
  await expect(guide.locator('[data-sp-cue]')).toHaveText('Breathe in, 4');
  await expect(guide.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.clock.runFor(4_000);
  await expect(guide.locator('[data-sp-cue]')).toHaveText(/^Hold gently, 4$/);
  await page.clock.runFor(57_000);
  await expect(guide.locator('[data-sp-cue]')).toHaveText('Well done. Your session is complete.');
  await page.clock.resume();
  await expect(page.getByText('Session saved to your history.')).toBeVisible({ timeout: SLOW });
  expect(await rowsOf('breathing_sessions', { user_id: member.memberId })).toEqual([expect.objectContaining({ user_id: member.memberId, pattern: 'box', seconds: 60 })]);

  await page.reload();
  const history = page.locator('[data-history]');
  await expect(history).toContainText('Box breathing', { timeout: SLOW });
  await expect(history).toContainText('1 min');
});
