/**
 * Roles a member's Firebase account may carry as a custom claim (`coach: true`, `owner: true`):
 * the check every function of a role starts with, and how a role is given or taken away. Each
 * feature names its own role and words (src/features/coaching/server/coach.ts,
 * src/features/owner/server/owner.ts); `npm run coach:grant` and `owner:grant` run
 * scripts/grant-role.mjs.
 *
 * The check: no token is a 401, and so is a token whose session has ended (revoked, disabled,
 * deleted: as at every member function); a token that does not verify, or a member without the
 * claim, is a 403 and nothing else happens. The claim is read twice: in the verified token, and
 * on the account itself (the Admin API), so a claim taken away counts at once (not when the token
 * expires) and an unsigned emulator token cannot claim it.
 */
import { AuthAdminError, describeAdminError, firebaseUserAdmin, SessionEnded, verifyIdToken, type DecodedIdToken, type UserAdmin } from './auth';
import { bearerToken, HttpError } from './http';
import { Upstream } from './log';

export const SIGN_IN_AGAIN = 'Your sign-in could not be verified. Please sign in again.';

export interface Role {
  /** The custom claim ('coach'). */
  claim: string;
  /** What a signed-in member without the claim reads (403). */
  notHolder: string;
  /** What the caller reads when the account cannot be read just now (502). */
  unreadable: string;
}

/**
 * The verified token of a member holding `role`, or a 401 (no token, or a session that has ended)
 * / 403 (a token that does not verify, or is not the role's); an Upstream error when the account
 * cannot be read (the caller answers 502 and logs it once).
 */
export async function requireRole(req: Request, role: Role): Promise<DecodedIdToken> {
  const token = bearerToken(req);
  let user: DecodedIdToken;
  try {
    user = await verifyIdToken(token);
  } catch (error) {
    if (error instanceof HttpError && error.status === 401 && !(error instanceof SessionEnded)) throw new HttpError(403, SIGN_IN_AGAIN);
    throw error;
  }
  if (user[role.claim] !== true) throw new HttpError(403, role.notHolder);
  let account;
  try {
    account = await firebaseUserAdmin().getUser(user.uid);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof AuthAdminError && error.code === 'auth/user-not-found') throw new HttpError(403, SIGN_IN_AGAIN);
    throw new Upstream(role.unreadable, `Admin API getUser: ${describeAdminError(error)}`);
  }
  if (account.disabled || account.customClaims?.[role.claim] !== true) throw new HttpError(403, role.notHolder);
  return user;
}

export type RoleClaimResult = { memberId: string; email: string; changed: boolean; claims: Record<string, unknown> };

/** A role was not given: the account's email address is not verified (code `<claim>/email-not-verified`). */
export class UnverifiedForRole extends Error {
  readonly code: string;
  constructor(claim: string, email: string) {
    super(
      `${email} has not verified its email address, so it cannot be given the ${claim} role: an address nobody proved could be anyone's. ` +
        'The member verifies their address first (the link in the verification email Firebase sends them), then you run this again.',
    );
    this.name = 'UnverifiedForRole';
    this.code = `${claim}/email-not-verified`;
  }
}

/**
 * Gives the account with `email` the role's claim (or takes it away with `revoke`), keeping every
 * other custom claim it has (`role: authenticated`, which the database needs, first of all).
 * Only an account whose email address is verified gets it (UnverifiedForRole otherwise, nothing
 * changed); taking it away works on any account. Throws the Admin API's error
 * (auth/user-not-found when no account has that email).
 */
export async function setRoleClaim(admin: UserAdmin, email: string, claim: string, options: { revoke?: boolean } = {}): Promise<RoleClaimResult> {
  const user = await admin.getUserByEmail(email.trim().toLowerCase());
  if (!options.revoke && !user.emailVerified) throw new UnverifiedForRole(claim, user.email ?? email);
  const claims: Record<string, unknown> = { ...(user.customClaims ?? {}) };
  const had = claims[claim] === true;
  if (options.revoke) delete claims[claim];
  else claims[claim] = true;
  const changed = had === Boolean(options.revoke);
  if (changed) await admin.setCustomUserClaims(user.uid, claims);
  return { memberId: user.uid, email: user.email ?? email, changed, claims };
}
