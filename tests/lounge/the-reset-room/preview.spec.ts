/**
 * The Reset Room's preview on its sales page, for a visitor with no account: the 5-4-3-2-1
 * grounding reset in full in the page's HTML (never another reset's steps), with its timer and
 * the two ratings, nothing sent anywhere; and the crisis line on the page, never behind a tap,
 * on the app's home in the Lounge too.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/e2e';
import { contentOf, noWrites } from '../shared/pages';

const resets = contentOf<{ slug: string; steps: { text: string; seconds: number }[] }[]>('the-reset-room/resets.json');
const grounding = resets.find((r) => r.slug === 'grounding-five-senses')!;
const crisis = contentOf<{ text: string; linkLabel: string; href: string }>('the-reset-room/crisis.json');

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

test("The Reset Room's home in the Lounge shows the crisis line to everyone, before any sign-in", async ({ request, page }) => {
  const html = await (await request.get('/lounge/the-reset-room/')).text();
  expect(html).toContain(crisis.text);
  await page.goto('/lounge/the-reset-room/');
  await expect(page.locator('[data-crisis-help]')).toBeVisible();
});
