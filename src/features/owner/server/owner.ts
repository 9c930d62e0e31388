/**
 * Who the owner is: the one who runs Inner Alchemy, a member whose Firebase account carries the
 * custom claim `owner: true`, set by `npm run owner:grant -- <email>` (scripts/owner-grant.mjs,
 * through `setOwnerClaim`, and only for an account whose email address is verified). The owner's
 * numbers (/api/owner-numbers) start with `requireOwner`, as the coach functions start with
 * requireCoach (src/features/coaching/server/coach.ts): no token is a 401, and so is a token whose
 * session has ended (revoked, disabled, deleted); a token that does not verify, or a member without
 * the claim (the coach too), is a 403. The claim is read twice: in the verified token, and on the
 * account itself (the Admin API), so a claim taken away counts at once and an unsigned token
 * cannot claim it.
 */
import { OWNER_MESSAGES } from '../owner-rules';
import { AuthAdminError, describeAdminError, firebaseUserAdmin, SessionEnded, verifyIdToken, type DecodedIdToken, type UserAdmin } from '../../../../netlify/functions/_shared/auth';
import { bearerToken, HttpError } from '../../../../netlify/functions/_shared/http';
import { Upstream } from '../../../../netlify/functions/_shared/log';

export const OWNER_CLAIM = 'owner';

/**
 * The verified owner's token, or a 401 (no token, or a session that has ended) / 403 (a token
 * that is not the owner's); an Upstream error when the account cannot be read (the caller answers
 * 502 and logs it once).
 */
export async function requireOwner(req: Request): Promise<DecodedIdToken> {
  const token = bearerToken(req);
  let user: DecodedIdToken;
  try {
    user = await verifyIdToken(token);
  } catch (error) {
    if (error instanceof HttpError && error.status === 401 && !(error instanceof SessionEnded)) throw new HttpError(403, OWNER_MESSAGES.signInAgain);
    throw error;
  }
  if (user[OWNER_CLAIM] !== true) throw new HttpError(403, OWNER_MESSAGES.notOwner);
  let account;
  try {
    account = await firebaseUserAdmin().getUser(user.uid);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof AuthAdminError && error.code === 'auth/user-not-found') throw new HttpError(403, OWNER_MESSAGES.signInAgain);
    throw new Upstream('The owner’s account could not be checked just now. Please try again.', `Admin API getUser: ${describeAdminError(error)}`);
  }
  if (account.disabled || account.customClaims?.[OWNER_CLAIM] !== true) throw new HttpError(403, OWNER_MESSAGES.notOwner);
  return user;
}

export type OwnerClaimResult = { memberId: string; email: string; changed: boolean; claims: Record<string, unknown> };

/** The owner claim was not given: the account's email address is not verified. */
export class UnverifiedOwner extends Error {
  readonly code = 'owner/email-not-verified';
  constructor(email: string) {
    super(
      `${email} has not verified its email address, so it cannot be given the owner role: an address nobody proved could be anyone's. ` +
        'The member verifies their address first (the link in the verification email Firebase sends them), then you run this again.',
    );
    this.name = 'UnverifiedOwner';
  }
}

/**
 * Gives the account with `email` the owner claim (or takes it away with `revoke`), keeping every
 * other custom claim it has (`role: authenticated`, which the database needs, first of all).
 * Only an account whose email address is verified gets it (UnverifiedOwner otherwise, nothing
 * changed); taking it away works on any account. Throws the Admin API's error
 * (auth/user-not-found when no account has that email).
 */
export async function setOwnerClaim(admin: UserAdmin, email: string, options: { revoke?: boolean } = {}): Promise<OwnerClaimResult> {
  const user = await admin.getUserByEmail(email.trim().toLowerCase());
  if (!options.revoke && !user.emailVerified) throw new UnverifiedOwner(user.email ?? email);
  const claims: Record<string, unknown> = { ...(user.customClaims ?? {}) };
  const had = claims[OWNER_CLAIM] === true;
  if (options.revoke) delete claims[OWNER_CLAIM];
  else claims[OWNER_CLAIM] = true;
  const changed = had === Boolean(options.revoke);
  if (changed) await admin.setCustomUserClaims(user.uid, claims);
  return { memberId: user.uid, email: user.email ?? email, changed, claims };
}
