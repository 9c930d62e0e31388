/**
 * The member's session on the members build, against the Firebase Auth emulator: a member page
 * restores the session from the record Firebase wrote at sign-in and reads the database as the
 * member without downloading Firebase; an hour later the ID token is refreshed with Firebase's
 * token endpoint before the next read (the page's clock moved on); an account disabled meanwhile
 * is signed out at that refresh; signing out in one tab signs the others out; and Google
 * sign-in through the popup works, with Google's iframe library loaded only once the button is
 * pressed. Nothing of the site is intercepted; Google's library is the stand-in of
 * ../support/gapi-double.ts (the tests run offline).
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { HOME_URL } from '../support/e2e';
import { installGapiDouble } from '../support/gapi-double';
import { createUser, EMULATOR, PROJECT, signIn, uniqueEmail } from '../support/members';

const SLOW = 20_000;
const HOUR = 3_600_000;
const SESSION_RECORD = 'ia:session';

type Record = { uid: string; idToken: string; refreshToken: string; expiresAt: number };
const recordOf = (page: Page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as Record | null, SESSION_RECORD);

/** What the page asks for: token refreshes, database reads (with their bearer), and whether any script is Firebase's SDK. */
function watch(page: Page) {
  const refreshes: Request[] = [];
  const reads: { url: string; bearer: string | null }[] = [];
  const firebase: string[] = [];
  page.on('request', (req) => {
    const url = req.url();
    if (url.includes('/securetoken.googleapis.com/v1/token')) refreshes.push(req);
    if (url.includes('/rest/v1/')) reads.push({ url, bearer: req.headers()['authorization'] ?? null });
  });
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.text().catch(() => '');
    if (body.includes('identitytoolkit.googleapis.com')) firebase.push(res.url());
  });
  return { refreshes, reads, firebase };
}

test.describe.configure({ timeout: 90_000 });

test('a member page restores the session without Firebase, and refreshes the ID token an hour later', async ({ page }) => {
  const user = await createUser('Ana Lima');
  await signIn(page, user);
  const signedIn = (await recordOf(page))!;
  expect(signedIn.uid).toBe(user.memberId);

  // The next page: the member's data, read with the token of the sign-in, and no Firebase.
  let seen = watch(page);
  await page.goto('/course/');
  await expect(page.locator('[data-nav-account="desktop"]').getByRole('button', { name: 'Account' })).toBeVisible({ timeout: SLOW });
  await expect.poll(() => seen.reads.length).toBeGreaterThan(0);
  expect(new Set(seen.reads.map((r) => r.bearer))).toEqual(new Set([`Bearer ${signedIn.idToken}`]));
  expect(seen.refreshes).toEqual([]);
  expect(seen.firebase).toEqual([]);

  // An hour later (the page's clock; the emulator's tokens carry real times, so the refreshed
  // token differs from the first one by its issue time).
  await page.waitForTimeout(1_100);
  await page.clock.install({ time: Date.now() + HOUR + 60_000 });
  seen = watch(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ana Lima' })).toBeVisible({ timeout: SLOW });
  await expect.poll(() => seen.reads.length).toBeGreaterThan(0);
  expect(seen.refreshes).toHaveLength(1);
  expect(seen.refreshes[0]!.method()).toBe('POST');
  expect(seen.refreshes[0]!.postData()).toContain('grant_type=refresh_token');
  const refreshed = (await recordOf(page))!;
  expect(refreshed.idToken).not.toBe(signedIn.idToken);
  expect(refreshed.expiresAt).toBeGreaterThan(signedIn.expiresAt + HOUR - 5_000);
  expect(new Set(seen.reads.map((r) => r.bearer))).toEqual(new Set([`Bearer ${refreshed.idToken}`]));
  expect(seen.firebase).toEqual([]);

  // The fresh token is kept: the next page sends it without asking again.
  seen = watch(page);
  await page.goto('/course/');
  await expect.poll(() => seen.reads.length).toBeGreaterThan(0);
  expect(seen.refreshes).toEqual([]);
  expect(new Set(seen.reads.map((r) => r.bearer))).toEqual(new Set([`Bearer ${refreshed.idToken}`]));
});

test('an account disabled meanwhile is signed out at the next refresh', async ({ page }) => {
  const user = await createUser('Ana Lima');
  await signIn(page, user);
  const disabled = await fetch(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: user.memberId, disableUser: true }),
  });
  expect(disabled.ok).toBe(true);

  await page.clock.install({ time: Date.now() + HOUR + 60_000 });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/, { timeout: SLOW });
  expect(await recordOf(page)).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('ia:signed-in'))).toBeNull();
});

test('signing out in one tab signs the member out in another', async ({ page, context }) => {
  const user = await createUser('Ana Lima');
  await signIn(page, user);
  const other = await context.newPage();
  await other.goto('/dashboard');
  await expect(other.getByRole('heading', { level: 1, name: 'Welcome, Ana Lima' })).toBeVisible({ timeout: SLOW });

  await page.goto('/course/');
  const menu = page.locator('[data-nav-account="desktop"]');
  await menu.getByRole('button', { name: 'Account' }).click({ timeout: SLOW });
  await menu.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(HOME_URL, { timeout: SLOW });

  // The dashboard in the other tab learns it without a reload and sends the member to sign in.
  await expect(other).toHaveURL(/\/login/, { timeout: SLOW });
  // And no record of the session is left in the browser, once both tabs have settled (the other
  // tab's Firebase may have been writing a refreshed token as this one signed out).
  await expect.poll(() => recordOf(page), { timeout: SLOW }).toBeNull();
});

test('Google sign-in: the popup signs the member in, and Google’s library loads only once the button is pressed', async ({ page, context }) => {
  const google = await installGapiDouble(context);
  await page.goto('/login');
  const button = page.getByRole('button', { name: 'Continue with Google' });
  await expect(button).toBeEnabled();
  // Firebase has been fetched ahead of the click; Google's library has not.
  await page.waitForLoadState('networkidle');
  expect(google).toEqual([]);

  const email = uniqueEmail('google');
  const popup = context.waitForEvent('page');
  await button.click();
  const widget = await popup;
  await widget.getByText('Add new account').click();
  await widget.locator('#email-input').fill(email);
  await widget.locator('#display-name-input').fill('Gabriel Google');
  await widget.getByRole('button', { name: /Sign in with Google\.com/ }).click();

  await expect(page).toHaveURL(/\/dashboard\/?$/, { timeout: SLOW });
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Gabriel Google' })).toBeVisible({ timeout: SLOW });
  expect(google.length).toBeGreaterThan(0);
  const record = (await recordOf(page))!;
  const claims = JSON.parse(Buffer.from(record.idToken.split('.')[1]!, 'base64url').toString('utf8')) as { email: string; firebase: { sign_in_provider: string }; role?: string };
  expect(claims.email).toBe(email);
  expect(claims.firebase.sign_in_provider).toBe('google.com');
  // The account sync gave the member their role, and the record holds the token that carries it.
  expect(claims.role).toBe('authenticated');

  // A member page after a Google sign-in loads neither Firebase nor Google's library.
  const before = google.length;
  const seen = watch(page);
  await page.goto('/course/');
  await expect.poll(() => seen.reads.length).toBeGreaterThan(0);
  expect(seen.firebase).toEqual([]);
  expect(google.length).toBe(before);
});
