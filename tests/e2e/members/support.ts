/**
 * Helpers of the members build tests: accounts in the Firebase Auth emulator, sign-in through
 * the real login form, and a stand-in for the Supabase REST API answered by route interception.
 */
import { expect, type Page, type Request } from '@playwright/test';

export const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? process.env.PUBLIC_FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
export const PROJECT = process.env.PUBLIC_FIREBASE_PROJECT_ID ?? 'demo-inner-alchemy';
export const SUPABASE = process.env.PUBLIC_SUPABASE_URL ?? 'http://supabase.test';
export const PASSWORD = 'correct-horse-42';

/**
 * Email enumeration protection, as on a real project: wrong credentials answer
 * INVALID_LOGIN_CREDENTIALS (auth/invalid-credential in the SDK).
 */
export async function protectEmailEnumeration(): Promise<void> {
  const res = await fetch(`http://${EMULATOR}/emulator/v1/projects/${PROJECT}/config`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ emailPrivacyConfig: { enableImprovedEmailPrivacy: true } }),
  });
  if (!res.ok) throw new Error(`emulator config: ${res.status} ${await res.text()}`);
}

export const uniqueEmail = (tag = 'member') => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;

export interface TestUser {
  uid: string;
  email: string;
  displayName: string;
}

/** An account made directly in the emulator (fast; the UI flow has its own test). */
export async function createUser(displayName = 'Ana Lima'): Promise<TestUser> {
  const email = uniqueEmail();
  const res = await fetch(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, ...(displayName ? { displayName } : {}), returnSecureToken: true }),
  });
  const data = (await res.json()) as { localId: string };
  if (!res.ok) throw new Error(`emulator signUp: ${JSON.stringify(data)}`);
  return { uid: data.localId, email, displayName };
}

/** Signs in through /login and waits for the dashboard. */
export async function signIn(page: Page, user: TestUser): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/?$/, { timeout: 15_000 });
  // As long as the URL wait: on a loaded machine the dashboard's chunks take seconds each.
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible({ timeout: 15_000 });
}

export interface Answer {
  status: number;
  body: unknown;
  /** Milliseconds to wait before answering. */
  delay?: number;
}

/** PostgREST's answer to a single-row read that found nothing. */
export const NO_ROWS: Answer = {
  status: 406,
  body: { code: 'PGRST116', details: 'The result contains 0 rows', hint: null, message: 'JSON object requested, multiple (or no) rows returned' },
};

export const rows = (body: unknown): Answer => ({ status: 200, body });

export type Table = 'profiles' | 'coaching_sessions' | 'coaching_session_signups' | 'stripe_customers' | 'stripe_subscriptions' | 'monthly_newsletter' | 'purchases';

export interface Database {
  /** Answer by table and method ("GET", "POST" or "DELETE"); unlisted reads answer as empty. */
  answers: Partial<Record<`${'GET' | 'POST' | 'DELETE'} ${Table}`, Answer>>;
  /** Every request that reached the stand-in, in order. */
  requests: Request[];
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': 'authorization, apikey, content-type, x-client-info, prefer, accept-profile, content-profile, range, x-supabase-api-version',
  'access-control-expose-headers': 'content-range',
};

/** Answers http://supabase.test/rest/v1/* from `db.answers`, recording each request. */
export async function mockDatabase(page: Page, answers: Database['answers'] = {}): Promise<Database> {
  const db: Database = { answers, requests: [] };
  await page.route(`${SUPABASE}/**`, async (route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
    db.requests.push(request);
    const table = new URL(request.url()).pathname.replace(/^\/rest\/v1\//, '') as Table;
    const single = (request.headers()['accept'] ?? '').includes('vnd.pgrst.object');
    const method = request.method() === 'GET' ? 'GET' : request.method() === 'DELETE' ? 'DELETE' : 'POST';
    const answer =
      db.answers[`${method} ${table}`] ?? (method === 'POST' ? { status: 201, body: null } : method === 'DELETE' ? rows([]) : single ? NO_ROWS : rows([]));
    if (answer.delay) await new Promise((r) => setTimeout(r, answer.delay));
    await route
      .fulfill({
        status: answer.status,
        headers: { ...CORS, 'content-type': 'application/json' },
        body: answer.body === null ? '' : JSON.stringify(answer.body),
      })
      .catch(() => {
        /* the page closed while this answer was held back */
      });
  });
  return db;
}

/** The requests to one table. */
export const requestsTo = (db: Database, table: Table) => db.requests.filter((r) => new URL(r.url()).pathname === `/rest/v1/${table}`);
