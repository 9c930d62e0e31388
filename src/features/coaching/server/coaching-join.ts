/**
 * The join link of a session for one member (netlify/functions/coaching-join.mts). The link is a
 * secret of the session (coaching_join_links, else coaching_standing_link: service role only):
 * it is answered only to a member registered for the session, from an hour before the start
 * until the end, and never for a cancelled session. Each refusal says why, plainly. The first
 * link answered marks the registrant as joined (coaching_session_signups.joined_at).
 */
import { SUPPORT_EMAIL } from '../../../core/config/site';
import { joinState } from '../session-time';
import { HttpError } from '../../../../netlify/functions/_shared/http';
import { Upstream } from '../../../../netlify/functions/_shared/log';
import { describeDbError, type AdminDb } from '../../../../netlify/functions/_shared/supabase';

export const JOIN_MESSAGES = {
  noSession: 'This session does not exist.',
  cancelled: 'This session was cancelled, so there is nothing to join. We’re sorry.',
  notRegistered: 'Only members registered for this session can join it. Save a seat first, while seats are left.',
  tooEarly: 'The join link opens one hour before the session starts. Come back then.',
  ended: 'This session has ended. We hope to see you at the next one.',
  noLink: `The join link is not ready yet. Please try again in a few minutes, or write to ${SUPPORT_EMAIL}.`,
  databaseDown: 'The join link could not be fetched just now. Please try again.',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface JoinAnswer {
  url: string;
  starts_at: string;
  ends_at: string;
}

/** The join link of `sessionId` for the member `memberId` at `now`, or the HttpError that says why not. */
export async function joinLinkFor(db: AdminDb, memberId: string, sessionId: string, now: Date): Promise<JoinAnswer> {
  if (!UUID.test(sessionId)) throw new HttpError(404, JOIN_MESSAGES.noSession);
  const session = await db.from('coaching_sessions').select('id, starts_at, ends_at, cancelled_at').eq('id', sessionId).maybeSingle();
  if (session.error) throw new Upstream(JOIN_MESSAGES.databaseDown, describeDbError('coaching_sessions select', session.error));
  if (!session.data) throw new HttpError(404, JOIN_MESSAGES.noSession);
  if (session.data.cancelled_at) throw new HttpError(404, JOIN_MESSAGES.cancelled);

  const signup = await db.from('coaching_session_signups').select('id').eq('session_id', sessionId).eq('user_id', memberId).maybeSingle();
  if (signup.error) throw new Upstream(JOIN_MESSAGES.databaseDown, describeDbError('coaching_session_signups select', signup.error));
  if (!signup.data) throw new HttpError(403, JOIN_MESSAGES.notRegistered);

  const state = joinState(session.data, now.getTime());
  if (state === 'early') throw new HttpError(403, JOIN_MESSAGES.tooEarly);
  if (state === 'ended') throw new HttpError(403, JOIN_MESSAGES.ended);

  const own = await db.from('coaching_join_links').select('url').eq('session_id', sessionId).maybeSingle();
  if (own.error) throw new Upstream(JOIN_MESSAGES.databaseDown, describeDbError('coaching_join_links select', own.error));
  let url = own.data?.url ?? null;
  if (!url) {
    const standing = await db.from('coaching_standing_link').select('url').maybeSingle();
    if (standing.error) throw new Upstream(JOIN_MESSAGES.databaseDown, describeDbError('coaching_standing_link select', standing.error));
    url = standing.data?.url ?? null;
  }
  if (!url) throw new HttpError(404, JOIN_MESSAGES.noLink);
  // The first use marks the registrant as joined (docs/decisions/coaching.md, "Who came"): one
  // statement, so two taps at once keep the earlier time and a later use never moves it.
  const mark = await db.from('coaching_session_signups').update({ joined_at: now.toISOString() }).eq('id', signup.data.id).is('joined_at', null);
  if (mark.error) throw new Upstream(JOIN_MESSAGES.databaseDown, describeDbError('coaching_session_signups joined', mark.error));
  return { url, starts_at: session.data.starts_at, ends_at: session.data.ends_at };
}

