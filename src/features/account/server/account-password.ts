/**
 * POST /api/account-password with `Authorization: Bearer <Firebase ID token>` and
 * `{ "password", "confirmPassword" }`: changes the member's password after they signed in again
 * (the token's sign-in at most 5 minutes old), with the spec's rules (both fields equal, checked
 * first, then at least 6 characters), and ends every session of the account, this one included
 * (firebase-admin's revokeRefreshTokens): the browser that asked signs in again with the new
 * password at once; every other device is signed out (docs/decisions/accounts.md).
 *
 * Answers 200 { changed: true }, or { error }: 400 (the spec's messages), 401 (token, or a sign-in
 * too old), 405, 502 (Firebase refused), 503 (no Firebase service account outside the emulator).
 */
import { describeAdminError, firebaseUserAdmin, verifyIdToken } from '../../../../netlify/functions/_shared/auth';
import { bearerToken, HttpError, json, readJsonObject, requireMethod } from '../../../../netlify/functions/_shared/http';
import { endpoint, Upstream } from '../../../../netlify/functions/_shared/log';
import { limitMember } from '../../../../netlify/functions/_shared/member-limit';
import { supabaseAdmin } from '../../../../netlify/functions/_shared/supabase';
import { validateNewPassword } from '../auth-validation';
import { FRESH_SIGN_IN_SECONDS } from '../account-links';

const NAME = 'account-password';
/** Longer than any password a member types; Firebase itself takes up to 4096 bytes. */
const MAX_PASSWORD = 1024;

export default endpoint(NAME, async (req) => {
  requireMethod(req, 'POST');
  const admin = firebaseUserAdmin();
  const token = bearerToken(req);
  const body = await readJsonObject(req);
  const password = typeof body['password'] === 'string' ? body['password'] : '';
  const confirmPassword = typeof body['confirmPassword'] === 'string' ? body['confirmPassword'] : '';
  const user = await verifyIdToken(token, { maxAgeSeconds: FRESH_SIGN_IN_SECONDS });
  await limitMember(supabaseAdmin(), user.uid, NAME, { most: 10, windowSeconds: 600 });
  const problem = validateNewPassword({ password, confirmPassword });
  if (problem) throw new HttpError(400, problem);
  if (password.length > MAX_PASSWORD) throw new HttpError(400, `Password must be at most ${MAX_PASSWORD} characters long`);
  try {
    await admin.updateUser(user.uid, { password });
    await admin.revokeRefreshTokens(user.uid);
  } catch (error) {
    throw new Upstream('Your password could not be changed just now. Please try again.', `accounts:update: ${describeAdminError(error)}`);
  }
  return json({ changed: true });
});
