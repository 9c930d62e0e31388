/**
 * Days practised in the members build: a member whose apps and course have stored rows (a
 * breathing session, a Bloom Book page, a reset, a completed lesson, written as the database
 * owner with their times) opens the dashboard in a browser set to Berlin, turns the calendar on
 * and sees those days marked, each in words; the switch is remembered on reload; another
 * member's rows never show. The browser reads the rows itself, as the member, under row-level
 * security.
 */
import { expect, test } from '../../support/page-errors';
import { expectNoSeriousA11yViolations } from '../../support/e2e';
import { asOwner, signIn } from '../../support/members-commerce';
import { dayIn } from '../../../src/features/lounge/shared/local-day';
import { dayText } from '../../../src/features/lounge/days-practised/days';

const SLOW = 20_000;
const DAY = 86_400_000;

test.use({ timezoneId: 'Europe/Berlin' });
test.describe.configure({ timeout: 120_000 });

test('a member with stored rows turns on Days practised and sees those days marked, in their own days', async ({ page }) => {
  const member = await signIn(page);
  const other = await signIn(await page.context().newPage());
  const now = Date.now();
  const berlin = (ms: number) => dayIn(new Date(ms), 'Europe/Berlin');
  const today = berlin(now);
  const twoDaysAgo = now - 2 * DAY;
  const nineDaysAgo = now - 9 * DAY;
  const yesterday = berlin(now - DAY);
  await asOwner('breathing_sessions', { user_id: member.memberId, pattern: 'box', seconds: 60, finished_at: new Date(twoDaysAgo).toISOString() });
  await asOwner('bloom_pages', { user_id: member.memberId, day: yesterday, gratitude_1: 'A slow breakfast' });
  await asOwner('resets', { user_id: member.memberId, feeling: 'anxiety', reset: 'grounding-five-senses', intensity_before: 7, intensity_after: 4, finished_at: new Date(nineDaysAgo).toISOString() });
  const lessonAt = now - 60_000;
  await asOwner('lesson_progress', { member_id: member.memberId, lesson_slug: 'welcome', completed_at: new Date(lessonAt).toISOString() });
  // Someone else's practice, three days ago: never on this member's calendar.
  await asOwner('breathing_sessions', { user_id: other.memberId, pattern: 'box', seconds: 60, finished_at: new Date(now - 3 * DAY).toISOString() });

  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Days practised' });
  const toggle = card.getByRole('checkbox', { name: 'Show the days I practised' });
  await expect(toggle).not.toBeChecked({ timeout: SLOW });
  await expect(card.getByRole('table')).toHaveCount(0);
  await toggle.check();

  const table = card.getByRole('table', { name: 'Days you practised, the last 5 weeks, Monday to Sunday' });
  await expect(table).toBeVisible({ timeout: SLOW });
  const cell = (day: string) => table.locator(`td[data-day="${day}"]`);
  const lessonDay = berlin(lessonAt);
  await expect(cell(lessonDay)).toHaveAttribute('data-practised', 'yes');
  await expect(cell(lessonDay)).toContainText(dayText({ day: lessonDay, practised: ['course'], future: false, today: lessonDay === today }));
  await expect(cell(yesterday)).toContainText(dayText({ day: yesterday, practised: ['bloom'], future: false, today: false }));
  await expect(cell(berlin(twoDaysAgo))).toContainText(dayText({ day: berlin(twoDaysAgo), practised: ['stillpoint'], future: false, today: false }));
  await expect(cell(berlin(nineDaysAgo))).toContainText(dayText({ day: berlin(nineDaysAgo), practised: ['reset'], future: false, today: false }));
  await expect(cell(berlin(now - 3 * DAY))).toHaveAttribute('data-practised', 'no');
  await expect(table.locator('td[data-practised="yes"]')).toHaveCount(4);
  await expect(card.getByText(/^You practised on 4 of the last \d+ days\.$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Remembered in this browser.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Days practised' }).getByRole('table')).toBeVisible({ timeout: SLOW });
});
