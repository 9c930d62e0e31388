/**
 * The waitlist on the members build (issue 46): the demo Explorer joins the line of a full
 * session from the signup dialog and sees their place on the dashboard; another member gives
 * their seat back on their own dashboard, and the seat, offered to the Explorer in that same
 * transaction, reaches the Explorer's inbox (the email stand-in) and dashboard; they take it and
 * are registered. The sessions are this test's own (./sessions.ts).
 */
import { expect, test } from '../support/page-errors';
import { asOwner, inboxOf, rowsOf } from '../support/members-commerce';
import { createUser, signIn } from '../support/members';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../../local-platform/demo-members.mjs';
import { addSessions, sessionAt } from './sessions';

const explorer = DEMO_MEMBERS.find((m) => m.tier === 'Explorer')!;

test.describe.configure({ timeout: 120_000 });

test('the demo Explorer joins the waitlist of a full session, is offered a seat given back, and takes it', async ({ page, browser, pageErrors }) => {
  // The second place is refused by the database (409), on purpose.
  pageErrors.provoked();
  // Two seats: a guest's, and Bo's (a member who will give his back). A hundred days off, after
  // the next three sessions the dashboard lists: the member's place is shown however far off.
  const session = sessionAt(Date.now() + 100 * 24 * 3600_000, { seats: 2 });
  await addSessions([session], [1]);
  const bo = await createUser('Bo Berg');
  await asOwner('coaching_session_signups', { user_id: bo.memberId, session_id: session.id, name: 'Bo Berg', email: bo.email.toLowerCase() });

  await page.goto('/login');
  await page.getByLabel('Email').fill(explorer.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${explorer.name}` })).toBeVisible({ timeout: 20_000 });

  await page.goto('/#coaching-signup');
  await page.locator('#coaching-signup').getByRole('button', { name: 'Choose Your Session' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose Your Session' });
  const full = dialog.locator('li', { has: page.locator(`[data-session="${session.id}"]`) });
  await expect(full.locator('[data-availability]')).toHaveText('Full');
  await expect(full.getByRole('radio')).toBeDisabled();
  await full.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByRole('dialog', { name: 'You’re on the waitlist' })).toContainText('If a seat comes free, we’ll email you');
  expect(await rowsOf('coaching_waitlist', { user_id: explorer.memberId, session_id: session.id })).toMatchObject([{ status: 'waiting', name: explorer.name }]);
  // A second place is refused, with the database's words.
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page.locator('#coaching-signup').getByRole('button', { name: 'Choose Your Session' }).click();
  await dialog.locator('li', { has: page.locator(`[data-session="${session.id}"]`) }).getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(dialog.locator('[data-tone="error"]')).toHaveText('You already have a place in line for this session. You can see it on your dashboard.');

  await page.goto('/dashboard/');
  const place = page.locator(`[data-waitlist-place="${session.id}"]`);
  await expect(place).toContainText('You’re number 1 in line.', { timeout: 20_000 });

  // Bo gives his seat back on his own dashboard.
  const boContext = await browser.newContext();
  const boPage = await boContext.newPage();
  await signIn(boPage, bo);
  const seat = boPage.locator(`[data-upcoming-session="${session.id}"]`);
  await seat.getByRole('button', { name: 'Give back my seat' }).click();
  await seat.getByRole('button', { name: 'Yes, give it back' }).click();
  await expect(boPage.getByText('Your seat has been given back.')).toBeVisible();
  await boContext.close();

  // Offered to the Explorer in that transaction; the email sent at once by the call Bo's dashboard made.
  await expect.poll(async () => (await inboxOf(explorer.email)).map((m) => m.subject), { timeout: 20_000 }).toContain(
    `A seat is free for you: Rapid Fire Coaching Live, ${new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(session.starts_at))}`,
  );
  const offer = (await inboxOf(explorer.email)).find((m) => m.subject.startsWith('A seat is free for you'))!;
  expect(offer.text).toContain('We’re holding it for you until');

  await page.reload();
  await expect(place).toContainText('A seat is free for you, held until', { timeout: 20_000 });
  await place.getByRole('button', { name: 'Take the seat' }).click();
  await expect(page.getByText('You’re registered').first()).toBeVisible();
  await expect(page.locator(`[data-upcoming-session="${session.id}"]`)).toBeVisible();
  await expect(place).toHaveCount(0);
  expect(await rowsOf('coaching_session_signups', { user_id: explorer.memberId, session_id: session.id })).toHaveLength(1);
  expect(await rowsOf('coaching_sessions', { id: session.id })).toMatchObject([{ spots_available: 0, max_spots: 2 }]);
  // The usual confirmation follows.
  await expect.poll(async () => (await inboxOf(explorer.email)).map((m) => m.subject), { timeout: 20_000 }).toContainEqual(expect.stringMatching(/^Your seat is saved: /));
});
