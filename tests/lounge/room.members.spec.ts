import type { Page } from '@playwright/test';
import { expect, test } from '../support/page-errors';
import { readFileSync } from 'node:fs';
import { expectNoSeriousA11yViolations } from '../support/e2e';
import { owns, rowsOf, signIn } from '../support/members-commerce';

/**
 * The Lounge in the members build (issue 21): an owner uses each app once and finds the result
 * after a reload (a logged breathing session, a saved journal page, the place in a story); a
 * member without the app is shown the way in; the library's Open and the app page lead to the
 * room. Nothing is intercepted: access is the member's purchase, written as the service role to
 * the local PostgREST endpoint over PGlite running our migrations (the content gate reads it
 * there; so does the browser), and the apps write and read their own tables (breathing_sessions,
 * bloom_pages, story_places) on that endpoint with the member's Firebase emulator ID token, so
 * grants, row-level security, constraints, triggers and the tables' unique keys (one page a day,
 * one place a story) are Postgres's answer. What the apps stored is read back as the service role.
 */

const SLOW = 20_000;
type Story = { title: string; html: string; order: number };
const generated = JSON.parse(readFileSync(new URL('../../netlify/functions/_generated/gated-content.json', import.meta.url), 'utf8')) as {
  'whispers-before-sleep': Record<string, Story>;
};
const stories = Object.entries(generated['whispers-before-sleep'])
  .map(([id, s]) => ({ id, ...s }))
  .sort((a, b) => a.order - b.order);

test.describe.configure({ timeout: 150_000 });

