/**
 * Mindstage's preview on its sales page, for a visitor with no account: the first step of a
 * scenario in the page's HTML (never a later one), the 0 to 10 rating, and the step's timer with
 * Pause and Skip, nothing sent anywhere.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/e2e';
import { PREVIEW_SCENARIO } from '../../../src/features/lounge/mindstage/rehearsal';
import { contentOf, noWrites } from '../shared/pages';

const scenarios = contentOf<{ slug: string; title: string; steps: { title: string; text: string; seconds: number }[] }[]>('mindstage/scenarios.json');

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

  // From here the page's clock moves only when the test moves it (a busy machine's own time never reaches the timer).
  await page.clock.pauseAt(new Date(Date.now() + 1_000));
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
  await page.clock.resume();
  await expectNoSeriousA11yViolations(page);
});
