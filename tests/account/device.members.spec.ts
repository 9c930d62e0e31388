/**
 * The device follows the session, in the members build with the service worker: after member
 * A's session is revoked (as firebase-admin's revokeRefreshTokens does: `validSince`; and
 * disabled, which is what makes the Auth emulator refuse the next refresh), member B signing in on the same browser finds none
 * of A's caches or IndexedDB data, read through the browser's own APIs (every cache and its
 * entries, every IndexedDB database and its records, the workers). What A wrote offline and
 * could not send stays for A only: B's pages never show it and B's session never sends it; it is
 * sent when A signs in there again.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/page-errors';
import { createUser, EMULATOR, PASSWORD, PROJECT, signIn, type TestUser } from '../support/members';
import { rowsOf, subscription } from '../support/members-commerce';
import { answerKept, controlled, OFFLINE_FAILURES, WITH_WORKER } from '../support/offline';
import { gatedItems } from '../support/gated-content';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../../local-platform/demo-members.mjs';

const SLOW = 20_000;
const HOUR = 3_600_000;
const lesson = gatedItems('course')[2]!;
const LESSON = `/course/${lesson.slug}/`;
/** Member B: the demo Explorer (signing in revokes nothing of theirs). */
const B = DEMO_MEMBERS.find((m) => m.email === 'explorer@demo.local')!;

test.use(WITH_WORKER);
test.describe.configure({ timeout: 150_000 });

/** One change to `memberId`'s account, as the project's owner (firebase-admin's calls). */
async function updateAccount(memberId: string, change: Record<string, unknown>): Promise<void> {
  const res = await fetch(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: memberId, ...change }),
  });
  expect(res.ok).toBe(true);
}

/**
 * Ends every session of `memberId` on the server: revoked as firebase-admin's revokeRefreshTokens does
 * (`validSince`, a second after the tokens the member holds), and disabled, because the Auth
 * emulator refuses a refresh only for a disabled account (its token grant checks `disabled`,
 * not `validSince`, which it checks for ID tokens only); Google's service refuses both.
 */
async function endSessions(memberId: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  await updateAccount(memberId, { validSince: String(Math.floor(Date.now() / 1000)) });
  await updateAccount(memberId, { disableUser: true });
}

/** Everything this origin keeps, through the browser's own APIs: each cache's entries, each IndexedDB database's records, the workers. */
const everything = (page: Page) =>
  page.evaluate(async () => {
    const cacheEntries: Record<string, string[]> = {};
    for (const name of await caches.keys()) cacheEntries[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
    const databases: Record<string, Record<string, unknown[]>> = {};
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      databases[name] = await new Promise<Record<string, unknown[]>>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const stores = [...db.objectStoreNames];
          const records: Record<string, unknown[]> = {};
          if (!stores.length) {
            db.close();
            resolve(records);
            return;
          }
          const tx = db.transaction(stores, 'readonly');
          for (const store of stores) {
            const all = tx.objectStore(store).getAll();
            all.onsuccess = () => (records[store] = all.result);
          }
          tx.oncomplete = () => {
            db.close();
            resolve(records);
          };
          tx.onerror = () => reject(tx.error);
        };
      });
    }
    return { caches: cacheEntries, databases, workers: (await navigator.serviceWorker.getRegistrations()).length, owner: localStorage.getItem('ia:device') };
  });

/** A paying member A who read a paid lesson online while the worker is in charge (its text kept for them). */
async function memberWithLesson(page: Page): Promise<TestUser> {
  const a = await createUser('Ada Leaving');
  await subscription(a, { price_id: 'price_alchemist_monthly', subscription_status: 'active' });
  await signIn(page, a);
  await page.goto(LESSON);
  await controlled(page);
  await page.reload();
  await expect(page.locator('[data-lesson-body]')).toBeVisible({ timeout: SLOW });
  await answerKept(page, `/api/content/course/${lesson.slug}`);
  const before = await everything(page);
  expect(Object.keys(before.caches)).toContain(`ia-member-${a.memberId}`);
  return a;
}