test('Stillpoint: an owner breathes one minute of box breathing and finds the session in the history after a reload', async ({ page }) => {
  await page.clock.install();
  const member = await signIn(page);
  await owns(member, 'price_app_stillpoint');

  // The app page's panel leads to the room.
  await page.goto('/app/stillpoint');
  await page.getByRole('link', { name: 'Open Stillpoint' }).click({ timeout: SLOW });
  await expect(page).toHaveURL(/\/lounge\/stillpoint\/$/);
  const guide = page.getByRole('group', { name: 'Box breathing, breathing guide' });
  await expect(guide).toBeVisible({ timeout: SLOW });
  await expect(page.getByText('Your finished sessions appear here.')).toBeVisible({ timeout: SLOW });
  await expectNoSeriousA11yViolations(page);

  // From here the page's clock moves only when the test moves it.
  await page.clock.pauseAt(new Date(Date.now() + 1_000));
  await guide.getByRole('button', { name: 'Start' }).click();
  await expect(guide.locator('[data-sp-cue]')).toHaveText('Breathe in, 4');
  await expect(guide.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.clock.runFor(4_000);
  await expect(guide.locator('[data-sp-cue]')).toHaveText(/^Hold gently, 4$/);
  await page.clock.runFor(57_000);
  await expect(guide.locator('[data-sp-cue]')).toHaveText('Well done. Your session is complete.');
  await page.clock.resume();
  await expect(page.getByText('Session saved to your history.')).toBeVisible({ timeout: SLOW });
  expect(await rowsOf('breathing_sessions', { user_id: member.uid })).toEqual([expect.objectContaining({ user_id: member.uid, pattern: 'box', seconds: 60 })]);

  await page.reload();
  const history = page.locator('[data-history]');
  await expect(history).toContainText('Box breathing', { timeout: SLOW });
  await expect(history).toContainText('1 min');
});

test('The Bloom Book: an owner writes today’s page, finds it after a reload, adds to it, searches and exports it', async ({ page }) => {
  const member = await signIn(page);
  await owns(member, 'price_app_the_bloom_book');

  // The library's Open leads to the room.
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
  const pages = await rowsOf('bloom_pages', { user_id: member.uid });
  expect(pages).toHaveLength(1);
  expect(pages[0]).toMatchObject({ user_id: member.uid, gratitude_1: 'Morning light on the kitchen table', answer: 'Finishing the letter I kept putting off.' });
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
  const edited = await rowsOf('bloom_pages', { user_id: member.uid });
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

test('Whispers Before Sleep: an owner reads a story part way and finds the place after a reload', async ({ page }) => {
  const member = await signIn(page);
  await owns(member, 'price_app_whispers_before_sleep');
  const story = stories[1]!;

  await page.goto('/lounge/whispers-before-sleep/');
  await page.getByRole('button', { name: `Open: ${story.title}` }).click({ timeout: SLOW });
  const text = page.locator('[data-story-text]');
  await expect(text.locator('p').first()).toBeVisible({ timeout: SLOW });
  const paragraphs = await text.locator('p').count();
  expect(paragraphs).toBeGreaterThan(6);
  await expect(page.locator('[data-night-view]')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Reading on: the paragraph in the upper third of the screen is the place, kept a moment later.
  const places = () => rowsOf<{ sentence: number }>('story_places', { user_id: member.uid, story: story.id });
  const place = async () => (await places())[0]?.sentence ?? 0;
  await text.locator('p').nth(2).evaluate((p) => p.scrollIntoView({ block: 'start' }));
  await expect.poll(place, { timeout: SLOW }).toBeGreaterThan(0);
  const earlier = await place();
  // Reading further moves that place: one place a story (story_places' key), not a second row.
  await text.locator('p').nth(5).evaluate((p) => p.scrollIntoView({ block: 'start' }));
  await expect.poll(place, { timeout: SLOW }).toBeGreaterThan(earlier);
  expect(await places()).toHaveLength(1);
  const marked = page.locator('[data-story-text] p[aria-current="location"]');
  const paragraph = await marked.getAttribute('data-paragraph');
  expect(Number(paragraph)).toBeGreaterThanOrEqual(4);

  await page.reload();
  await page.getByRole('button', { name: `Continue: ${story.title}` }).click({ timeout: SLOW });
  await expect(marked).toHaveAttribute('data-paragraph', paragraph!, { timeout: SLOW });
  await expect(page.getByRole('button', { name: 'Read aloud from my place' })).toBeVisible();
});

test('a member without the app is shown what it is and the way in, and no story reaches the page', async ({ page }) => {
  await signIn(page);
  const gateCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/content/')) gateCalls.push(r.url());
  });
  await page.goto('/lounge/whispers-before-sleep/');
  const wayIn = page.locator('[data-room="way-in"]');
  await expect(wayIn).toBeVisible({ timeout: SLOW });
  await expect(wayIn.getByRole('link', { name: 'Get Whispers Before Sleep' })).toHaveAttribute('href', '/app/whispers-before-sleep#get-app');
  await expect(wayIn.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
  expect(gateCalls).toEqual([]);
  await expectNoSeriousA11yViolations(page);
});

test('a visitor is asked to sign in on a room, and the sign-in brings them back', async ({ page }) => {
  await page.goto('/lounge/the-bloom-book/');
  const panel = page.locator('[data-visitor-only] [data-room="sign-in"]');
  await expect(panel.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Flounge%2Fthe-bloom-book%2F');
  await expectNoSeriousA11yViolations(page);
});

/** The scripts a page downloads (gzip size, and whether it is Firebase's). */
async function scriptsOf(page: Page, path: string): Promise<{ url: string; gzip: number; firebase: boolean }[]> {
  const { gzipSync } = await import('node:zlib');
  const responses: Promise<{ url: string; gzip: number; firebase: boolean }>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    responses.push(res.body().then((body) => ({ url: res.url(), gzip: gzipSync(body, { level: 9 }).length, firebase: body.includes('identitytoolkit.googleapis.com') })));
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const inline = await page.evaluate(() => [...document.querySelectorAll('script:not([src])')].map((s) => s.textContent ?? ''));
  return [...(await Promise.all(responses)), ...inline.map((t, i) => ({ url: `inline #${i}`, gzip: gzipSync(Buffer.from(t), { level: 9 }).length, firebase: false }))];
}

for (const path of ['/lounge/stillpoint/', '/lounge/the-bloom-book/', '/lounge/whispers-before-sleep/', '/app/stillpoint', '/app/the-bloom-book', '/app/whispers-before-sleep']) {
  test(`${path} downloads no Firebase code for a visitor who never signed in`, async ({ page }) => {
    const scripts = await scriptsOf(page, path);
    expect(scripts.filter((s) => s.firebase).map((s) => s.url)).toEqual([]);
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    test.info().annotations.push({ type: 'gzip KiB (visitor)', description: (total / 1024).toFixed(1) });
    expect(total).toBeLessThanOrEqual(80 * 1024);
  });
}

/** The gzip bytes of each module `url` imports statically (itself included), as the browser fetches them. */
async function staticClosure(page: Page, url: string, seen = new Map<string, number>()): Promise<Map<string, number>> {
  const { gzipSync } = await import('node:zlib');
  const absolute = new URL(url, page.url()).href;
  if (seen.has(absolute)) return seen;
  const body = await (await page.request.get(absolute)).body();
  seen.set(absolute, gzipSync(body, { level: 9 }).length);
  for (const m of body.toString('utf8').matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g)) {
    await staticClosure(page, new URL(m[1]!, absolute).href, seen);
  }
  return seen;
}

for (const [slug, priceId, island, others, ready] of [
  ['stillpoint', 'price_app_stillpoint', 'Stillpoint', ['BloomBook', 'Whispers'], 'stillpoint-guide'],
  ['the-bloom-book', 'price_app_the_bloom_book', 'BloomBook', ['Stillpoint', 'Whispers'], 'form[aria-labelledby="bb-page-heading"]'],
  ['whispers-before-sleep', 'price_app_whispers_before_sleep', 'Whispers', ['Stillpoint', 'BloomBook'], '#ws-stories'],
] as const) {
  test(`/lounge/${slug}/ loads only its own app for its owner, within 80 KiB of its own code`, async ({ page }) => {
    const member = await signIn(page);
    await owns(member, priceId);
    const scripts = await scriptsOf(page, `/lounge/${slug}/`);
    // The app itself, not the sign-in panel, the way in or a loading line.
    await expect(page.locator(`[data-member-only] ${ready}`)).toBeVisible({ timeout: SLOW });
    await expect(page.locator('[data-member-only] [data-room]')).toHaveCount(0);
    for (const name of others) expect(scripts.filter((s) => s.url.includes(`/${name}.`)).map((s) => s.url)).toEqual([]);

    // The app's own code: its island's modules, less what the page's other islands and React share.
    const islandUrl = await page.locator(`[data-member-only] astro-island[component-url*="/${island}."]`).getAttribute('component-url');
    const shared = new Map<string, number>();
    for (const url of await page.locator('astro-island:not([data-member-only] astro-island)').evaluateAll((els) => els.flatMap((e) => [e.getAttribute('component-url'), e.getAttribute('renderer-url')]))) {
      if (url) await staticClosure(page, url, shared);
    }
    const own = [...(await staticClosure(page, islandUrl!)).entries()].filter(([url]) => !shared.has(url)).reduce((sum, [, bytes]) => sum + bytes, 0);
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    test.info().annotations.push({ type: 'gzip KiB (the app’s own code)', description: (own / 1024).toFixed(1) });
    test.info().annotations.push({ type: 'gzip KiB (everything a member downloads: React, Firebase, Supabase, the app)', description: (total / 1024).toFixed(1) });
    console.log(`lounge budget ${slug}: app's own code ${(own / 1024).toFixed(1)} KiB; member total ${(total / 1024).toFixed(1)} KiB`);
    expect(own).toBeGreaterThan(1024);
    expect(own).toBeLessThanOrEqual(80 * 1024);
  });
}
