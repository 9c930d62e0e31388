/**
 * Who the owner is: the one who runs Inner Alchemy, a member whose Firebase account carries the
 * custom claim `owner: true`, set by `npm run owner:grant -- <email>` (scripts/grant-role.mjs,
 * through `setRoleClaim`, and only for an account whose email address is verified). The owner's
 * numbers (/api/owner-numbers) start with `requireOwner`, as the coach functions start with
 * requireCoach (src/features/coaching/server/coach.ts): no token is a 401, and so is a token whose
 * session has ended (revoked, disabled, deleted); a token that does not verify, or a member without
 * the claim (the coach too), is a 403. The claim is read twice: in the verified token, and on the
 * account itself (the Admin API), so a claim taken away counts at once and an unsigned token
 * cannot claim it.
 */
import { OWNER_MESSAGES } from '../owner-rules';
import type { DecodedIdToken, UserAdmin } from '../../../../netlify/functions/_shared/auth';
import { requireRole, setRoleClaim, type Role, type RoleClaimResult } from '../../../../netlify/functions/_shared/roles';

export const OWNER_CLAIM = 'owner';
const OWNER: Role = { claim: OWNER_CLAIM, notHolder: OWNER_MESSAGES.notOwner, unreadable: 'The owner’s account could not be checked just now. Please try again.' };

/** The verified owner's token, or the 401/403 that says why not (../../../../netlify/functions/_shared/roles.ts). */
export const requireOwner = (req: Request): Promise<DecodedIdToken> => requireRole(req, OWNER);

/** Gives the account with `email` the owner claim, only if its address is verified (or takes it away with `revoke`). */
export const setOwnerClaim = (admin: UserAdmin, email: string, options: { revoke?: boolean } = {}): Promise<RoleClaimResult> => setRoleClaim(admin, email, OWNER_CLAIM, options);