/** The member's session ends on the server; the page finds out at its next token refresh (an hour on) and goes to sign in. */
async function sessionEnds(page: Page, memberId: string, then = async () => {}): Promise<void> {
  await endSessions(memberId);
  await page.clock.install({ time: Date.now() + HOUR + 60_000 });
  await then();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/, { timeout: SLOW });
}

async function signInAs(page: Page, email: string, password: string, name: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/?$/, { timeout: SLOW });
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${name}` })).toBeVisible({ timeout: SLOW });
}

/** What the browser logs as A's session ends: the refused refresh, and A's reads refused once the page has no token for A. */
const SESSION_ENDING = /securetoken\.googleapis\.com|status of 40[01]|^40[01] |permission denied/;

test('after member A’s session is revoked, member B signing in on the same browser finds none of A’s caches or IndexedDB data', async ({ page, pageErrors }) => {
  pageErrors.allow(SESSION_ENDING);
  const a = await memberWithLesson(page);
  await sessionEnds(page, a.memberId);

  await signInAs(page, B.email, DEMO_PASSWORD, B.name);
  await controlled(page);
  const device = await everything(page);
  expect(Object.keys(device.caches)).not.toContain(`ia-member-${a.memberId}`);
  expect(Object.values(device.caches).flat().filter((url) => url.includes('/api/content/'))).toEqual([]);
  expect(Object.keys(device.databases).filter((name) => name.includes(a.memberId))).toEqual([]);
  expect(JSON.stringify(device.databases)).not.toContain(a.memberId);
  // One worker, B's (A's was told to forget and unregistered), and the device is B's.
  expect(device.workers).toBe(1);
  expect(device.owner).toBe(B.memberId);
});

test('what A wrote offline and could not send stays for A only: never shown to or sent by B, sent when A signs in again', async ({ page, context, pageErrors }) => {
  pageErrors.allow(OFFLINE_FAILURES);
  pageErrors.allow(SESSION_ENDING);
  const a = await memberWithLesson(page);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Mark as complete' }).click();
  await expect(page.locator('[data-lesson-complete] [data-waiting]')).toHaveText('Saved on this device, will sync');

  await sessionEnds(page, a.memberId, () => context.setOffline(false));
  await signInAs(page, B.email, DEMO_PASSWORD, B.name);
  const device = await everything(page);
  expect(Object.keys(device.caches)).not.toContain(`ia-member-${a.memberId}`);
  // A's unsent write is the only thing of A's left: in A's own outbox, which B's session never opens.
  expect(Object.keys(device.databases).filter((name) => name.includes(a.memberId))).toEqual([`ia-outbox-${a.memberId}`]);
  const others = Object.fromEntries(Object.entries(device.databases).filter(([name]) => name !== `ia-outbox-${a.memberId}`));
  expect(JSON.stringify(others)).not.toContain(a.memberId);

  // B opens the same lesson: nothing of A's waits there, and nothing of A's is sent.
  await page.goto(LESSON);
  await expect(page.getByRole('heading', { level: 1, name: lesson.title })).toBeVisible();
  await page.waitForTimeout(4_000);
  await expect(page.locator('[data-waiting]')).toHaveCount(0);
  await expect(page.getByText('Saved on this device, will sync')).toHaveCount(0);
  expect(await rowsOf('lesson_progress', { member_id: a.memberId })).toEqual([]);

  // B signs out; A signs in again on this browser: A's write is sent, and their outbox is empty.
  const corner = page.locator('[data-nav-account="desktop"]');
  await corner.getByRole('button', { name: 'Account' }).click();
  await corner.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/', { timeout: SLOW });
  expect(Object.keys((await everything(page)).databases)).toContain(`ia-outbox-${a.memberId}`);
  await updateAccount(a.memberId, { disableUser: false });
  await page.goto('/login');
  await signInAs(page, a.email, PASSWORD, a.displayName);
  await expect.poll(() => rowsOf('lesson_progress', { member_id: a.memberId }), { timeout: SLOW }).toEqual([expect.objectContaining({ lesson_slug: lesson.slug })]);
});
