/**
 * Rapid Fire Coaching Live on the members build: members choose a session in a dialog (labels
 * by availability, full sessions not selectable, each time on the coach's clock and on the
 * member's), the form's checks in the spec's order, the insert, the success view that closes
 * itself; visitors keep the prompts. The sessions and the signups are the local database's
 * (./sessions.ts: the seats are taken by guests' signup rows).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/page-errors';
import { expectNoSeriousA11yViolations } from '../support/e2e';
import { failFor, requestsOf, rowsOf } from '../support/members-commerce';
import { createUser, signIn, type TestUser } from '../support/members';
import { sessionTimeLabel } from '../../src/features/coaching/session-time';
import { addSessions, sessionOn, type TestSession } from './sessions';

type Session = TestSession;

/**
 * Four open sessions of this test's own (unique ids), as the coach adds them, with 8, 15, 18 and
 * 20 of their 20 seats taken by guests. The dialog lists every open session still to come, so
 * other tests' sessions may be listed too: the test looks at its own.
 */
async function sessions(): Promise<Session[]> {
  const list = [sessionOn(3), sessionOn(10), sessionOn(17, { hour: 19 }), sessionOn(24, { hour: 19 })];
  await addSessions(list, [8, 15, 18, 20]);
  return list;
}

// New York: the dialog gives each session's time on the member's clock too.
test.use({ timezoneId: 'America/New_York' });

async function memberOnHome(page: Page, given: (user: TestUser) => Promise<void> = async () => {}): Promise<{ user: TestUser; SESSIONS: Session[] }> {
  const SESSIONS = await sessions();
  const user = await createUser('Ana Lima');
  await given(user);
  await signIn(page, user);
  await page.goto('/#coaching-signup');
  return { user, SESSIONS };
}

/** The test's own sessions in the dialog, in the order listed. */
const ours = (dialog: Locator, SESSIONS: Session[]) => dialog.locator(SESSIONS.map((s) => `[data-session="${s.id}"]`).join(', '));

