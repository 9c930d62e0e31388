import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectNoSeriousA11yViolations } from '../support/e2e';
import { statementOfDay } from '../../src/features/lounge/rise-mode/rise';
import { PREVIEW_SCENARIO } from '../../src/features/lounge/mindstage/rehearsal';

/**
 * The previews of Rise Mode, Mindstage and The Reset Room, for a visitor with no account
 * (issue 22): each is in the page's HTML before any script runs, and works. Rise Mode: today's
 * statement (for the visitor's own day) and the intention, kept in this browser only. Mindstage:
 * the first step of a scenario with its timer (Pause, Skip) and the 0 to 10 rating. The Reset
 * Room: the 5-4-3-2-1 grounding reset in full, with its timer, and the crisis line on the page,
 * never behind a tap (on the room's page too). Nothing is sent anywhere.
 */

const read = <T>(path: string) => JSON.parse(readFileSync(new URL(`../../src/content/lounge/${path}`, import.meta.url), 'utf8')) as T;
const statements = read<{ id: string; text: string; preview?: boolean }[]>('rise-mode/statements.json');
// The preview picks in id order (src/features/lounge/rise-mode/RisePreview.astro).
const sample = statements.filter((s) => s.preview).sort((a, b) => a.id.localeCompare(b.id));
const scenarios = read<{ slug: string; title: string; steps: { title: string; text: string; seconds: number }[] }[]>('mindstage/scenarios.json');
const resets = read<{ slug: string; steps: { text: string; seconds: number }[] }[]>('the-reset-room/resets.json');
const grounding = resets.find((r) => r.slug === 'grounding-five-senses')!;
const crisis = read<{ text: string; linkLabel: string; href: string }>('the-reset-room/crisis.json');

function noWrites(page: import('@playwright/test').Page): string[] {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET') sent.push(r.url());
  });
  return sent;
}

test("Rise Mode: a visitor reads today's statement for their own day and writes an intention that stays in this browser", async ({ page, request }) => {
  const html = await (await request.get('/app/rise-mode')).text();
  expect(html).toContain('Your intention for today');
  expect(sample.some((s) => html.includes(s.text))).toBe(true);
  // Only the preview's statements are public.
  for (const s of statements.filter((x) => !x.preview)) expect(html, s.id).not.toContain(s.text);

  const sent = noWrites(page);
  await page.clock.setFixedTime(new Date('2027-03-14T09:00:00'));
  await page.goto('/app/rise-mode');
  const preview = page.locator('[data-preview="rise-mode"]');
  await expect(preview.locator('[data-rise-statement]')).toHaveText(statementOfDay(sample, '2027-03-14')!.text);
  await preview.getByRole('textbox', { name: /Your intention for today/ }).fill('Answer one email I have been avoiding.');
  await page.reload();
  await expect(preview.getByRole('textbox', { name: /Your intention for today/ })).toHaveValue('Answer one email I have been avoiding.');
  // The next day, a different statement (the intention belonged to yesterday).
  await page.clock.setFixedTime(new Date('2027-03-15T09:00:00'));
  await page.reload();
  await expect(preview.locator('[data-rise-statement]')).toHaveText(statementOfDay(sample, '2027-03-15')!.text);
  await expect(preview.getByRole('textbox', { name: /Your intention for today/ })).toHaveValue('');
  expect(sent).toEqual([]);
  await expectNoSeriousA11yViolations(page);
});

