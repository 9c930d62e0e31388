/**
 * Rapid Fire Coaching Live runs itself, on the members build (flag off; the served functions,
 * the Auth emulator and the local database): the coach opens /coach, reads who is coming and sets
 * a join link; a member without the claim is kept out; a registered member sees "Join now" when
 * the link opens (the test sets the browser's clock) and another member never does; a session the
 * coach cancels shows as cancelled on the member's dashboard; and an Explorer's dashboard lists
 * the next three sessions the scheduler keeps.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/e2e';
import { asOwner, asServiceRole, doubles, rowsOf, TEST_SERVICE_ROLE_KEY } from '../support/members-commerce';
import { createUser, EMULATOR, signIn, type TestUser } from '../support/members';
import { COACH_MESSAGES } from '../../src/features/coaching/coach/coach-rules';
import { upcomingScheduledSessions } from '../../src/features/coaching/schedule';
import { sessionDayLabel, sessionTimeLabel } from '../../src/features/coaching/session-time';
import { keepSchedule } from '../../src/features/coaching/server/coaching-schedule';
import { adminDb } from '../../netlify/functions/_shared/supabase';
import { addSessions, sessionAt, sessionOn } from './sessions';

const MINUTE = 60_000;

/** An account with the coach claim (as `npm run coach:grant` gives it) beside auth-sync's role. */
async function createCoach(): Promise<TestUser> {
  const user = await createUser('Cora Coach');
  const res = await fetch(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: user.memberId, customAttributes: JSON.stringify({ role: 'authenticated', coach: true }) }),
  });
  if (!res.ok) throw new Error(`emulator claims: ${res.status} ${await res.text()}`);
  return user;
}

async function register(user: Pick<TestUser, 'memberId'>, sessionId: string): Promise<void> {
  await asOwner('coaching_session_signups', { user_id: user.memberId, session_id: sessionId, name: 'Ana Lima', email: `${user.memberId.toLowerCase()}@example.com` });
}

/** A second browser, for another person in the same test. */
async function anotherPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('the coach opens /coach, reads who is coming, sets a session’s join link and downloads the registrants', async ({ page }) => {
  test.slow(); // a sign-in, an accessibility check and five calls to the coach's functions
  const session = sessionOn(5);
  await addSessions([session], [2]);
  await signIn(page, await createCoach());
  await page.goto('/coach');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('navigation').getByRole('link', { name: /coach/i })).toHaveCount(0);

  const card = page.locator(`[data-coach-session="${session.id}"]`);
  await expect(card).toContainText(session.time);
  await expect(card.locator('[data-seats]')).toContainText('2 of 20 seats taken');
  await expect(card.getByRole('table')).toContainText('Guest 1');
  await expect(card.getByRole('table')).toContainText('guest2@example.com');
  await expectNoSeriousA11yViolations(page);

  // Not https: said plainly, nothing written.
  const link = card.getByLabel('Join link for this session');
  await link.fill('http://meet.example.com/live');
  await card.getByRole('button', { name: 'Save link' }).click();
  await expect(card.locator('[data-tone="error"]')).toHaveText(COACH_MESSAGES.linkNotHttps);
  expect(await rowsOf('coaching_join_links', { session_id: session.id })).toEqual([]);

  const url = `https://meet.example.com/live-${session.id.slice(0, 8)}`;
  await link.fill(url);
  await card.getByRole('button', { name: 'Save link' }).click();
  await expect(card.locator('[data-tone="success"]')).toHaveText('The join link is saved.');
  expect(await rowsOf('coaching_join_links', { session_id: session.id })).toMatchObject([{ url }]);

  // Seats never below those taken.
  await card.getByLabel(/^Seats/).fill('1');
  await card.getByRole('button', { name: 'Save seats' }).click();
  await expect(card.locator('[data-session-seats] [data-tone="error"]')).toHaveText('2 seats are already taken, so the session needs at least 2 seats.');

  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download registrants (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`rapid-fire-coaching-${session.date}-registrants.csv`);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\r\n').slice(0, 3)).toEqual([
    // Whether they came: empty before the session starts (issue 46).
    'Name,Email,Signed up (Europe/Berlin),Came',
    expect.stringMatching(/^Guest \d,guest\d@example\.com,\d{4}-\d{2}-\d{2} \d{2}:\d{2},$/),
    expect.stringMatching(/^Guest \d,guest\d@example\.com,/),
  ]);
});

test('a member without the coach claim reads that /coach is the coach’s, loads nothing for it, and sees no one’s signup', async ({ page }) => {
  const session = sessionOn(6);
  await addSessions([session], [1]);
  await signIn(page, await createUser('Ana Lima'));
  const loaded: string[] = [];
  page.on('request', (req) => loaded.push(new URL(req.url()).pathname));
  await page.goto('/coach');
  await expect(page.locator('[data-role-refused]')).toBeVisible();
  await expect(page.locator('[data-role-refused]')).toContainText(COACH_MESSAGES.notCoach);
  // Their token carries no coach claim: the page loads neither the island nor a coach function.
  await page.waitForLoadState('networkidle');
  expect(loaded.filter((p) => /\/CoachPage\.[^/]*\.js$/.test(p) || p.startsWith('/api/coach-'))).toEqual([]);
  await expect(page.getByText('guest1@example.com')).toHaveCount(0);
  await expect(page.locator('[data-coach-page]')).toHaveCount(0);
});

