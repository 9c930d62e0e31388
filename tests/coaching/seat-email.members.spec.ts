import { expect, test } from '@playwright/test';
import { doubles, inboxOf, rowsOf } from '../support/members-commerce';
import { createUser, signIn } from '../support/members';
import { sessionDayLabel, sessionTimeLabel } from '../../src/features/coaching/session-time';
import { addSessions, sessionOn } from './sessions';

/**
 * The coaching confirmation of the members build, read in the email stand-in's inbox
 * (local-platform/email/email-standin.ts): a seat saved in the dialog brings its confirmation at
 * once, to the member's own address, with the session on the member's clock and the .ics attached.
 */

test.describe.configure({ timeout: 120_000 });

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
