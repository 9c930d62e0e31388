/**
 * Support for the members-build commerce specs (flag off, Firebase Auth emulator; the served
 * functions use the Stripe double and the local PostgREST endpoint over PGlite that scripts/e2e.mjs starts).
 *
 * A member is signed in by creating the user on the emulator and handing the browser the
 * session Firebase persists (its localStorage entry), as it would after signing in on /login.
 * The browser's database reads (stripe_customers, stripe_subscriptions) are answered by route
 * interception.
 */
import { expect, type Page, type Route } from '@playwright/test';
import { localKeys } from '../../../scripts/local/jwt.mjs';

/** The local endpoint's service-role key (tests/fixtures/local-supabase.ts). */
export const TEST_SERVICE_ROLE_KEY = localKeys().serviceRole;

const EMULATOR = process.env.PUBLIC_FIREBASE_AUTH_EMULATOR_HOST ?? process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const API_KEY = process.env.PUBLIC_FIREBASE_API_KEY ?? 'demo-api-key';
const SUPABASE = process.env.PUBLIC_SUPABASE_URL ?? 'http://supabase.test';

export interface Member {
  uid: string;
  email: string;
  /** Signs another tab of the same browser in as this member. */
  install: (tab: Page) => Promise<void>;
}

/** Creates a user on the emulator and puts its session where Firebase looks for it. */
export async function signIn(page: Page): Promise<Member> {
  const email = `member-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const res = await page.request.post(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${API_KEY}`, {
    data: { email, password: 'correct-horse-battery', returnSecureToken: true },
  });
  expect(res.ok()).toBe(true);
  const { localId, idToken, refreshToken, expiresIn } = (await res.json()) as { localId: string; idToken: string; refreshToken: string; expiresIn: string };
  const now = Date.now();
  const persisted = {
    uid: localId,
    email,
    emailVerified: false,
    isAnonymous: false,
    providerData: [{ providerId: 'password', uid: email, email, displayName: null, phoneNumber: null, photoURL: null }],
    stsTokenManager: { refreshToken, accessToken: idToken, expirationTime: now + Number(expiresIn) * 1000 },
    createdAt: String(now),
    lastLoginAt: String(now),
    apiKey: API_KEY,
    appName: '[DEFAULT]',
  };
  const session = { key: `firebase:authUser:${API_KEY}:[DEFAULT]`, value: JSON.stringify(persisted) };
  const install = async (tab: Page) => {
    await tab.addInitScript(
      ({ key, value }) => {
        localStorage.setItem(key, value);
        localStorage.setItem('ia:signed-in', '1');
      },
      session,
    );
  };
  await install(page);
  return { uid: localId, email, install };
}

/**
 * Answers the browser's reads of the member's customer and subscription, and of their
 * purchases: those are read from the local database the served functions write to (the
 * webhook records purchases there), with the browser's own filters, so what the webhook wrote
 * is what the member's pages show.
 */
export async function subscription(page: Page, row: { price_id: string; subscription_status: string } | null): Promise<void> {
  // As PostgREST answers: an object for a single-row read (.single(): Accept
  // application/vnd.pgrst.object+json; 406 PGRST116 without a row), an array otherwise.
  const answer = (route: Route, found: object | null) => {
    const single = (route.request().headers()['accept'] ?? '').includes('vnd.pgrst.object');
    if (!single) return route.fulfill({ json: found ? [found] : [] });
    if (found) return route.fulfill({ json: found });
    return route.fulfill({ status: 406, json: { code: 'PGRST116', details: 'The result contains 0 rows', hint: null, message: 'JSON object requested, multiple (or no) rows returned' } });
  };
  await page.route(`${SUPABASE}/rest/v1/stripe_customers**`, (route) => answer(route, row ? { customer_id: 'cus_e2e' } : null));
  await page.route(`${SUPABASE}/rest/v1/stripe_subscriptions**`, (route) => answer(route, row));
  await page.route(`${SUPABASE}/rest/v1/purchases**`, async (route) => {
    const url = new URL(route.request().url());
    // Only the member's own rows, as row-level security would allow.
    if (!url.searchParams.get('user_id')?.startsWith('eq.')) return route.fulfill({ json: [] });
    const res = await fetch(`${doubles().postgrest}/rest/v1/purchases${url.search}`, { headers: { apikey: TEST_SERVICE_ROLE_KEY, authorization: `Bearer ${TEST_SERVICE_ROLE_KEY}` } });
    return route.fulfill({ status: res.status, json: await res.json() });
  });
}

/** The Stripe double's and the local database endpoint's addresses; scripts/e2e.mjs sets them for the members phase. */
export function doubles(): { stripe: string; postgrest: string } {
  const stripe = process.env.STRIPE_DOUBLE_URL;
  const postgrest = process.env.POSTGREST_URL;
  if (!stripe || !postgrest) throw new Error('STRIPE_DOUBLE_URL and POSTGREST_URL are unset: run the members specs through scripts/e2e.mjs, which starts them.');
  return { stripe, postgrest };
}

export interface RecordedStripeRequest {
  method: string;
  path: string;
  form: Record<string, string>;
}

/** The checkout session the Stripe double was asked to create for this member. */
export async function checkoutSessionFor(page: Page, uid: string): Promise<RecordedStripeRequest | undefined> {
  const requests = (await (await page.request.get(`${doubles().stripe}/__requests`)).json()) as RecordedStripeRequest[];
  return requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').find((r) => r.form.client_reference_id === uid);
}

/** Whether the checkout function kept this member's Stripe customer in stripe_customers. */
export async function customerKeptFor(page: Page, uid: string): Promise<boolean> {
  const rows = (await (await page.request.get(`${doubles().postgrest}/__requests`)).json()) as { method: string; table: string; body: unknown }[];
  return rows.some((r) => r.method === 'POST' && r.table === 'stripe_customers' && (r.body as { user_id?: string }).user_id === uid);
}

/** POST /api/stripe-checkout from the page, with the member's current ID token (as a stale tab would). */
export async function checkoutFromPage(page: Page, priceId: string, mode: 'payment' | 'subscription' = 'payment'): Promise<{ status: number; body: { url?: string; error?: string } }> {
  return page.evaluate(
    async ({ key, priceId, mode }) => {
      const token = (JSON.parse(localStorage.getItem(key) ?? '{}') as { stsTokenManager?: { accessToken?: string } }).stsTokenManager?.accessToken;
      const res = await fetch('/api/stripe-checkout', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ price_id: priceId, mode, success_url: `${location.origin}/success?session_id={CHECKOUT_SESSION_ID}`, cancel_url: location.href }),
      });
      return { status: res.status, body: await res.json() };
    },
    { key: `firebase:authUser:${API_KEY}:[DEFAULT]`, priceId, mode },
  );
}