test('Mindstage: a visitor rates their distress and does the first step, with a timer they can pause and skip', async ({ page, request }) => {
  const first = scenarios.find((s) => s.slug === PREVIEW_SCENARIO)!;
  const html = await (await request.get('/app/mindstage')).text();
  expect(html).toContain(first.steps[0]!.text.slice(0, 80));
  expect(html).not.toContain(first.steps[2]!.text.slice(0, 80));
  expect(html).not.toContain('Preview Coming Soon');

  const sent = noWrites(page);
  await page.clock.install();
  await page.goto('/app/mindstage');
  const preview = page.locator('[data-preview="mindstage"]');
  await expect(preview.getByRole('heading', { name: `Step 1 of 5: ${first.steps[0]!.title}` })).toBeVisible();
  const rating = preview.getByRole('group', { name: /how anxious do you feel about this scene/ });
  await rating.getByText('6', { exact: true }).click();
  await expect(rating.getByRole('radio', { name: '6' })).toBeChecked();

  await preview.getByRole('button', { name: 'Start the timer' }).click();
  const clock = preview.locator('[data-clock]');
  await expect(clock).toHaveText('1:00');
  await page.clock.runFor(10_000);
  await expect(clock).toHaveText('0:50');
  await preview.getByRole('button', { name: 'Pause' }).click();
  await page.clock.runFor(30_000);
  await expect(clock).toHaveText('0:50');
  await preview.getByRole('button', { name: 'Resume' }).click();
  await page.clock.runFor(5_000);
  await expect(clock).toHaveText('0:45');
  await preview.getByRole('button', { name: 'Skip' }).click();
  await expect(preview.locator('[data-status]')).toHaveText('Step finished. Members go on to picture the scene and rehearse it.');
  expect(sent).toEqual([]);
  await expectNoSeriousA11yViolations(page);
});

test('The Reset Room: a visitor does the 5-4-3-2-1 grounding reset in full, the crisis line always in view', async ({ page, request }) => {
  const html = await (await request.get('/app/the-reset-room')).text();
  for (const step of grounding.steps) expect(html).toContain(step.text.slice(0, 60));
  expect(html).toContain(crisis.text);
  // Another reset's steps are the members'.
  expect(html).not.toContain(resets.find((r) => r.slug === 'stop-pause')!.steps[1]!.text.slice(0, 60));

  const sent = noWrites(page);
  await page.clock.install();
  await page.goto('/app/the-reset-room');
  const line = page.locator('[data-crisis-help]');
  await expect(line).toBeVisible();
  await expect(line.getByRole('link', { name: new RegExp(crisis.linkLabel) })).toHaveAttribute('href', crisis.href);

  const preview = page.locator('[data-preview="the-reset-room"]');
  await preview.getByRole('group', { name: 'How strong is the feeling right now?' }).getByText('7', { exact: true }).click();
  await preview.getByRole('button', { name: 'Start the timer' }).click();
  const steps = preview.locator('[data-steps] > li');
  await expect(steps).toHaveCount(grounding.steps.length);
  await expect(steps.nth(0)).toHaveAttribute('aria-current', 'step');
  await page.clock.runFor(grounding.steps[0]!.seconds * 1000);
  await expect(steps.nth(1)).toHaveAttribute('aria-current', 'step');
  await preview.getByRole('button', { name: 'Pause' }).click();
  await page.clock.runFor(120_000);
  await expect(steps.nth(1)).toHaveAttribute('aria-current', 'step');
  await preview.getByRole('button', { name: 'Resume' }).click();
  for (let i = 2; i < grounding.steps.length; i++) await preview.getByRole('button', { name: 'Next step' }).click();
  await expect(steps.nth(grounding.steps.length - 1)).toHaveAttribute('aria-current', 'step');
  await preview.getByRole('button', { name: 'Next step' }).click();
  await expect(preview.locator('[data-status]')).toHaveText('Finished. Notice how you feel now.');
  await preview.getByRole('group', { name: 'And now, how strong is it?' }).getByText('4', { exact: true }).click();
  await expect(preview.locator('[data-reset-preview-change]')).toHaveText('Before 7, after 4: down 3. Members keep each reset in their history.');
  await expect(line).toBeVisible();
  expect(sent).toEqual([]);
  await expectNoSeriousA11yViolations(page);
});

test("The Reset Room's room page shows the crisis line to everyone, before any sign-in", async ({ request, page }) => {
  const html = await (await request.get('/lounge/the-reset-room/')).text();
  expect(html).toContain(crisis.text);
  await page.goto('/lounge/the-reset-room/');
  await expect(page.locator('[data-crisis-help]')).toBeVisible();
});
