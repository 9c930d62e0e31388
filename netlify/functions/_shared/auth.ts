/**
 * firebase-admin for the functions: verifying Firebase ID tokens (the project id is enough)
 * and, for auth-sync, reading a member's account and setting their custom claims (a Google
 * service account is needed: FIREBASE_SERVICE_ACCOUNT, or FIREBASE_CLIENT_EMAIL and
 * FIREBASE_PRIVATE_KEY, given to firebase-admin with cert()). Against the Auth emulator
 * (FIREBASE_AUTH_EMULATOR_HOST, which firebase-admin reads itself) neither is needed.
 */
import { cert, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth';
import { CREDENTIAL_VARIABLES, firebaseCredential, type FirebaseCredential } from '../../../src/lib/firebase-credential';
import { HttpError } from './http';

const NOT_CONFIGURED = 'Sign-in is not configured on the server.';

function projectIdOf(credential: FirebaseCredential): string | undefined {
  const fromEnv = process.env.FIREBASE_PROJECT_ID || process.env.PUBLIC_FIREBASE_PROJECT_ID;
  return fromEnv || (credential.kind === 'service-account' ? (credential.account.projectId ?? undefined) : undefined);
}

/**
 * The firebase-admin app for this environment: with cert() when a service account is set (and
 * the emulator is not), else with the project id alone. 503 without a project id. One app per
 * configuration, so a changed environment (tests) never reuses an app made for another.
 */
export function firebaseAdmin(): App {
  const credential = firebaseCredential(process.env);
  const projectId = projectIdOf(credential);
  if (!projectId) throw new HttpError(503, NOT_CONFIGURED);
  if (credential.kind === 'service-account') {
    const { clientEmail, privateKey } = credential.account;
    const name = `inner-alchemy:${projectId}:${clientEmail}`;
    return getApps().find((app) => app.name === name) ?? initializeApp({ projectId, credential: cert({ projectId, clientEmail, privateKey }) }, name);
  }
  // The emulator, or token checks only: the project id alone (the default app when it is free).
  const existing = getApps().find((app) => app.options.projectId === projectId && !app.options.credential);
  const defaultTaken = getApps().some((app) => app.name === '[DEFAULT]');
  return existing ?? initializeApp({ projectId }, defaultTaken ? `inner-alchemy:${projectId}` : undefined);
}

/** Whether the functions can manage members' accounts (auth-sync), and what is missing if not. */
export function userAdminStatus(): { configured: true } | { configured: false; reason: string } {
  const credential = firebaseCredential(process.env);
  if (!projectIdOf(credential)) return { configured: false, reason: 'FIREBASE_PROJECT_ID is not set' };
  if (credential.kind === 'missing') return { configured: false, reason: `no Firebase service account: set ${CREDENTIAL_VARIABLES}` };
  if (credential.kind === 'invalid') return { configured: false, reason: credential.error };
  return { configured: true };
}

/**
 * The app for reading accounts and setting custom claims, or a 503 with a clear message when
 * the server has no usable service account (outside the emulator). Never a 500.
 */
export function firebaseUserAdmin(): App {
  const status = userAdminStatus();
  if (!status.configured) throw new HttpError(503, `Sign-in cannot be completed: the server is not fully configured (${status.reason}).`);
  return firebaseAdmin();
}

/**
 * The verified token, or a 401. `maxAgeSeconds` bounds how long ago the user signed in
 * (auth_time), for calls that must follow a fresh sign-in.
 */
export async function verifyIdToken(token: string, options: { maxAgeSeconds?: number } = {}): Promise<DecodedIdToken> {
  let decoded: DecodedIdToken;
  try {
    decoded = await getAuth(firebaseAdmin()).verifyIdToken(token);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(401, 'Invalid or expired session token');
  }
  if (options.maxAgeSeconds !== undefined) {
    const age = Math.floor(Date.now() / 1000) - decoded.auth_time;
    if (age > options.maxAgeSeconds) throw new HttpError(401, 'Session token is too old; please sign in again');
  }
  return decoded;
}
