/**
 * The Reset Room in the members build: an owner does a reset and finds it in the history after a
 * reload (resets), the crisis line always on the page.
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

test('The Reset Room: an owner does a reset and finds it in the history after a reload; the crisis line is always there', async ({ page }) => {
  const member = await signIn(page);
  await owns(member, 'price_app_the_reset_room');

  await page.goto('/lounge/the-reset-room/');
  await expect(page.locator('[data-crisis-help]')).toBeVisible();
  await page.getByRole('radio', { name: /Overwhelm/ }).check({ timeout: SLOW });
  await page.getByRole('group', { name: 'How strong is it, from 0 to 10?' }).getByText('6', { exact: true }).click();
  await page.getByRole('button', { name: 'Find a reset' }).click();
  await page.getByRole('button', { name: 'Start the stop pause' }).click();
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  await expect(page.locator('[data-crisis-help]')).toBeVisible();
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Next step' }).click();
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.getByRole('group', { name: 'How strong is it now, from 0 to 10?' }).getByText('3', { exact: true }).click();
  await page.getByRole('button', { name: 'Save to my history' }).click();
  await expect(page.getByText('Saved to your history.')).toBeVisible({ timeout: SLOW });
  expect(await rowsOf('resets', { user_id: member.memberId })).toEqual([expect.objectContaining({ user_id: member.memberId, feeling: 'overwhelm', reset: 'stop-pause', intensity_before: 6, intensity_after: 3 })]);

  await page.reload();
  await expect(page.locator('[data-reset-history]')).toContainText('6 → 3 (down 3)', { timeout: SLOW });
  await expect(page.locator('[data-helped-most]')).toContainText('The STOP pause');
  await expectNoSeriousA11yViolations(page);
});
