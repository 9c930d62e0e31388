/**
 * Helpers of the members build tests: accounts in the Firebase Auth emulator and sign-in through
 * the real login form (auth-sync gives the member the `role: authenticated` claim and their
 * profile, so the page reads the local database as that member). The database's rows and test
 * hooks are in ./commerce.ts.
 */
import { expect, type Page } from '@playwright/test';

export const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? process.env.PUBLIC_FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
export const PROJECT = process.env.PUBLIC_FIREBASE_PROJECT_ID ?? 'demo-inner-alchemy';
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
  memberId: string;
  email: string;
  displayName: string;
}

/**
 * An account made directly in the emulator (fast; the UI flow has its own test), its address
 * verified as after opening the verification link (`verified: false` leaves it unproven: such a
 * member gets no email but the verification's, and cannot save a coaching seat).
 */
export async function createUser(displayName = 'Ana Lima', { verified = true }: { verified?: boolean } = {}): Promise<TestUser> {
  const email = uniqueEmail();
  const res = await fetch(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, ...(displayName ? { displayName } : {}), returnSecureToken: true }),
  });
  const data = (await res.json()) as { localId: string };
  if (!res.ok) throw new Error(`emulator signUp: ${JSON.stringify(data)}`);
  if (verified) await setEmailVerified(data.localId);
  return { memberId: data.localId, email, displayName };
}

/** Marks an account's address verified in the emulator (Admin API, as the owner), as its link does. */
export async function setEmailVerified(memberId: string): Promise<void> {
  const res = await fetch(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: memberId, emailVerified: true }),
  });
  if (!res.ok) throw new Error(`emulator update: ${res.status} ${await res.text()}`);
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
