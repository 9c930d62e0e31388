/**
 * The daily reminder in the members build: an owner opens Stillpoint's home in the Lounge in a
 * browser set to Berlin, turns on "Remind me daily", picks a time and downloads the calendar
 * file, which holds a daily event at that time on Berlin's clock (with Berlin's VTIMEZONE) that
 * links back to the app. Access is the member's purchase in the local database.
 */
import { expect, test } from '../../support/page-errors';
import { expectNoSeriousA11yViolations } from '../../support/e2e';
import { owns, signIn } from '../../support/members-commerce';

const SLOW = 20_000;

test.use({ timezoneId: 'Europe/Berlin' });
test.describe.configure({ timeout: 120_000 });

test('Stillpoint: an owner adds a daily reminder at 07:45 their time and gets a calendar file with a daily event in their zone', async ({ page, baseURL }) => {
  const member = await signIn(page);
  await owns(member, 'price_app_stillpoint');
  await page.goto('/lounge/stillpoint/');
  const reminder = page.getByRole('region', { name: 'A gentle reminder' });
  const toggle = reminder.getByRole('checkbox', { name: 'Remind me daily' });
  await expect(toggle).not.toBeChecked({ timeout: SLOW });
  await expect(reminder.getByRole('button', { name: 'Add to my calendar' })).toHaveCount(0);

  await toggle.check();
  await expect(reminder.getByText('Stop where you are for a few minutes.', { exact: false })).toBeVisible();
  const time = reminder.getByLabel('At what time, on your clock?');
  await expect(time).toHaveValue('12:30');
  await time.fill('07:45');
  await expectNoSeriousA11yViolations(page);
  const [download] = await Promise.all([page.waitForEvent('download'), reminder.getByRole('button', { name: 'Add to my calendar' }).click()]);
  expect(download.suggestedFilename()).toBe('stillpoint-daily-reminder.ics');
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');

  expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  const lines = text.replace(/\r\n /g, '').split('\r\n');
  expect(lines).toContain('TZID:Europe/Berlin');
  expect(lines).toContain('RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU');
  expect(lines.find((l) => l.startsWith('DTSTART;'))).toMatch(/^DTSTART;TZID=Europe\/Berlin:\d{8}T074500$/);
  expect(lines).toContain('RRULE:FREQ=DAILY');
  expect(lines).toContain('SUMMARY:A breathing pause with Stillpoint');
  expect(lines.find((l) => l.startsWith('DESCRIPTION:Stop where'))).toContain(`Open Stillpoint: ${new URL('/lounge/stillpoint/', baseURL).href}`);
  expect(lines.find((l) => l.startsWith('UID:'))).toMatch(/^UID:lounge-reminder-stillpoint-[\w-]+@/);
  await expect(reminder.getByText('Your reminder is ready: open stillpoint-daily-reminder.ics and your calendar adds it, every day at 7:45 AM.')).toBeVisible();

  // Kept in this browser: the next visit has it on, at the member's time.
  await page.reload();
  await expect(page.getByRole('region', { name: 'A gentle reminder' }).getByLabel('At what time, on your clock?')).toHaveValue('07:45', { timeout: SLOW });
});
