/**
 * The site on a member's device, in the members build: installable (Chromium's own checks of the
 * manifest, through the DevTools protocol), a service worker for members only (a visitor's pages
 * register none and never fetch it), member pages that open offline once opened online, and a
 * sign-out that leaves nothing behind (caches, IndexedDB, the worker), read through the
 * browser's own APIs.
 */
import { expect, test } from '../support/page-errors';
import { createUser, PASSWORD } from '../support/members';
import { controlled, deviceOf, OFFLINE_FAILURES, WITH_WORKER } from '../support/offline';
import { gatedItems } from '../support/gated-content';

const SLOW = 20_000;

/** The course's free lesson (a lesson page any member opens; the compiled gated content lists the lessons). */
const FREE_LESSON = `/course/${gatedItems('course').find((l) => l.preview)!.slug}/`;
test.use(WITH_WORKER);
test.describe.configure({ timeout: 90_000 });

test('the site is installable: Chromium finds no manifest error and no installability error', async ({ page }) => {
  await page.goto('/');
  const cdp = await page.context().newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[]; data?: string };
  expect(manifest.url).toMatch(/\/site\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
  const data = JSON.parse(manifest.data ?? '{}') as { start_url?: string; display?: string; name?: string };
  expect(data).toMatchObject({ start_url: '/dashboard', display: 'standalone', name: 'Inner Alchemy' });
  const installability = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  expect(installability.installabilityErrors).toEqual([]);
});

test('a visitor’s pages register no service worker and never fetch it', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/sw.js') fetched.push(r.url());
  });
  for (const path of ['/', '/pricing', '/lounge/stillpoint/', '/course/']) {
    await page.goto(path);
    await page.waitForLoadState('load');
  }
  expect(await deviceOf(page)).toEqual({ caches: [], databases: [], workers: 0 });
  expect(fetched).toEqual([]);
});

test('a member’s page opens offline once opened online; signing out clears caches, IndexedDB and the worker', async ({ page, context, pageErrors }) => {
  pageErrors.allow(OFFLINE_FAILURES);
  const user = await createUser('Nell Ortiz');
  // Signed in through the form, straight back to the free lesson (the page a member asked for).
  await page.goto(`/login?next=${encodeURIComponent(FREE_LESSON)}`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === FREE_LESSON, { timeout: SLOW });
  await controlled(page);
  const before = await deviceOf(page);
  expect(before.workers).toBe(1);
  expect(before.caches.some((name) => name.startsWith('ia-shell-'))).toBe(true);
  // A page opened while the worker is in charge: the member's answers (here, what their badge is read from) are kept for them.
  await page.reload();
  await expect(page.locator('[data-nav-account="desktop"] [data-tier]')).toBeVisible({ timeout: SLOW });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[data-nav-account="desktop"]').getByRole('button', { name: 'Account' })).toBeVisible({ timeout: SLOW });
  // The member's own answers went into a cache named for them, never a shared one.
  expect((await deviceOf(page)).caches).toContain(`ia-member-${user.memberId}`);
  await context.setOffline(false);

  const corner = page.locator('[data-nav-account="desktop"]');
  await corner.getByRole('button', { name: 'Account' }).click();
  await corner.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/', { timeout: SLOW });
  await page.waitForLoadState('load');
  expect(await deviceOf(page)).toEqual({ caches: [], databases: [], workers: 0 });
});
