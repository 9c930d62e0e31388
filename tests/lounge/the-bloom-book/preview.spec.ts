/**
 * The Bloom Book's preview on its sales page, for a visitor with no account: the first prompt
 * in the page's HTML (never the second), and a page written there kept in this browser only,
 * nothing sent anywhere.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/e2e';
import { contentOf, noWrites } from '../shared/pages';

const prompts = contentOf<{ text: string }[]>('the-bloom-book/prompts.json');

test('The Bloom Book: a visitor writes a page that stays in this browser only', async ({ page, request }) => {
  const html = await (await request.get('/app/the-bloom-book')).text();
  expect(html).toContain(prompts[0]!.text);
  expect(html).not.toContain(prompts[1]!.text);
  expect(html).toContain('Members keep their book in their account');

  const sent = noWrites(page);
  await page.goto('/app/the-bloom-book');
  const form = page.locator('[data-bloom-preview]');
  await form.getByRole('textbox', { name: 'Grateful for (1 of 3)' }).fill('The first frost on the window');
  await form.getByRole('textbox', { name: prompts[0]!.text }).fill('A slow breakfast.');
  await page.reload();
  await expect(form.getByRole('textbox', { name: 'Grateful for (1 of 3)' })).toHaveValue('The first frost on the window');
  await expect(form.getByRole('textbox', { name: prompts[0]!.text })).toHaveValue('A slow breakfast.');
  expect(sent).toEqual([]);
  await expectNoSeriousA11yViolations(page);
});
