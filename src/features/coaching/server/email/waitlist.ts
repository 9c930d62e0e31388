/**
 * The waitlist's messages and the note after a session, for the outbox (netlify/functions/_registry/emails.ts),
 * and the hourly run's two coaching steps besides the reminders:
 *
 *   coaching_seat_offer  ref: the place in line. Queued by the database when it offers the seat
 *       (migration 20261209100000), in the transaction that freed it. Sent while the offer stands
 *       (not taken, declined or lapsed, the session still on); always (no switch): the member
 *       asked for it by joining the line. Gives the offer's end on the member's own clock.
 *   coaching_follow_up   ref: the session; params.came. Queued by `queueFollowUps` once a
 *       session has ended (FOLLOW_UP_AFTER_MS after its end, so the coach's correction of who
 *       came counts), for every registrant whose reminders are on: a thank-you to those who came
 *       (coalesce(attendance = 'joined', joined_at is not null)), a kind note to those who did
 *       not. One key a member and session: one message, whichever it is, never both. Checked
 *       again when sent: reminders still on.
 *   passExpiredOffers    the offers whose time ran out pass to the next in line (the database's
 *       public.coaching_pass_expired_offers, which also queues the next offers' emails).
 */
import type { Tables } from '../../../../core/db/database.types';
import { Upstream } from '../../../../../netlify/functions/_shared/log';
import { describeDbError, type AdminDb } from '../../../../../netlify/functions/_shared/supabase';
import { preferencesPath } from '../../../../../netlify/functions/_shared/email/links';
import { NO_ADDRESS, type Preparer } from '../../../../../netlify/functions/_shared/email/prepared';
import type { Preparers } from '../../../../../netlify/functions/_shared/email/outbox';
import { verifiedAddress } from '../../../../../netlify/functions/_shared/email/recipients';
import { nextSession, remindersOn, SKIP, unsubscribeHeaders } from './coaching';
import { coachingFollowUp, coachingSeatOffer } from './waitlist-messages';

/** The note after a session is queued from this long after its end (the coach may correct who came meanwhile)... */
export const FOLLOW_UP_AFTER_MS = 2 * 3600_000;
/** ...until this long after it (a session long over is not written about). */
export const FOLLOW_UP_WITHIN_MS = 3 * 24 * 3600_000;

export const OFFER_SKIP = {
  gone: 'the offer was taken or declined',
  lapsed: 'the offer has ended',
} as const;

type Session = Pick<Tables<'coaching_sessions'>, 'id' | 'starts_at' | 'ends_at' | 'time_zone' | 'is_active' | 'cancelled_at'>;
type Place = Pick<Tables<'coaching_waitlist'>, 'id' | 'user_id' | 'name' | 'time_zone' | 'status' | 'offer_expires_at'> & { coaching_sessions: Session | null };

function failed(what: string, error: { message: string; code?: string }): never {
  throw new Upstream('The message could not be prepared.', describeDbError(what, error));
}

export const prepareSeatOffer: Preparer = async (db, row, { now }) => {
  const { data, error } = await db
    .from('coaching_waitlist')
    .select('id, user_id, name, time_zone, status, offer_expires_at, coaching_sessions(id, starts_at, ends_at, time_zone, is_active, cancelled_at)')
    .eq('id', row.ref)
    .maybeSingle<Place>();
  if (error) failed('coaching_waitlist select', error);
  if (!data?.coaching_sessions) return { skip: OFFER_SKIP.gone };
  if (data.user_id !== row.user_id) return null;
  const session = data.coaching_sessions;
  if (session.cancelled_at || !session.is_active) return { skip: SKIP.cancelled };
  if (data.status !== 'offered' || !data.offer_expires_at || Date.parse(data.offer_expires_at) <= now.getTime()) return { skip: OFFER_SKIP.lapsed };
  const to = await verifiedAddress(db, row.user_id);
  if (!to) return { skip: NO_ADDRESS };
  return { to: to.email, composed: { content: coachingSeatOffer({ name: data.name }, { session, memberZone: data.time_zone, expiresAt: data.offer_expires_at }) } };
};

type Signup = Pick<Tables<'coaching_session_signups'>, 'name' | 'time_zone'> & { coaching_sessions: Session | null };

