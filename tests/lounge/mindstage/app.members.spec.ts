/**
 * Mindstage in the members build: an owner rehearses a scene with ratings before and after and
 * finds both on its chart after a reload (rehearsals). A member without it:
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

const SLOW = 20_000;

test.describe.configure({ timeout: 150_000 });

test('Mindstage: an owner rehearses a scene with ratings before and after, and finds both on its chart after a reload', async ({ page }) => {
  const member = await signIn(page);
  await owns(member, 'price_app_mindstage');

  await page.goto('/lounge/mindstage/');
  const card = page.locator('[data-scenario="a-phone-call"]');
  await expect(card).toBeVisible({ timeout: SLOW });
  await expectNoSeriousA11yViolations(page);
  await card.getByRole('button', { name: /^Rehearse/ }).click();
  await page.getByRole('group', { name: /Before you begin/ }).getByText('8', { exact: true }).click();
  await page.getByRole('button', { name: 'Begin the rehearsal' }).click();
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Skip this step' }).click();
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.getByRole('group', { name: /And now/ }).getByText('5', { exact: true }).click();
  await page.getByRole('button', { name: 'Save this rehearsal' }).click();
  await expect(page.getByText('Saved. It is on this scene’s chart.')).toBeVisible({ timeout: SLOW });
  expect(await rowsOf('rehearsals', { user_id: member.memberId })).toEqual([expect.objectContaining({ user_id: member.memberId, scenario: 'a-phone-call', suds_before: 8, suds_after: 5 })]);

  await page.reload();
  const reloaded = page.locator('[data-scenario="a-phone-call"]');
  await reloaded.getByText('Your ratings over time').click({ timeout: SLOW });
  await expect(reloaded.getByRole('img', { name: /Distress before and after each rehearsal of Making a phone call/ })).toBeVisible();
  const cells = reloaded.getByRole('table').getByRole('row').nth(1).getByRole('cell');
  await expect(cells.nth(1)).toHaveText('8');
  await expect(cells.nth(2)).toHaveText('5');
  await expectNoSeriousA11yViolations(page);
});