test('a member chooses a session and signs up', async ({ page }) => {
  const { user, SESSIONS } = await memberOnHome(page);
  const section = page.locator('#coaching-signup');
  await expect(section.getByRole('link', { name: 'Sign Up' })).toBeHidden();
  await section.getByRole('button', { name: 'Choose Your Session' }).click();

  const dialog = page.getByRole('dialog', { name: 'Choose Your Session' });
  await expect(dialog).toBeVisible();
  const options = ours(dialog, SESSIONS);
  await expect(options).toHaveCount(4);
  await expect(options.locator('[data-availability]')).toHaveText(['Available', 'Limited', 'Almost Full', 'Full']);
  // On the coach's clock with the zone's abbreviation for that date, and on the member's.
  await expect(options.nth(0)).toContainText(SESSIONS[0]!.time);
  await expect(options.nth(0)).toContainText(`Your time: ${sessionTimeLabel(SESSIONS[0]!, 'America/New_York')}`);
  expect(SESSIONS[0]!.time).toMatch(/^6:00 PM – 7:00 PM CES?T$/);
  await expect(options.nth(3).getByRole('radio')).toBeDisabled();

  // The query: active sessions not over yet, soonest first (by their instants).
  const query = (await requestsOf(user, 'coaching_sessions')).find((r) => r.method === 'GET' && r.query.is_active)!.query;
  expect(query.is_active).toBe('eq.true');
  expect(query.ends_at).toMatch(/^gt\.\d{4}-\d{2}-\d{2}T/);
  expect(query.order).toBe('starts_at.asc');
  // With the member's own places in line (issue 46: row-level security shows only theirs).
  expect(query.select).toBe('id,date,time,is_active,spots_available,max_spots,starts_at,ends_at,time_zone,coaching_waitlist(id)');
  await expectNoSeriousA11yViolations(page, { include: 'dialog' });

  // The checks, in the spec's order; editing a field clears the message.
  const name = dialog.getByLabel('Name');
  const email = dialog.getByLabel('Email');
  const submit = dialog.getByRole('button', { name: 'Save My Seat' });
  const error = dialog.locator('[data-tone="error"]');
  await expect(name).toHaveValue('Ana Lima'); // prefilled from the account
  await name.fill('  ');
  await email.fill('');
  await submit.click();
  await expect(error).toHaveText('Please enter your name');
  await name.fill('  Ana Lima ');
  await expect(error).toHaveCount(0);
  await submit.click();
  await expect(error).toHaveText('Please enter your email address');
  await email.fill('Ana.Lima@Example.COM ');
  await expect(error).toHaveCount(0);
  await email.fill('ana.example.com');
  await submit.click();
  await expect(error).toHaveText('Please enter a valid email address');
  await email.fill(' Ana.Lima@Example.COM ');
  await submit.click();
  await expect(error).toHaveText('Please select a session');
  expect((await requestsOf(user, 'coaching_session_signups')).filter((r) => r.method === 'POST')).toHaveLength(0);
  expect(await rowsOf('coaching_session_signups', { user_id: user.memberId })).toEqual([]);

  await options.nth(1).getByText('Limited').click();
  await submit.click();
  await expect(page.getByRole('dialog', { name: 'You’re in!' })).toBeVisible();
  // The success view closes itself after 2 seconds (checked first: the reads below take time).
  await page.waitForTimeout(1_000);
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden({ timeout: 3_000 });
  // The member's seat, written with their own ID token (requestsOf), as the database keeps it.
  const inserts = (await requestsOf(user, 'coaching_session_signups')).filter((r) => r.method === 'POST');
  expect(inserts.map((r) => r.body)).toEqual([{ user_id: user.memberId, session_id: SESSIONS[1]!.id, name: 'Ana Lima', email: 'ana.lima@example.com', time_zone: 'America/New_York' }]);
  expect(await rowsOf('coaching_session_signups', { user_id: user.memberId })).toMatchObject([
    { user_id: user.memberId, session_id: SESSIONS[1]!.id, name: 'Ana Lima', email: 'ana.lima@example.com' },
  ]);
  // The seat is counted from the rows: 15 guests and Ana.
  expect(await rowsOf('coaching_sessions', { id: SESSIONS[1]!.id })).toMatchObject([{ spots_available: 4, max_spots: 20 }]);

});

test('a failed insert says so, and the form stays open', async ({ page, pageErrors }) => {
  pageErrors.provoked();
  const { user, SESSIONS } = await memberOnHome(page, (user) =>
    failFor(user, 'coaching_session_signups', 'POST', { status: 403, code: '42501', message: 'new row violates row-level security policy' }),
  );
  await page.getByRole('button', { name: 'Choose Your Session' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose Your Session' });
  await ours(dialog, SESSIONS).nth(0).getByText('Available', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Save My Seat' }).click();
  await expect(dialog.locator('[data-tone="error"]')).toHaveText('Failed to sign up for the session. Please try again.');
  expect(await rowsOf('coaching_session_signups', { user_id: user.memberId })).toEqual([]);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('a member whose address is not verified yet is asked to verify it first, and no seat is taken', async ({ page, pageErrors }) => {
  // The database's refusal (400 from the endpoint) is provoked.
  pageErrors.provoked();
  const SESSIONS = await sessions();
  const user = await createUser('Una Fenn', { verified: false });
  await signIn(page, user);
  await page.goto('/#coaching-signup');
  await page.locator('#coaching-signup').getByRole('button', { name: 'Choose Your Session' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose Your Session' });
  await ours(dialog, SESSIONS).nth(0).getByText('Available', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Save My Seat' }).click();
  await expect(dialog.locator('[data-tone="error"]')).toHaveText(
    'Please verify your email address first: we sent you a link when you signed up, and you can ask for a new one on your dashboard.',
  );
  expect(await rowsOf('coaching_session_signups', { user_id: user.memberId })).toEqual([]);
});

test('a visitor sees the sign-up and login prompts, and no member code loads', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/#coaching-signup');
  const section = page.locator('#coaching-signup');
  await expect(section.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
  await expect(section.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  await expect(section.getByRole('button', { name: 'Choose Your Session' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((u) => /CoachingSignup|NavAccount|firebase/.test(u))).toEqual([]);
});
