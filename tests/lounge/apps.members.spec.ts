import type { Page } from '@playwright/test';
import { expect, test } from '../support/page-errors';
import { gzipSync } from 'node:zlib';
import { expectNoSeriousA11yViolations } from '../support/e2e';
import { owns, rowsOf, signIn } from '../support/members-commerce';

/**
 * Rise Mode, Mindstage and The Reset Room in the members build (issue 22): an owner completes
 * each app's main flow once and finds it after a reload (a check-in; a rehearsal with its two
 * ratings on the chart; a reset in the history); a member without the app is shown the way in;
 * each room loads only its own app's code within the budget. Nothing is intercepted: access is
 * the member's purchase, written as the service role to the local PostgREST endpoint over PGlite
 * running our migrations (the content gate reads it there; so does the browser), and the apps
 * write and read their own tables (rise_days, rise_statements, rehearsals, rehearsal_scenarios,
 * resets) on that endpoint with the member's Firebase emulator ID token, so grants, row-level
 * security, constraints, triggers and the keys (one day per member and day) are Postgres's
 * answer. What the apps stored is read back as the service role.
 */

const SLOW = 20_000;

test.describe.configure({ timeout: 150_000 });

test('Rise Mode: an owner starts the day, checks in in the evening, and finds the check-in after a reload', async ({ page }) => {
  const member = await signIn(page);
  await owns(member, 'price_app_rise_mode');

  await page.goto('/app/rise-mode');
  await page.getByRole('link', { name: 'Open Rise Mode' }).click({ timeout: SLOW });
  await expect(page).toHaveURL(/\/lounge\/rise-mode\/$/);
  const morning = page.getByRole('form', { name: 'This morning' });
  await expect(morning).toBeVisible({ timeout: SLOW });
  const statement = (await page.locator('[data-todays-statement]').textContent())!.trim();
  expect(statement.length).toBeGreaterThan(10);
  await expectNoSeriousA11yViolations(page);

  await morning.getByRole('textbox', { name: /Your intention for today/ }).fill('Speak kindly to myself when I slip.');
  await morning.getByRole('button', { name: 'Start my day' }).click();
  await expect(page.getByText('Saved. Come back this evening to check in.')).toBeVisible({ timeout: SLOW });
  const evening = page.getByRole('form', { name: 'This evening' });
  await evening.getByRole('radio', { name: 'Partly' }).check();
  await evening.getByRole('textbox', { name: /A short note/ }).fill('Caught myself twice; the third time I forgot.');
  await evening.getByRole('button', { name: 'Save my check-in' }).click();
  await expect(page.getByText('Checked in. Well done for showing up.')).toBeVisible({ timeout: SLOW });
  expect(await rowsOf('rise_days', { user_id: member.uid })).toEqual([expect.objectContaining({ user_id: member.uid, intention: 'Speak kindly to myself when I slip.', statement_text: statement, lived: 'partly' })]);

  await page.reload();
  const history = page.locator('[data-rise-history]');
  await expect(history).toContainText('Partly', { timeout: SLOW });
  await history.locator('summary').first().click();
  await expect(history).toContainText('Caught myself twice; the third time I forgot.');
  await expect(page.getByRole('form', { name: 'This evening' }).getByRole('radio', { name: 'Partly' })).toBeChecked();
  await expect(page.locator('[data-todays-statement]')).toHaveText(statement);
});

test('Mindstage: an owner rehearses a scene with ratings before and after, and finds both on its chart after a reload', async ({ page }) => {
  const member = await signIn(page);
  await owns(member, 'price_app_mindstage');

  await page.goto('/lounge/mindstage/');
  const card = page.locator('[data-scenario="a-phone-call"]');
  await expect(card).toBeVisible({ timeout: SLOW });
  await expectNoSeriousA11yViolations(page);
  await card.getByRole('button', { name: /^Rehearse/ }).click();
  await page.getByRole('group', { name: /Before you begin/ }).getByText('8', { exact: true }).click();
  await page.getByRole('button', { name: 'Begin the rehearsal' }).click();
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Skip this step' }).click();
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.getByRole('group', { name: /And now/ }).getByText('5', { exact: true }).click();
  await page.getByRole('button', { name: 'Save this rehearsal' }).click();
  await expect(page.getByText('Saved. It is on this scene’s chart.')).toBeVisible({ timeout: SLOW });
  expect(await rowsOf('rehearsals', { user_id: member.uid })).toEqual([expect.objectContaining({ user_id: member.uid, scenario: 'a-phone-call', suds_before: 8, suds_after: 5 })]);

  await page.reload();
  const reloaded = page.locator('[data-scenario="a-phone-call"]');
  await reloaded.getByText('Your ratings over time').click({ timeout: SLOW });
  await expect(reloaded.getByRole('img', { name: /Distress before and after each rehearsal of Making a phone call/ })).toBeVisible();
  const cells = reloaded.getByRole('table').getByRole('row').nth(1).getByRole('cell');
  await expect(cells.nth(1)).toHaveText('8');
  await expect(cells.nth(2)).toHaveText('5');
  await expectNoSeriousA11yViolations(page);
});

