/**
 * Who the coach is: a member whose Firebase account carries the custom claim `coach: true`, set
 * by `npm run coach:grant -- <email>` (scripts/grant-role.mjs, through `setRoleClaim`, and only
 * for an account whose email address is verified). Every coach function starts with
 * `requireCoach`: no token is a 401, and so is a token whose session has ended (revoked, disabled,
 * deleted: as at every member function); a token that does not verify, or a member without the
 * claim, is a 403 and nothing else happens. The claim is read twice: in the
 * verified token, and on the account itself (the Admin API), so a claim taken away counts at
 * once (not when the token expires) and an unsigned emulator token cannot claim it.
 */
import { COACH_MESSAGES } from '../coach/coach-rules';
import type { DecodedIdToken, UserAdmin } from '../../../../netlify/functions/_shared/auth';
import { requireRole, setRoleClaim, type Role, type RoleClaimResult } from '../../../../netlify/functions/_shared/roles';

export const COACH_CLAIM = 'coach';
const COACH: Role = { claim: COACH_CLAIM, notHolder: COACH_MESSAGES.notCoach, unreadable: 'The coach’s account could not be checked just now. Please try again.' };

/** The verified coach's token, or the 401/403 that says why not (../../../../netlify/functions/_shared/roles.ts). */
export const requireCoach = (req: Request): Promise<DecodedIdToken> => requireRole(req, COACH);

/** Gives the account with `email` the coach claim, only if its address is verified (or takes it away with `revoke`). */
export const setCoachClaim = (admin: UserAdmin, email: string, options: { revoke?: boolean } = {}): Promise<RoleClaimResult> => setRoleClaim(admin, email, COACH_CLAIM, options);
