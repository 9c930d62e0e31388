/**
 * Sign-up, sign-in, sign-out and the guard on the members build (flag off), against the
 * Firebase Auth emulator; the member's rows are read from the local database (./commerce.ts).
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/page-errors';
import { expectNoSeriousA11yViolations, HOME_URL } from '../support/e2e';
import { profile, subscription } from '../support/members-commerce';
import { createUser, PASSWORD, protectEmailEnumeration, signIn, uniqueEmail } from '../support/members';

test.beforeAll(protectEmailEnumeration);

/**
 * Holds the account sync (served by the real function) until `release()`, so the label the
 * buttons wear while the member is being signed in can be seen whatever the machine's speed.
 */
async function holdAuthSync(page: Page): Promise<{ release: () => void }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth-sync', async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}

test('sign up, land on the dashboard, sign out', async ({ page }) => {
  const sync: { auth: string | null; body: unknown }[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/auth-sync') sync.push({ auth: r.headers()['authorization'] ?? null, body: r.postDataJSON() });
  });
  const email = uniqueEmail('signup');

  await page.goto('/signup');
  await expect(page.getByText('Sign up is temporarily unavailable', { exact: false })).toHaveCount(0);
  await page.getByLabel('Full name').fill('  Ana Lima  ');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await expectNoSeriousA11yViolations(page);
  const submit = page.getByRole('button', { name: 'Create Account' });
  const held = await holdAuthSync(page);
  await submit.click();
  await expect(page.getByRole('button', { name: 'Creating Account' }).first()).toBeVisible();
  held.release();

  const success = page.locator('[data-tone="success"]');
  await expect(success).toBeVisible();
  await expect(page).toHaveURL(/\/signup\/?$/); // the message shows first...
  await expect(page).toHaveURL(/\/dashboard\/?$/, { timeout: 5_000 }); // ...then the dashboard, 1.5 s later
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ana Lima');

  // The account was synced with the fresh token and the name typed in the form (the member
  // continues whatever the function answers).
  expect(sync).toHaveLength(1);
  expect(sync[0]?.auth).toMatch(/^Bearer [\w-]+\.[\w-]+\./);
  expect(sync[0]?.body).toEqual({ full_name: 'Ana Lima' });

  // Members see their tier badge and the Account menu.
  const corner = page.locator('[data-nav-account="desktop"]');
  await expect(corner.locator('[data-tier="Explorer"]')).toBeVisible();
  await expect(corner.getByRole('link', { name: 'Sign In' })).toBeHidden();

  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(HOME_URL);
  await expect(page.locator('[data-nav-account="desktop"]').getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('ia:signed-in'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\/?$/);
});

test('signup checks the passwords match before their length, and typing clears the message', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Ana');
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm password').fill('abd');
  await page.getByRole('button', { name: 'Create Account' }).click();
  const error = page.locator('[data-tone="error"]');
  await expect(error).toHaveText('Passwords do not match');
  await page.getByLabel('Confirm password').fill('abc');
  await expect(error).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(error).toHaveText('Password must be at least 6 characters long');
});

test('signup with an email that has an account says so', async ({ page, pageErrors }) => {
  pageErrors.provoked();
  const user = await createUser();
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Ana');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.locator('[data-tone="error"]')).toHaveText('An account with this email already exists. Please sign in instead.');
});

test('a wrong password shows the credentials message; typing clears it', async ({ page, pageErrors }) => {
  pageErrors.provoked();
  const user = await createUser();
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const error = page.locator('[data-tone="error"]');
  await expect(error).toHaveText('The email or password you entered is incorrect. Please check your credentials and try again.');
  await expect(page.getByRole('alert')).toContainText('The email or password you entered is incorrect.');
  await page.getByLabel('Password').pressSequentially('!');
  await expect(error).toHaveCount(0);
  await expect(page).toHaveURL(/\/login\/?$/);
});

test('login requires both fields, with the spec’s messages', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.locator('[data-tone="error"]')).toHaveText('Please enter your email address');
  await page.getByLabel('Email').fill('ana@example.com');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.locator('[data-tone="error"]')).toHaveText('Please enter your password');
  await expectNoSeriousA11yViolations(page);
});

test('sign in, then the Account menu on desktop and in the mobile menu', async ({ page }) => {
  const user = await createUser('Bea Costa');
  // The badge names the tier the member's subscription gives (the access model).
  await profile(user, { full_name: 'Bea Costa', membership_tier: 'Adventurer', created_at: '2025-01-05T10:00:00Z' });
  await subscription(user, { price_id: 'price_adventurer_monthly', subscription_status: 'active', cancel_at_period_end: false });
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(PASSWORD);
  const held = await holdAuthSync(page);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Signing In' }).first()).toBeVisible();
  held.release();
  await expect(page.locator('[data-tone="success"]')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/?$/, { timeout: 5_000 });

  await page.goto('/');
  const corner = page.locator('[data-nav-account="desktop"]');
  await expect(corner.locator('[data-tier="Adventurer"]')).toBeVisible();
  const account = corner.getByRole('button', { name: 'Account' });
  await expect(account).toHaveAttribute('aria-expanded', 'false');
  await account.click();
  await expect(account).toHaveAttribute('aria-expanded', 'true');
  await expect(corner.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(corner.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(corner.getByRole('link', { name: 'Dashboard' })).toBeHidden();
  await expectNoSeriousA11yViolations(page, { include: 'header' });

  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByRole('button', { name: 'Menu' }).click();
  const mobile = page.locator('[data-nav-account="mobile"]');
  await expect(mobile.locator('[data-tier="Adventurer"]')).toBeVisible();
  await expect(mobile.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await mobile.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(HOME_URL);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.locator('[data-nav-account="mobile"]').getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('a member is never shown the visitor’s Sign In while the session loads', async ({ page }) => {
  const user = await createUser();
  await signIn(page, user);
  // Watch the account corner from the first paint of the next page.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    new MutationObserver(() => {
      const link = document.querySelector('[data-nav-account="desktop"] [data-visitor-only] a');
      if (link && getComputedStyle(link).display !== 'none' && link.getClientRects().length) seen.push('sign-in visible');
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.goto('/');
  await expect(page.locator('[data-nav-account="desktop"] [data-account-menu]')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([]);
});

test.describe('the dashboard guard', () => {
  test('a visitor without the hint goes to /login and the dashboard downloads no script at all', async ({ page }) => {
    const fromDashboard: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script' && (r.headers()['referer'] ?? '').includes('/dashboard')) fromDashboard.push(r.url());
    });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\/?$/);
    expect(fromDashboard).toEqual([]);
  });

  test('a stale hint without a Firebase session shows Loading..., then goes to /login and clears the hint', async ({ page }) => {
    await page.addInitScript(() => {
      if (location.pathname.startsWith('/dashboard')) localStorage.setItem('ia:signed-in', '1');
    });
    // Hold the page's scripts back a moment, so the state before the session is known shows.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_astro/*.js', async (route) => {
      await held;
      await route.continue();
    });
    // The page's module scripts are held, so its load event waits for them: go on at its first bytes.
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await expect(page.getByText('Loading...', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Welcome/ })).toHaveCount(0);
    release();
    await expect(page).toHaveURL(/\/login\/?$/);
    expect(await page.evaluate(() => localStorage.getItem('ia:signed-in'))).toBeNull();
  });
});
