/**
 * The member area on the default build (site-wide flag on): sign-in and sign-up are shown but
 * inert, the dashboard sends visitors to /login from the hint alone, and no page downloads
 * Firebase or Supabase code for a visitor who never signed in.
 */
import { expect, test } from '@playwright/test';
import { collectScripts, expectNoSeriousA11yViolations, HOME_URL, SDK_MARKERS } from '../support/e2e';

async function expectNoSdk(scripts: { bodies: Promise<string>[] }) {
  const texts = await Promise.all(scripts.bodies);
  for (const marker of SDK_MARKERS) expect(texts.filter((t) => marker.test(t)), `no script matches ${marker}`).toEqual([]);
}

test.describe('login page with the flag on', () => {
  test('shows the form with disabled "Coming Soon" buttons, the notice and support text, and loads no sign-in code', async ({ page }) => {
    const scripts = collectScripts(page);
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    const buttons = page.locator('form').getByRole('button');
    await expect(buttons).toHaveCount(2);
    for (const button of await buttons.all()) {
      await expect(button).toBeDisabled();
      await expect(button).toHaveText('Coming Soon');
    }
    await expect(page.getByText('Sign in is temporarily unavailable', { exact: false })).toBeVisible();
    await expect(page.getByText('Forgot your password? Contact support for assistance.')).toBeVisible();
    const signup = page.locator('[data-signup-link]');
    await expect(signup).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByRole('link', { name: /^sign up/i })).toHaveCount(0);

    // Pressing Enter in a field goes nowhere: the form's only submit button is disabled.
    await page.getByLabel('Email').fill('ana@example.com');
    await page.getByLabel('Email').press('Enter');
    await expect(page).toHaveURL(/\/login\/?$/);
    await expect(page.locator('astro-island')).toHaveCount(2); // the navigation's member corner only
    await page.waitForLoadState('networkidle');
    await expectNoSdk(scripts);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('signup page with the flag on', () => {
  test('shows the four fields, disabled "Coming Soon" buttons and the notice', async ({ page }) => {
    const scripts = collectScripts(page);
    await page.goto('/signup');
    for (const label of ['Full name', 'Email', 'Password', 'Confirm password']) await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    const buttons = page.locator('form').getByRole('button');
    await expect(buttons).toHaveCount(2);
    for (const button of await buttons.all()) {
      await expect(button).toBeDisabled();
      await expect(button).toHaveText('Coming Soon');
    }
    await expect(page.getByText('Sign up is temporarily unavailable', { exact: false })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSdk(scripts);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('dashboard guard', () => {
  test('sends a visitor to /login from the hint alone, replacing the history entry, with no sign-in download', async ({ page }) => {
    const scripts = collectScripts(page);
    await page.goto('/');
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\/?$/);
    await page.goBack();
    await expect(page).toHaveURL(HOME_URL);
    await expectNoSdk(scripts);
  });

  test('keeps the dashboard out of search engines', async ({ request }) => {
    const html = await (await request.get('/dashboard')).text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  });
});

test.describe('member corners for visitors', () => {
  test('the navigation shows Sign In and the coaching section its inert prompts; nothing member-only loads', async ({ page }) => {
    const scripts = collectScripts(page);
    await page.goto('/');
    await expect(page.locator('[data-nav-account="desktop"]').getByRole('link', { name: 'Sign In' })).toBeVisible();
    const coaching = page.locator('#coaching-signup');
    await expect(coaching.getByText('Sign Up (Coming Soon)')).toBeVisible();
    await expect(coaching.getByText('Log In (Coming Soon)')).toBeVisible();
    await expect(coaching.getByRole('button', { name: 'Choose Your Session' })).toHaveCount(0);
    const placeholders = page.locator('[data-account-placeholder]');
    await expect(placeholders).toHaveCount(2);
    for (const placeholder of await placeholders.all()) await expect(placeholder).toBeHidden();
    await page.waitForLoadState('networkidle');
    const texts = await Promise.all(scripts.bodies);
    // React itself never downloads on the home page for a visitor.
    expect(texts.filter((t) => t.includes('react-dom') || t.includes('__reactContainer'))).toEqual([]);
    await expectNoSdk(scripts);
  });
});

test.describe('debug page', () => {
  test('runs its checks on load, counts them, runs again, and stays out of search engines', async ({ page }) => {
    const scripts = collectScripts(page);
    await page.goto('/debug');
    await expect(page.getByRole('heading', { level: 1, name: 'Set-up Checks' })).toBeVisible();
    const summary = page.locator('[data-debug-summary]');
    await expect(summary).toContainText('passed');
    // This build has no database or sign-in configuration: each variable is a failure.
    await expect(page.locator('[data-check="env:PUBLIC_SUPABASE_URL"]')).toHaveAttribute('data-status', 'error');
    await expect(page.locator('[data-check="db:connection"]')).toHaveAttribute('data-status', 'error');
    await expect(page.locator('[data-check="auth:session"]')).toHaveAttribute('data-status', 'success');
    // Nor a Firebase service account for the functions: the sign-in function says so.
    await expect(page.locator('[data-check="fn:auth-sync"]')).toHaveAttribute('data-status', 'error');
    await expect(page.locator('[data-check="fn:auth-sync"]')).toContainText('Not configured: ');
    const checks = page.locator('[data-check]');
    const total = await checks.count();
    // The variables, the connection, the tables, the session, the functions (newsletter, forms,
    // products, sign-in) and whether Stripe's prices agree with the catalogue.
    expect(total).toBe(8 + 1 + 4 + 1 + 4 + 1);
    await expect(page.locator('[data-check="stripe:catalogue"]')).toHaveCount(1);
    const counted = await Promise.all(
      ['success', 'warning', 'error'].map(async (s) => Number((await page.locator(`[data-count="${s}"]`).innerText()).split(' ')[0])),
    );
    expect(counted.reduce((a, b) => a + b, 0)).toBe(total);
    expect(counted[2]).toBe(await page.locator('[data-check][data-status="error"]').count());

    const again = page.getByRole('button', { name: 'Run Again' });
    const probes: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) probes.push(`${r.method()} ${new URL(r.url()).pathname}${new URL(r.url()).search}`);
    });
    await again.click();
    await expect(page.getByRole('button', { name: 'Run Again' })).toBeEnabled();
    // Read-only: the writing functions answer their health check; nothing is posted or stored.
    expect(probes.sort()).toEqual(['GET /api/auth-sync?check', 'GET /api/forms?check', 'GET /api/newsletter-signup?check', 'GET /api/stripe-products', 'GET /api/stripe-products?check']);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expectNoSdk(scripts);
    await expectNoSeriousA11yViolations(page);
  });
});