test('a visitor gets the static page, which loads no SDK', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/coach');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The coach’s page');
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((u) => /CoachPage|firebase|postgrest/i.test(u))).toEqual([]);
});

test('a registered member sees “Join now” when the link opens, an hour before the start; another member never does', async ({ page, browser }) => {
  test.slow(); // two people sign in
  // The session really starts in half an hour: the join function (the server's clock) answers now.
  const session = sessionAt(Date.now() + 30 * MINUTE);
  await addSessions([session]);
  const url = `https://meet.example.com/join-${session.id.slice(0, 8)}`;
  await asServiceRole('coaching_join_links', { session_id: session.id, url });
  const ana = await createUser('Ana Lima');
  await register(ana, session.id);

  // The browser's clock: 75 minutes before the start, so the link is not open yet.
  await page.clock.install({ time: new Date(Date.parse(session.starts_at) - 75 * MINUTE) });
  await signIn(page, ana);
  const mine = page.locator(`[data-upcoming-session="${session.id}"]`);
  await expect(mine).toContainText(session.time);
  await expect(mine.getByRole('button', { name: 'Add to calendar' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join now' })).toHaveCount(0);

  // Twenty minutes later the link is open (55 minutes before the start): no reload needed.
  await page.clock.fastForward('20:00');
  const join = mine.getByRole('link', { name: 'Join now' });
  await expect(join).toBeVisible();
  await expect(join).toHaveAttribute('href', url);
  await expect(join).toHaveAttribute('target', '_blank');

  const bea = await anotherPage(browser);
  await signIn(bea, await createUser('Bea Brown'));
  // Bea reads the sessions coming up (this one among them, with its seats), but holds no seat: no link.
  await expect(bea.locator('[data-next-sessions]')).toBeVisible();
  await expect(bea.locator('[data-my-sessions]')).toHaveCount(0);
  await expect(bea.getByRole('link', { name: 'Join now' })).toHaveCount(0);
  expect(await bea.content()).not.toContain(url);
  await bea.context().close();
});

test('a session the coach cancels shows as cancelled on the member’s dashboard, and leaves the choice of sessions', async ({ page, browser }) => {
  test.slow(); // two people sign in
  const session = sessionOn(8);
  await addSessions([session]);
  const ana = await createUser('Ana Lima');
  await register(ana, session.id);

  const coachPage = await anotherPage(browser);
  await signIn(coachPage, await createCoach());
  await coachPage.goto('/coach');
  const card = coachPage.locator(`[data-coach-session="${session.id}"]`);
  await card.getByRole('button', { name: 'Cancel session' }).click();
  await card.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(card.locator('[data-seats]')).toContainText('Cancelled');
  await coachPage.context().close();
  expect(await rowsOf('coaching_sessions', { id: session.id })).toMatchObject([{ is_active: false, cancelled_at: expect.any(String) }]);

  await signIn(page, ana);
  const cancelled = page.locator(`[data-cancelled-session="${session.id}"]`);
  await expect(cancelled).toContainText(session.time);
  await expect(cancelled).toContainText('Cancelled by the coach');
  await expect(page.locator(`[data-upcoming-session="${session.id}"]`)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/#coaching-signup');
  await page.getByRole('button', { name: 'Choose Your Session' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose Your Session' });
  await expect(dialog.locator('[data-session]').first()).toBeVisible();
  await expect(dialog.locator(`[data-session="${session.id}"]`)).toHaveCount(0);
});

test('an Explorer’s dashboard lists the next three sessions the daily schedule keeps', async ({ page }) => {
  // A month of its own far ahead, so no other test's session comes between: the schedule runs as
  // of then (the served function runs it as of today), and the browser's clock says then too.
  const now = new Date('2091-01-02T09:00:00Z');
  const api = adminDb(doubles().postgrest, TEST_SERVICE_ROLE_KEY);
  await keepSchedule(api, now);
  await keepSchedule(api, now);
  const expected = upcomingScheduledSessions(now);

  await page.clock.install({ time: now });
  await signIn(page, await createUser('Ella Explorer'));
  await expect(page.getByRole('region', { name: 'Profile Information' })).toContainText('Explorer');
  const next = page.locator('[data-next-sessions] > li');
  await expect(next).toHaveCount(3);
  for (const [i, s] of expected.entries()) {
    await expect(next.nth(i)).toContainText(sessionDayLabel(s));
    await expect(next.nth(i)).toContainText(sessionTimeLabel(s));
    await expect(next.nth(i)).toContainText('Available');
  }
  expect(expected.map((s) => sessionDayLabel(s))).toEqual(['Thursday, January 25, 2091', 'Thursday, February 22, 2091', 'Thursday, March 29, 2091']);
  // Run twice, made once.
  for (const s of expected) expect(await rowsOf('coaching_sessions', { starts_at: s.starts_at })).toHaveLength(1);
});
