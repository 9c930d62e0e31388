/**
 * Verifying Firebase ID tokens with firebase-admin. Works against the Auth emulator when
 * FIREBASE_AUTH_EMULATOR_HOST is set (firebase-admin reads it itself).
 */
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth';
import { HttpError } from './http';

let app: App | undefined;

export function firebaseAdmin(): App {
  if (app) return app;
  const projectId = process.env.FIREBASE_PROJECT_ID ?? process.env.PUBLIC_FIREBASE_PROJECT_ID;
  if (!projectId) throw new HttpError(503, 'Sign-in is not configured on the server.');
  app = getApps()[0] ?? initializeApp({ projectId });
  return app;
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
