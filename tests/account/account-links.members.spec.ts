/**
 * Accounts that prove who they are, tried as a new member would on the members build: sign up,
 * find the verification in the local inbox, open it and confirm; ask for a password reset on
 * /forgot-password, set a new password through the emailed link, and sign in with it (the old
 * one refused). The inbox is the email stand-in's (local-platform/email/email-standin.ts); every link
 * leads to our own page (/api/account-action), opened on this server.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/page-errors';
import { expectNoSeriousA11yViolations, HOME_URL } from '../support/e2e';
import { inboxOf, type InboxMessage } from '../support/members-commerce';
import { createUser, PASSWORD, protectEmailEnumeration, signIn, uniqueEmail } from '../support/members';

test.beforeAll(protectEmailEnumeration);
test.describe.configure({ timeout: 120_000 });
const SLOW = 20_000;

/** The newest message to `address` whose subject is `subject`, once it has arrived. */
async function arrived(address: string, subject: string): Promise<InboxMessage> {
  await expect.poll(async () => (await inboxOf(address)).filter((m) => m.subject === subject).length, { timeout: SLOW }).toBeGreaterThan(0);
  return (await inboxOf(address)).find((m) => m.subject === subject)!;
}

/** The message's button to our account page, on this server. */
function linkIn(message: InboxMessage, baseURL: string | undefined): string {
  const link = /(https?:\/\/\S+\/api\/account-action\?\S+)/.exec(message.text)?.[1];
  expect(link, 'a link to our account page').toBeTruthy();
  const url = new URL(link!);
  return new URL(`${url.pathname}${url.search}`, baseURL).href;
}

async function signUp(page: Page, email: string): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Rae Moss');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/?$/, { timeout: SLOW });
}

test('a new member verifies their address from the inbox, resets their password through the emailed link and signs in with it', async ({ page, baseURL, pageErrors }) => {
  // The mismatched passwords (400 from the page) and the old password (refused by Firebase) are provoked.
  pageErrors.provoked();
  const email = uniqueEmail('verify');
  await signUp(page, email);

  // The dashboard says, quietly, that the address is not proven yet.
  const line = page.locator('[data-verify-email]');
  await expect(line).toContainText('Your email address isn’t verified yet.', { timeout: SLOW });

  // The verification arrived by itself, once; its page asks before it does anything.
  const verification = await arrived(email, 'Confirm your email for Inner Alchemy');
  await page.goto(linkIn(verification, baseURL));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your email');
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your email is confirmed');

  // Back on the dashboard, the line is gone.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible({ timeout: SLOW });
  await expect(page.getByRole('region', { name: 'Profile Information' })).toContainText(email, { timeout: SLOW });
  await expect(line).toHaveCount(0);

  // Signed out, the login page leads to the reset.
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(HOME_URL);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password\/?$/);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.locator('#sent')).toBeVisible({ timeout: SLOW });
  await expect(page.locator('#sent')).toContainText('If an account uses that address, we’ve sent it a link');

  const reset = await arrived(email, 'Reset your Inner Alchemy password');
  await page.goto(linkIn(reset, baseURL));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
  await page.getByLabel('New password', { exact: true }).fill('a-new-password-7');
  await page.getByLabel('Confirm new password').fill('a-new-passw0rd-7');
  await page.getByRole('button', { name: 'Set my new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  await page.getByLabel('New password', { exact: true }).fill('a-new-password-7');
  await page.getByLabel('Confirm new password').fill('a-new-password-7');
  await page.getByRole('button', { name: 'Set my new password' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your new password is set');

  // The old password is refused; the new one signs in.
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('incorrect', { timeout: SLOW });
  await page.getByLabel('Password').fill('a-new-password-7');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/?$/, { timeout: SLOW });
});

test('the reset page gives one answer for an address without an account, and sends nothing', async ({ page }) => {
  const nobody = uniqueEmail('nobody');
  await page.goto('/forgot-password/');
  await page.getByLabel('Email').fill(nobody);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.locator('#sent')).toBeVisible({ timeout: SLOW });
  await page.waitForTimeout(1000);
  expect(await inboxOf(nobody)).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the reset form posts and the page shows the spec’s words for a malformed address', async ({ page }) => {
    await page.goto('/forgot-password/');
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page).toHaveURL(/\/forgot-password\/#email-invalid$/);
    await expect(page.locator('#email-invalid')).toHaveText('Please enter a valid email address');
  });
});

test('a member changes their password and their address from the dashboard', async ({ page, baseURL, pageErrors }) => {
  // Once the address has moved, every session of the account has ended: Firebase refuses this
  // browser's old token when it looks the account up (400), which is how the page learns it.
  pageErrors.allow(/accounts:lookup/);
  const user = await createUser('Ivo Lark');
  await signIn(page, user);
  const account = page.getByRole('region', { name: 'Your Account' });

  // The password: the sign-in was a moment ago, so no second one is asked for.
  await account.getByRole('button', { name: 'Change password' }).click();
  const passwordDialog = page.getByRole('dialog', { name: 'Change your password' });
  await passwordDialog.getByLabel('New password', { exact: true }).fill('short');
  await passwordDialog.getByLabel('Confirm new password').fill('short');
  await passwordDialog.getByRole('button', { name: 'Change my password' }).click();
  await expect(passwordDialog.getByRole('alert')).toHaveText('Password must be at least 6 characters long');
  await passwordDialog.getByLabel('New password', { exact: true }).fill('ivo-new-password-1');
  await passwordDialog.getByLabel('Confirm new password').fill('ivo-new-password-1');
  await passwordDialog.getByRole('button', { name: 'Change my password' }).click();
  await expect(passwordDialog.getByRole('status')).toHaveText('Your password is changed. You’re signed out everywhere else.', { timeout: SLOW });
  await passwordDialog.getByRole('button', { name: 'Close' }).click();
  // Still signed in here, with the new password's session.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ivo Lark' })).toBeVisible({ timeout: SLOW });

  // The address: a link goes to the new one; the account keeps the old one until it is opened.
  const moved = uniqueEmail('moved');
  await account.getByRole('button', { name: 'Change email' }).click();
  const emailDialog = page.getByRole('dialog', { name: 'Change your email' });
  await emailDialog.getByLabel('New email address').fill(moved);
  await emailDialog.getByRole('button', { name: 'Send the link' }).click();
  await expect(emailDialog.getByRole('status')).toHaveText('We’ve sent a link to your new address. Your account keeps its current address until you open it.', { timeout: SLOW });
  const link = await arrived(moved, 'Confirm your new email for Inner Alchemy');
  await page.goto(linkIn(link, baseURL));
  await page.getByRole('button', { name: 'Use this address' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your new address is in use');
  // The old, verified address is told, with the way to undo it.
  await arrived(user.email, 'Your Inner Alchemy account has a new email address');

  // Signed out here (every session of the account ended with the move; this browser learns it at
  // its next check), then in again with the new address and the new password.
  await page.goto('/dashboard');
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(HOME_URL);
  await page.goto('/login');
  await page.getByLabel('Email').fill(moved);
  await page.getByLabel('Password').fill('ivo-new-password-1');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/?$/, { timeout: SLOW });
  await expect(page.getByRole('region', { name: 'Profile Information' })).toContainText(moved, { timeout: SLOW });
});