export const prepareFollowUp: Preparer = async (db, row, { settings, now }) => {
  const { data, error } = await db
    .from('coaching_session_signups')
    .select('name, time_zone, coaching_sessions(id, starts_at, ends_at, time_zone, is_active, cancelled_at)')
    .eq('user_id', row.user_id)
    .eq('session_id', row.ref)
    .maybeSingle<Signup>();
  if (error) failed('coaching_session_signups select', error);
  if (!data?.coaching_sessions) return { skip: SKIP.seatGivenBack };
  const session = data.coaching_sessions;
  if (session.cancelled_at || !session.is_active) return { skip: SKIP.cancelled };
  const came = (row.params as { came?: unknown }).came;
  if (typeof came !== 'boolean') return null;
  if (!(await remindersOn(db, row.user_id))) return { skip: SKIP.remindersOff };
  const to = await verifiedAddress(db, row.user_id);
  if (!to) return { skip: NO_ADDRESS };
  const content = coachingFollowUp(
    { name: data.name },
    { came, session, next: await nextSession(db, now, session.id), memberZone: data.time_zone, turnOffPath: preferencesPath(settings.linkSecret, 'reminders', row.user_id) },
  );
  return { to: to.email, composed: { content, headers: unsubscribeHeaders(settings, row.user_id) } };
};

type Ended = { id: string; coaching_session_signups: { user_id: string; joined_at: string | null; attendance: string | null }[] };

/**
 * The hourly run's step after a session: one coaching_follow_up row for every registrant of every
 * active session that ended between FOLLOW_UP_WITHIN_MS and FOLLOW_UP_AFTER_MS before `now`, whose
 * reminders are on, with whether they came. Keyed (kind, member, session): a second run, or a run
 * beside another, adds nothing and changes nothing. Answers how many rows were added.
 */
export async function queueFollowUps(db: AdminDb, now: Date): Promise<number> {
  const { data, error } = await db
    .from('coaching_sessions')
    .select('id, coaching_session_signups(user_id, joined_at, attendance)')
    .eq('is_active', true)
    .lte('ends_at', new Date(now.getTime() - FOLLOW_UP_AFTER_MS).toISOString())
    .gt('ends_at', new Date(now.getTime() - FOLLOW_UP_WITHIN_MS).toISOString());
  if (error) throw new Upstream('The after-session notes could not be queued.', describeDbError('coaching_sessions select', error));
  const wanted = ((data ?? []) as Ended[]).flatMap((s) =>
    s.coaching_session_signups.map((r) => ({
      kind: 'coaching_follow_up' as const,
      user_id: r.user_id,
      ref: s.id,
      params: { came: r.attendance ? r.attendance === 'joined' : r.joined_at !== null },
    })),
  );
  if (wanted.length === 0) return 0;
  const off = await db.from('email_preferences').select('user_id').in('user_id', [...new Set(wanted.map((w) => w.user_id))]).eq('coaching_reminders', false);
  if (off.error) throw new Upstream('The after-session notes could not be queued.', describeDbError('email_preferences select', off.error));
  const optedOut = new Set((off.data ?? []).map((p) => p.user_id));
  const rows = wanted.filter((w) => !optedOut.has(w.user_id));
  if (rows.length === 0) return 0;
  const written = await db.from('email_outbox').upsert(rows, { onConflict: 'kind,user_id,ref', ignoreDuplicates: true }).select('id');
  if (written.error) throw new Upstream('The after-session notes could not be queued.', describeDbError('email_outbox insert', written.error));
  return written.data?.length ?? 0;
}

/** The hourly run's step for the waitlist: lapsed offers pass to the next in line, once (the database decides). Answers how many lapsed. */
export async function passExpiredOffers(db: AdminDb): Promise<number> {
  const { data, error } = await db.rpc('coaching_pass_expired_offers');
  if (error) throw new Upstream('The seat offers could not be passed on.', describeDbError('coaching_pass_expired_offers', error));
  return data ?? 0;
}

/** The waitlist's and the after-session kinds of message (netlify/functions/_registry/emails.ts combines every feature's). */
export const WAITLIST_EMAILS = {
  coaching_seat_offer: prepareSeatOffer,
  coaching_follow_up: prepareFollowUp,
} satisfies Partial<Preparers>;