test('The Reset Room: an owner does a reset and finds it in the history after a reload; the crisis line is always there', async ({ page }) => {
  const member = await signIn(page);
  await owns(member, 'price_app_the_reset_room');

  await page.goto('/lounge/the-reset-room/');
  await expect(page.locator('[data-crisis-help]')).toBeVisible();
  await page.getByRole('radio', { name: /Overwhelm/ }).check({ timeout: SLOW });
  await page.getByRole('group', { name: 'How strong is it, from 0 to 10?' }).getByText('6', { exact: true }).click();
  await page.getByRole('button', { name: 'Find a reset' }).click();
  await page.getByRole('button', { name: 'Start the stop pause' }).click();
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  await expect(page.locator('[data-crisis-help]')).toBeVisible();
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Next step' }).click();
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.getByRole('group', { name: 'How strong is it now, from 0 to 10?' }).getByText('3', { exact: true }).click();
  await page.getByRole('button', { name: 'Save to my history' }).click();
  await expect(page.getByText('Saved to your history.')).toBeVisible({ timeout: SLOW });
  expect(await rowsOf('resets', { user_id: member.uid })).toEqual([expect.objectContaining({ user_id: member.uid, feeling: 'overwhelm', reset: 'stop-pause', intensity_before: 6, intensity_after: 3 })]);

  await page.reload();
  await expect(page.locator('[data-reset-history]')).toContainText('6 → 3 (down 3)', { timeout: SLOW });
  await expect(page.locator('[data-helped-most]')).toContainText('The STOP pause');
  await expectNoSeriousA11yViolations(page);
});

test('a member without Mindstage is shown what it is and the way in, and no scenario reaches the page', async ({ page }) => {
  await signIn(page);
  const gateCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/content/')) gateCalls.push(r.url());
  });
  await page.goto('/lounge/mindstage/');
  const wayIn = page.locator('[data-room="way-in"]');
  await expect(wayIn).toBeVisible({ timeout: SLOW });
  await expect(wayIn.getByRole('link', { name: 'Get Mindstage' })).toHaveAttribute('href', '/app/mindstage#get-app');
  await expect(wayIn.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
  expect(gateCalls).toEqual([]);
  await expectNoSeriousA11yViolations(page);
});

async function scriptsOf(page: Page, path: string): Promise<{ url: string; gzip: number; firebase: boolean }[]> {
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

for (const path of ['/lounge/rise-mode/', '/lounge/mindstage/', '/lounge/the-reset-room/', '/app/rise-mode', '/app/mindstage', '/app/the-reset-room']) {
  test(`${path} downloads no Firebase code for a visitor who never signed in`, async ({ page }) => {
    const scripts = await scriptsOf(page, path);
    expect(scripts.filter((s) => s.firebase).map((s) => s.url)).toEqual([]);
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    console.log(`lounge budget ${path}: visitor ${(total / 1024).toFixed(1)} KiB`);
    expect(total).toBeLessThanOrEqual(80 * 1024);
  });
}

/** The gzip bytes of each module `url` imports statically (itself included), as the browser fetches them. */
async function staticClosure(page: Page, url: string, seen = new Map<string, number>()): Promise<Map<string, number>> {
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
  ['rise-mode', 'price_app_rise_mode', 'RiseMode', ['Mindstage', 'ResetRoom', 'Stillpoint', 'BloomBook', 'Whispers'], '[data-todays-statement]'],
  ['mindstage', 'price_app_mindstage', 'Mindstage', ['RiseMode', 'ResetRoom', 'Stillpoint', 'BloomBook', 'Whispers'], '[data-scenarios]'],
  ['the-reset-room', 'price_app_the_reset_room', 'ResetRoom', ['RiseMode', 'Mindstage', 'Stillpoint', 'BloomBook', 'Whispers'], 'input[name="feeling"]'],
] as const) {
  test(`/lounge/${slug}/ loads only its own app for its owner, within 80 KiB of its own code`, async ({ page }) => {
    const member = await signIn(page);
    await owns(member, priceId);
    const scripts = await scriptsOf(page, `/lounge/${slug}/`);
    // The app itself, not the sign-in panel, the way in or a loading line.
    await expect(page.locator(`[data-member-only] ${ready}`).first()).toBeVisible({ timeout: SLOW });
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
    console.log(`lounge budget ${slug}: app's own code ${(own / 1024).toFixed(1)} KiB; member total ${(total / 1024).toFixed(1)} KiB`);
    expect(own).toBeGreaterThan(1024);
    expect(own).toBeLessThanOrEqual(80 * 1024);
  });
}
