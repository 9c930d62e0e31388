/**
 * Rise Mode in the members build: an owner reaches it from its sales page, starts the day, checks
 * in in the evening, and finds the check-in after a reload (rise_days).
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

test('Rise Mode: an owner starts the day, checks in in the evening, and finds the check-in after a reload', async ({ page }) => {
  const member = await signIn(page);
  await owns(member, 'price_app_rise_mode');

  await page.goto('/app/rise-mode');
  await page.getByRole('link', { name: 'Open Rise Mode' }).click({ timeout: SLOW });
  await expect(page).toHaveURL(/\/lounge\/rise-mode\/$/);
  const morning = page.getByRole('form', { name: 'This morning' });
  await expect(morning).toBeVisible({ timeout: SLOW });
  const statement = (await page.locator('[data-todays-statement]').textContent())!.trim();
  expect(statement.length).toBeGreaterThan(10);
  await expectNoSeriousA11yViolations(page);

  await morning.getByRole('textbox', { name: /Your intention for today/ }).fill('Speak kindly to myself when I slip.');
  await morning.getByRole('button', { name: 'Start my day' }).click();
  await expect(page.getByText('Saved. Come back this evening to check in.')).toBeVisible({ timeout: SLOW });
  const evening = page.getByRole('form', { name: 'This evening' });
  await evening.getByRole('radio', { name: 'Partly' }).check();
  await evening.getByRole('textbox', { name: /A short note/ }).fill('Caught myself twice; the third time I forgot.');
  await evening.getByRole('button', { name: 'Save my check-in' }).click();
  await expect(page.getByText('Checked in. Well done for showing up.')).toBeVisible({ timeout: SLOW });
  expect(await rowsOf('rise_days', { user_id: member.memberId })).toEqual([expect.objectContaining({ user_id: member.memberId, intention: 'Speak kindly to myself when I slip.', statement_text: statement, lived: 'partly' })]);

  await page.reload();
  const history = page.locator('[data-rise-history]');
  await expect(history).toContainText('Partly', { timeout: SLOW });
  await history.locator('summary').first().click();
  await expect(history).toContainText('Caught myself twice; the third time I forgot.');
  await expect(page.getByRole('form', { name: 'This evening' }).getByRole('radio', { name: 'Partly' })).toBeChecked();
  await expect(page.locator('[data-todays-statement]')).toHaveText(statement);
});
