/**
 * Who the coach is: a member whose Firebase account carries the custom claim `coach: true`, set
 * by `npm run coach:grant -- <email>` (scripts/coach-grant.mjs, through `setCoachClaim`, and only
 * for an account whose email address is verified). Every coach function starts with
 * `requireCoach`: no token is a 401, and so is a token whose session has ended (revoked, disabled,
 * deleted: as at every member function); a token that does not verify, or a member without the
 * claim, is a 403 and nothing else happens. The claim is read twice: in the
 * verified token, and on the account itself (the Admin API), so a claim taken away counts at
 * once (not when the token expires) and an unsigned emulator token cannot claim it.
 */
import { COACH_MESSAGES } from '../coach/coach-rules';
import { AuthAdminError, describeAdminError, firebaseUserAdmin, SessionEnded, verifyIdToken, type DecodedIdToken, type UserAdmin } from '../../../../netlify/functions/_shared/auth';
import { bearerToken, HttpError } from '../../../../netlify/functions/_shared/http';
import { Upstream } from '../../../../netlify/functions/_shared/log';

export const COACH_CLAIM = 'coach';
export const SIGN_IN_AGAIN = 'Your sign-in could not be verified. Please sign in again.';

/**
 * The verified coach's token, or a 401 (no token, or a session that has ended) / 403 (a token
 * that is not a coach's); an
 * Upstream error when the account cannot be read (the caller answers 502 and logs it once).
 */
export async function requireCoach(req: Request): Promise<DecodedIdToken> {
  const token = bearerToken(req);
  let user: DecodedIdToken;
  try {
    user = await verifyIdToken(token);
  } catch (error) {
    if (error instanceof HttpError && error.status === 401 && !(error instanceof SessionEnded)) throw new HttpError(403, SIGN_IN_AGAIN);
    throw error;
  }
  if (user[COACH_CLAIM] !== true) throw new HttpError(403, COACH_MESSAGES.notCoach);
  let account;
  try {
    account = await firebaseUserAdmin().getUser(user.uid);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof AuthAdminError && error.code === 'auth/user-not-found') throw new HttpError(403, SIGN_IN_AGAIN);
    throw new Upstream('The coach’s account could not be checked just now. Please try again.', `Admin API getUser: ${describeAdminError(error)}`);
  }
  if (account.disabled || account.customClaims?.[COACH_CLAIM] !== true) throw new HttpError(403, COACH_MESSAGES.notCoach);
  return user;
}

export type CoachClaimResult = { memberId: string; email: string; changed: boolean; claims: Record<string, unknown> };

/** The coach claim was not given: the account's email address is not verified. */
export class UnverifiedCoach extends Error {
  readonly code = 'coach/email-not-verified';
  constructor(email: string) {
    super(
      `${email} has not verified its email address, so it cannot be given the coach role: an address nobody proved could be anyone's. ` +
        'The member verifies their address first (the link in the verification email Firebase sends them), then you run this again.',
    );
    this.name = 'UnverifiedCoach';
  }
}

/**
 * Gives the account with `email` the coach claim (or takes it away with `revoke`), keeping every
 * other custom claim it has (`role: authenticated`, which the database needs, first of all).
 * Only an account whose email address is verified gets it (UnverifiedCoach otherwise, nothing
 * changed); taking it away works on any account. Throws the Admin API's error
 * (auth/user-not-found when no account has that email).
 */
export async function setCoachClaim(admin: UserAdmin, email: string, options: { revoke?: boolean } = {}): Promise<CoachClaimResult> {
  const user = await admin.getUserByEmail(email.trim().toLowerCase());
  if (!options.revoke && !user.emailVerified) throw new UnverifiedCoach(user.email ?? email);
  const claims: Record<string, unknown> = { ...(user.customClaims ?? {}) };
  const had = claims[COACH_CLAIM] === true;
  if (options.revoke) delete claims[COACH_CLAIM];
  else claims[COACH_CLAIM] = true;
  const changed = had === Boolean(options.revoke);
  if (changed) await admin.setCustomUserClaims(user.uid, claims);
  return { memberId: user.uid, email: user.email ?? email, changed, claims };
}
