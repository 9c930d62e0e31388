import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/e2e';
import { doubles, failFor, inboxOf, rowsOf } from '../support/members-commerce';
import { createUser, signIn } from '../support/members';
import { sessionDayLabel, sessionTimeLabel } from '../../src/features/coaching/session-time';
import { addSessions, sessionOn } from '../coaching/sessions';

/**
 * The emails of the members build, read where a developer reads them: the email stand-in's
 * GET /messages (local-platform/email/email-standin.ts), which the served functions send to. A purchase
 * paid on the Stripe stand-in's page brings its confirmation, once, whose links lead back into
 * the site; a coaching seat saved in the dialog brings its confirmation at once, with the
 * session on the member's clock and the .ics attached; the dashboard's switch turns coaching
 * reminders off and on, in the member's own row.
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

test.describe('a member in New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('a member saves a seat and finds the confirmation in the inbox at once: the session on both clocks, the .ics attached; once', async ({ page }) => {
    const session = sessionOn(12);
    await addSessions([session]);
    const user = await createUser('Lena Hart');
    await signIn(page, user);
    await page.goto('/#coaching-signup');
    await page.getByRole('button', { name: 'Choose Your Session' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose Your Session' });
    await dialog.locator(`[data-session="${session.id}"]`).getByText('Available', { exact: true }).click();
    // The email field starts as the member's own address; what is typed there is the contact the
    // coach sees, never where mail goes: a stranger's address gets nothing.
    const stranger = `stranger-${Date.now().toString(36)}@example.org`;
    await expect(dialog.getByLabel('Email')).toHaveValue(user.email);
    await dialog.getByLabel('Email').fill(stranger);
    await dialog.getByRole('button', { name: 'Save My Seat' }).click();
    await expect(page.getByRole('dialog', { name: 'You’re in!' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'You’re in!' })).toContainText(`We’ll send the details to ${user.email}.`);

    // Sent by the call the page makes after its insert (no hourly run happens here), read through the stand-in's API.
    await expect.poll(async () => (await inboxOf(user.email)).length, { timeout: 20_000 }).toBe(1);
    expect(await inboxOf(stranger)).toEqual([]);
    const [message] = await inboxOf(user.email);
    expect(message!.to).toEqual([user.email.toLowerCase()]);
    expect(message!.subject).toBe(`Your seat is saved: Rapid Fire Coaching Live, ${sessionDayLabel(session)}`);
    expect(message!.text).toContain('Hi Lena,');
    expect(message!.text).toContain(`Time: ${session.time}`);
    expect(message!.text).toContain(`Your time: ${sessionTimeLabel(session, 'America/New_York')}`);
    expect(message!.attachments).toEqual([{ filename: `rapid-fire-coaching-${session.date}.ics`, content_type: 'text/calendar; charset=utf-8', size: expect.any(Number) }]);
    const id = (message as unknown as { id: string }).id;
    const ics = await (await fetch(`${doubles().email}/messages/${id}/attachments/0`)).text();
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(`UID:coaching-${session.id}@`);
    expect(ics).toContain(`DTSTART:${session.starts_at.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    // Recorded by the function right after the provider's answer (the inbox can have it a moment before).
    await expect
      .poll(async () => rowsOf('email_outbox', { user_id: user.memberId }), { timeout: 10_000 })
      .toEqual([expect.objectContaining({ kind: 'coaching_confirmation', status: 'sent', attempts: 1 })]);

    await page.waitForTimeout(1000);
    expect(await inboxOf(user.email)).toHaveLength(1);
  });
});

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
