import { expect, test } from '@playwright/test';
import { doubles, inboxOf, rowsOf } from '../support/members-commerce';
import { createUser, signIn } from '../support/members';

/**
 * The purchase confirmation of the members build, read where a developer reads it: the email
 * stand-in's GET /messages (local-platform/email/email-standin.ts), which the served functions
 * send to. A purchase paid on the Stripe stand-in's page brings its confirmation, once, whose
 * button leads back into the app's room on the site.
 */

test.describe.configure({ timeout: 120_000 });
const SLOW = 20_000;

test('a member buys Stillpoint on the payment page and finds its confirmation in the inbox, once', async ({ page, baseURL }) => {
  const user = await createUser('Nora Vance');
  await signIn(page, user);

  await page.goto('/app/stillpoint');
  const buy = page.locator('#get-app').getByRole('button', { name: /^Buy Now/ });
  await buy.scrollIntoViewIfNeeded();
  await page.locator('#get-app [data-app-offer] astro-island:not([ssr])').waitFor({ state: 'attached' });
  await buy.click();
  await page.waitForURL(`${doubles().stripe}/pay/**`, { timeout: SLOW });
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/success\/?\?session_id=cs_/, { timeout: SLOW });
  const sessionId = new URL(page.url()).searchParams.get('session_id')!;

  await expect.poll(async () => (await inboxOf(user.email)).length, { timeout: SLOW }).toBe(1);
  const [message] = await inboxOf(user.email);
  expect(message!.subject).toBe('Stillpoint is yours');
  expect(message!.text).toContain('Hi Nora,');
  expect(message!.text).toContain(`Order reference: ${sessionId}`);
  expect(message!.html).toContain(sessionId);
  expect(message!.text).toContain('support@inneralchemy.coach');
  // Recorded as sent, for the member's export.
  expect(await rowsOf('email_outbox', { user_id: user.memberId })).toEqual([expect.objectContaining({ kind: 'purchase_confirmation', ref: sessionId, status: 'sent', subject: 'Stillpoint is yours' })]);

  // Its button leads into the app's room on the site (the build's address, here served locally).
  const open = /Open Stillpoint: (\S+)/.exec(message!.text)?.[1];
  expect(open).toMatch(/^https?:\/\/[^/]+\/lounge\/stillpoint\/$/);
  await page.goto(new URL(new URL(open!).pathname, baseURL).href);
  await expect(page).toHaveURL(/\/lounge\/stillpoint\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Stillpoint');

  // Nothing more arrives (the webhook was not told twice, but the inbox is the proof).
  await page.waitForTimeout(1000);
  expect(await inboxOf(user.email)).toHaveLength(1);
});
