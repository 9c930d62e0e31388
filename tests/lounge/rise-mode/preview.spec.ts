/**
 * Rise Mode's preview on its sales page, for a visitor with no account: only the statements
 * marked for the preview in the page's HTML, today's for the visitor's own day, and an intention
 * kept in this browser only (the next day's field starts empty), nothing sent anywhere.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/e2e';
import { statementOfDay } from '../../../src/features/lounge/rise-mode/rise';
import { contentOf, noWrites } from '../shared/pages';

const statements = contentOf<{ id: string; text: string; preview?: boolean }[]>('rise-mode/statements.json');
// The preview picks in id order (src/features/lounge/rise-mode/content.ts).
const sample = statements.filter((s) => s.preview).sort((a, b) => a.id.localeCompare(b.id));

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
