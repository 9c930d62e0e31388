/**
 * The Bloom Book in the members build: an owner reaches it from the dashboard's library, writes
 * today's page, finds it after a reload, adds to it (one page a day: bloom_pages' key), searches
 * and exports it as Markdown.
 *
 * Nothing is intercepted: access is the member's purchase, written as the service role to the
 * local PostgREST endpoint over PGlite running our migrations (the content gate reads it there;
 * so does the browser), and the app writes and reads its own tables on that endpoint with the
 * member's Firebase emulator ID token, so grants, row-level security, constraints, triggers and
 * keys are Postgres's answer. What the app stored is read back as the service role.
 */
import { expect, test } from '../../support/page-errors';
import { readFileSync } from 'node:fs';
import { expectNoSeriousA11yViolations } from '../../support/e2e';
import { owns, rowsOf, signIn } from '../../support/members-commerce';

const SLOW = 20_000;

test.describe.configure({ timeout: 150_000 });

test('The Bloom Book: an owner writes today’s page, finds it after a reload, adds to it, searches and exports it', async ({ page }) => {
  const member = await signIn(page);
  await owns(member, 'price_app_the_bloom_book');

  // The library's Open leads to the app's home in the Lounge.
  await page.goto('/dashboard');
  await page.getByRole('region', { name: 'Your library' }).getByRole('link', { name: 'Open: The Bloom Book' }).click({ timeout: SLOW });
  await expect(page).toHaveURL(/\/lounge\/the-bloom-book\/$/);
  const form = page.getByRole('form', { name: 'Today’s page' });
  await expect(form).toBeVisible({ timeout: SLOW });
  await form.getByRole('textbox', { name: 'Grateful for (1 of 3)' }).fill('Morning light on the kitchen table');
  await form.getByRole('textbox', { name: 'Grateful for (2 of 3)' }).fill('A long call with my brother');
  const answer = form.getByRole('textbox').nth(3);
  await answer.fill('Finishing the letter I kept putting off.');
  await form.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByText('Saved to your book.')).toBeVisible({ timeout: SLOW });
  const pages = await rowsOf('bloom_pages', { user_id: member.memberId });
  expect(pages).toHaveLength(1);
  expect(pages[0]).toMatchObject({ user_id: member.memberId, gratitude_1: 'Morning light on the kitchen table', answer: 'Finishing the letter I kept putting off.' });
  expect(pages[0]!.prompt_text).toBeTruthy();

  await page.reload();
  const reloaded = page.getByRole('form', { name: 'Today’s page' });
  await expect(reloaded.getByRole('textbox', { name: 'Grateful for (1 of 3)' })).toHaveValue('Morning light on the kitchen table', { timeout: SLOW });
  const list = page.locator('[data-pages]');
  await expect(list).toContainText('A long call with my brother');
  // Saving the day's page again changes that page: one page a day (bloom_pages' unique key).
  await reloaded.getByRole('textbox', { name: 'Grateful for (3 of 3)' }).fill('Rain on the window at night');
  await reloaded.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByText('Saved to your book.')).toBeVisible({ timeout: SLOW });
  const edited = await rowsOf('bloom_pages', { user_id: member.memberId });
  expect(edited).toHaveLength(1);
  expect(edited[0]).toMatchObject({ day: pages[0]!.day, gratitude_1: 'Morning light on the kitchen table', gratitude_3: 'Rain on the window at night', answer: 'Finishing the letter I kept putting off.' });
  await page.getByRole('searchbox', { name: 'Search your pages' }).fill('letter');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search your pages' }).fill('nothing like this');
  await expect(page.getByText('No page holds “nothing like this”.')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download as Markdown' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^bloom-book-\d{4}-\d{2}-\d{2}\.md$/);
  const markdown = readFileSync((await file.path())!, 'utf8');
  expect(markdown).toContain('- Morning light on the kitchen table');
  expect(markdown).toContain('Finishing the letter I kept putting off.');
  expect(markdown).toContain('- Rain on the window at night');
  await expectNoSeriousA11yViolations(page);
});
