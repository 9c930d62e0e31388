/**
 * Support for the members-build commerce specs (flag off, Firebase Auth emulator; the served
 * functions use the Stripe double and the local PostgREST endpoint over PGlite that scripts/e2e.mjs starts).
 *
 * A member is signed in by creating the user on the emulator, giving it the `role:
 * authenticated` claim auth-sync gives every member, and handing the browser the session
 * Firebase persists (its localStorage entry), as it would after signing in on /login. The
 * browser reads the member's rows from the local endpoint with that ID token, so row-level
 * security decides what it sees; a test gives the member a subscription by writing the rows the
 * webhook would have written (`subscription`).
 */
import { expect, type Page } from '@playwright/test';
import { claimsOf, localKeys } from '../../local-platform/jwt.mjs';

/** The local endpoint's service-role key (local-platform/postgrest/local-supabase.ts). */
export const TEST_SERVICE_ROLE_KEY = localKeys().serviceRole;

const EMULATOR = process.env.PUBLIC_FIREBASE_AUTH_EMULATOR_HOST ?? process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const API_KEY = process.env.PUBLIC_FIREBASE_API_KEY ?? 'demo-api-key';

export interface Member {
  memberId: string;
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
  const { localId } = (await res.json()) as { localId: string };
  // The claim auth-sync sets on a member's first sign-in (Supabase's third-party auth needs it),
  // then a sign-in whose ID token carries it.
  const claim = await page.request.post(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:update?key=${API_KEY}`, {
    headers: { authorization: 'Bearer owner' },
    data: { localId, customAttributes: JSON.stringify({ role: 'authenticated' }) },
  });
  expect(claim.ok()).toBe(true);
  const signedIn = await page.request.post(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${API_KEY}`, {
    data: { email, password: 'correct-horse-battery', returnSecureToken: true },
  });
  expect(signedIn.ok()).toBe(true);
  const { idToken, refreshToken, expiresIn } = (await signedIn.json()) as { idToken: string; refreshToken: string; expiresIn: string };
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
  return { memberId: localId, email, install };
}

/**
 * Gives the member a Stripe customer and that customer's subscription in the local database, as
 * the webhook records them (written as the service role), for the browser's reads and the
 * functions alike. A member without a call has neither, as after signing up.
 */
export async function subscription(
  member: Pick<Member, 'memberId'>,
  row: {
    price_id: string | null;
    subscription_status: string;
    cancel_at_period_end?: boolean;
    current_period_start?: number;
    current_period_end?: number;
    payment_method_brand?: string;
    payment_method_last4?: string;
  },
): Promise<void> {
  const customer = customerOf(member);
  await asServiceRole('stripe_customers', { user_id: member.memberId, customer_id: customer });
  const now = Math.floor(Date.now() / 1000);
  await asServiceRole('stripe_subscriptions', {
    customer_id: customer,
    subscription_id: `sub_e2e_${member.memberId}`,
    current_period_start: now,
    current_period_end: now + 30 * 24 * 3600,
    ...row,
  });
}

/** A table's rows where each column equals the value given, read as the service role (what the member's writes stored). */
export async function rowsOf<R = Record<string, unknown>>(table: string, where: Record<string, string>): Promise<R[]> {
  const query = new URLSearchParams(Object.entries(where).map(([column, value]) => [column, `eq.${value}`]));
  const res = await fetch(`${doubles().postgrest}/rest/v1/${table}?${query}`, { headers: { apikey: TEST_SERVICE_ROLE_KEY, authorization: `Bearer ${TEST_SERVICE_ROLE_KEY}` } });
  if (!res.ok) throw new Error(`reading ${table} as the service role: ${res.status} ${await res.text()}`);
  return (await res.json()) as R[];
}

/** Inserts (or, on its key, replaces) a row in the local database as the service role. */
export async function asServiceRole(table: string, row: object): Promise<void> {
  const res = await fetch(`${doubles().postgrest}/rest/v1/${table}`, {
    method: 'POST',
    headers: {
      apikey: TEST_SERVICE_ROLE_KEY,
      authorization: `Bearer ${TEST_SERVICE_ROLE_KEY}`,
      'content-type': 'application/json',
      prefer: 'resolution=merge-duplicates',
    },
    body: JSON.stringify(row),
  });
  if (!res.ok) throw new Error(`writing ${table} as the service role: ${res.status} ${await res.text()}`);
}

/** A paid purchase of an app, as the webhook records it (the content gate and the member's pages read it). */
export async function owns(member: Pick<Member, 'memberId'>, priceId: string): Promise<void> {
  await asServiceRole('purchases', {
    user_id: member.memberId,
    price_id: priceId,
    product_type: 'app',
    checkout_session_id: `cs_${member.memberId}_${priceId}`,
    amount: 2900,
    currency: 'usd',
    status: 'paid',
    purchased_at: '2026-11-01T00:00:00Z',
  });
}

/** The member's Stripe customer id as `subscription` records it. */
export const customerOf = (member: Pick<Member, 'memberId'>) => `cus_e2e_${member.memberId}`;

/** The member's profile row, as auth-sync and the webhook write it (as the service role). */
export async function profile(
  member: Pick<Member, 'memberId' | 'email'>,
  row: { full_name?: string | null; membership_tier?: string; project_id?: string | null; created_at?: string; email?: string } = {},
): Promise<void> {
  await asServiceRole('profiles', { id: member.memberId, email: member.email.toLowerCase(), ...row });
}

