/**
 * Rate limits per member (docs/decisions/netlify-functions.md, "Per member"). Netlify's
 * `rateLimit` counts requests by address; a member function that sends mail or writes also
 * counts the member's own requests in the database (public.count_member_request: one statement
 * raises the window's count, so racing requests are each counted) and refuses the one past its
 * limit with 429 and words for the member. Call it after the token is verified, before the work.
 */
import { HttpError } from './http';
import { Upstream } from './log';
import { describeDbError, type AdminDb } from './supabase';

export interface MemberLimit {
  /** Requests a member may make in one window. */
  most: number;
  /** The window, in seconds (fixed windows: the clock's hour, the clock's ten minutes). */
  windowSeconds: number;
}

export const TOO_MANY = 'You have done this many times in a short while. Please wait a little, then try again.';

/** Counts this request of `member` to `door`; throws 429 past `limit`, Upstream when the database fails. */
export async function limitMember(db: AdminDb, member: string, door: string, limit: MemberLimit): Promise<void> {
  const { data, error } = await db.rpc('count_member_request', { member, door, window_seconds: limit.windowSeconds });
  if (error) throw new Upstream('The request could not be checked just now.', describeDbError('count_member_request', error));
  if (typeof data === 'number' && data > limit.most) throw new HttpError(429, TOO_MANY);
}
