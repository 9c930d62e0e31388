import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/e2e';
import { failFor, rowsOf } from '../support/members-commerce';
import { createUser, signIn } from '../support/members';

/**
 * The dashboard's "Emails" card in the members build: its switch turns coaching reminders off
 * and on, in the member's own row (email_preferences), and a save that fails says so.
 */

test.describe.configure({ timeout: 120_000 });
const SLOW = 20_000;

test('the dashboard turns coaching reminders off and on again, in the member’s own row', async ({ page }) => {
  const user = await createUser('Omar Pike');
  await signIn(page, user);
  const card = page.getByRole('region', { name: 'Emails' });
  const reminders = card.getByRole('checkbox', { name: 'Remind me the day before a coaching session' });
  await expect(reminders).toBeChecked({ timeout: SLOW });
  await expect(reminders).toBeEnabled();
  await expect(card).toContainText('always arrive');

  await reminders.uncheck();
  await expect(card.getByRole('status')).toHaveText('Saved: no more reminders. Confirmations still arrive.');
  expect(await rowsOf('email_preferences', { user_id: user.memberId })).toEqual([expect.objectContaining({ coaching_reminders: false })]);
  await expectNoSeriousA11yViolations(page);

  await page.reload();
  await expect(page.getByRole('region', { name: 'Emails' }).getByRole('checkbox')).not.toBeChecked({ timeout: SLOW });
  await page.getByRole('region', { name: 'Emails' }).getByRole('checkbox').check();
  await expect(page.getByRole('region', { name: 'Emails' }).getByRole('status')).toHaveText('Saved: we’ll remind you the day before each session.');
  expect(await rowsOf('email_preferences', { user_id: user.memberId })).toEqual([expect.objectContaining({ coaching_reminders: true })]);
});

test('a save that fails says so and leaves the box as it is stored', async ({ page }) => {
  const user = await createUser('Pia Lund');
  await signIn(page, user);
  const card = page.getByRole('region', { name: 'Emails' });
  const reminders = card.getByRole('checkbox');
  await expect(reminders).toBeEnabled({ timeout: SLOW });
  await failFor(user, 'email_preferences', 'POST');
  await reminders.click();
  await expect(card.getByRole('alert')).toHaveText('Your choice could not be saved. Please try again.');
  await expect(reminders).toBeChecked();
  expect(await rowsOf('email_preferences', { user_id: user.memberId })).toEqual([]);
});