/** Deletes the rows where each column equals the value given, as the service role (what the functions may delete). */
export async function deleteAsServiceRole(table: string, where: Record<string, string>): Promise<void> {
  const query = new URLSearchParams(Object.entries(where).map(([column, value]) => [column, `eq.${value}`]));
  const res = await fetch(`${doubles().postgrest}/rest/v1/${table}?${query}`, {
    method: 'DELETE',
    headers: { apikey: TEST_SERVICE_ROLE_KEY, authorization: `Bearer ${TEST_SERVICE_ROLE_KEY}` },
  });
  if (!res.ok) throw new Error(`deleting from ${table} as the service role: ${res.status} ${await res.text()}`);
}

/**
 * Adds rows as the database owner (the endpoint's test hook), beside every other test's rows:
 * what no API role may write, as the site's staff do in Supabase (coaching sessions), or a
 * member's rows with the time they were made (signups with their `created_at`). Constraints and
 * triggers apply (a signup takes a spot).
 */
export async function asOwner(table: string, rows: object | object[]): Promise<void> {
  const res = await fetch(`${doubles().postgrest}/__insert`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ table, rows }) });
  if (!res.ok) throw new Error(`writing ${table} as the owner: ${res.status} ${await res.text()}`);
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

async function fault(rule: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${doubles().postgrest}/__fail`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(rule) });
  if (!res.ok) throw new Error(`the endpoint's fault hook: ${res.status} ${await res.text()}`);
}

/**
 * From now on this member's `method` on `table` answers PostgREST's error `status`/`code`
 * (`message` if given) without reaching the database; other members are unaffected.
 */
export async function failFor(member: Pick<Member, 'memberId'>, table: string, method: Method, error: { status: number; code: string; message?: string } = { status: 500, code: 'XX000' }): Promise<void> {
  await fault({ table, method, ...error, user: member.memberId });
}

/** This member's `method` on `table` is held back for a minute (then answered by Postgres): the page's loading state. */
export async function holdFor(member: Pick<Member, 'memberId'>, table: string, method: Method): Promise<void> {
  await fault({ table, method, status: 0, code: '', delayMs: 60_000, user: member.memberId });
}

export interface RecordedDbRequest {
  method: string;
  table: string;
  query: Record<string, string>;
  prefer: string | null;
  authorization: string | null;
  body: unknown;
}

/** The uid in a bearer token's payload (a Firebase ID token's `user_id`), or null. */
function memberIdOf(authorization: string | null): string | null {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  const claims = token ? claimsOf(token) : null;
  const memberId = claims?.['user_id'] ?? claims?.['sub'];
  return typeof memberId === 'string' ? memberId : null;
}

/** The requests the endpoint received with this member's ID token (the browser's own), in order. */
export async function requestsOf(member: Pick<Member, 'memberId'>, table?: string): Promise<RecordedDbRequest[]> {
  const res = await fetch(`${doubles().postgrest}/__requests`);
  const all = (await res.json()) as RecordedDbRequest[];
  return all.filter((r) => memberIdOf(r.authorization) === member.memberId && (!table || r.table === table));
}

/** The Stripe double's, the local database endpoint's and the email stand-in's addresses; scripts/e2e.mjs sets them for the members phase. */
export function doubles(): { stripe: string; postgrest: string; email: string } {
  const stripe = process.env.STRIPE_DOUBLE_URL;
  const postgrest = process.env.POSTGREST_URL;
  const email = process.env.EMAIL_STANDIN_URL;
  if (!stripe || !postgrest || !email) throw new Error('STRIPE_DOUBLE_URL, POSTGREST_URL and EMAIL_STANDIN_URL are unset: run the members specs through scripts/e2e.mjs, which starts them.');
  return { stripe, postgrest, email };
}

export interface InboxMessage {
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  attachments: { filename: string; content_type: string; size: number }[];
}

/** What the email stand-in was sent for `address`, newest first (its GET /messages, as a developer reads it). */
export async function inboxOf(address: string): Promise<InboxMessage[]> {
  const res = await fetch(`${doubles().email}/messages?to=${encodeURIComponent(address.toLowerCase())}`);
  if (!res.ok) throw new Error(`reading the email stand-in: ${res.status} ${await res.text()}`);
  return (await res.json()) as InboxMessage[];
}

export interface RecordedStripeRequest {
  method: string;
  path: string;
  form: Record<string, string>;
}

/** The checkout session the Stripe double was asked to create for this member. */
export async function checkoutSessionFor(page: Page, memberId: string): Promise<RecordedStripeRequest | undefined> {
  const requests = (await (await page.request.get(`${doubles().stripe}/__requests`)).json()) as RecordedStripeRequest[];
  return requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').find((r) => r.form.client_reference_id === memberId);
}

/** Whether the checkout function kept this member's Stripe customer in stripe_customers. */
export async function customerKeptFor(page: Page, memberId: string): Promise<boolean> {
  const rows = (await (await page.request.get(`${doubles().postgrest}/__requests`)).json()) as { method: string; table: string; body: unknown }[];
  return rows.some((r) => r.method === 'POST' && r.table === 'stripe_customers' && (r.body as { user_id?: string }).user_id === memberId);
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

