/**
 * The coaching messages, for the outbox (./kinds.ts, ./outbox.ts): what each one reads at the
 * moment of sending, and the hourly run's queueing of the day-before reminders.
 *
 *   coaching_confirmation  ref: the signup. Queued by the database with the signup row (a
 *       trigger); sent at once by the coaching-confirmation function the dashboard calls, else by
 *       the hourly run. Always sent (no switch), unless the seat was given back, the session was
 *       cancelled (its notice says so) or has started.
 *   coaching_reminder  ref: the session. Queued by `queueReminders` for every registrant of an
 *       active session starting within REMINDER_AHEAD_MS whose reminders are on, and sent in the
 *       same run. Checked again when sent: reminders still on, the seat still held, the session
 *       still on and not started. Carries the join link (the session's own, else the standing
 *       link; else where it will be) and List-Unsubscribe / List-Unsubscribe-Post (RFC 8058).
 *   coaching_change  ref: a coaching_session_changes row. Queued by the database with the change
 *       (cancelled, moved: every registrant then; a new join link: those whose reminder went or
 *       may have gone). Always sent (no switch), unless the seat was given back since.
 *
 * Each message goes to the member's verified address (./recipients.ts; none without one), never
 * to the address typed into the signup, which is the contact the coach sees; it greets them by
 * the name they gave when signing up, with the time on their own clock from the zone their
 * browser gave then. The confirmation, the reminder and a move carry the session's .ics: the same
 * text the dashboard's "Add to calendar" gives (src/features/coaching/calendar.ts), stamped with
 * when the message was queued so every attempt sends the same bytes.
 */
import { COACHING_JOIN } from '../../../../core/config/site';
import type { Tables } from '../../../../core/db/database.types';
import { calendarFileName, sessionCalendar } from '../../calendar';
import { Upstream } from '../../../../../netlify/functions/_shared/log';
import { describeDbError, type AdminDb } from '../../../../../netlify/functions/_shared/supabase';
import { coachingChange, coachingConfirmation, coachingReminder, type MessageSession } from './coaching-messages';
import { preferencesPath } from '../../../../../netlify/functions/_shared/email/links';
import { NO_ADDRESS, type Composed, type OutboxRow, type Prepared, type Preparer } from '../../../../../netlify/functions/_shared/email/prepared';
import type { Preparers } from '../../../../../netlify/functions/_shared/email/outbox';
import { verifiedAddress } from '../../../../../netlify/functions/_shared/email/recipients';
import type { Attachment } from '../../../../../netlify/functions/_shared/email/resend';
import type { EmailSettings } from '../../../../../netlify/functions/_shared/email/settings';

/** Reminders go to sessions starting within this long of the hourly run. */
export const REMINDER_AHEAD_MS = 24 * 3600_000;

export const SKIP = {
  seatGivenBack: 'the seat was given back',
  cancelled: 'the session was cancelled',
  started: 'the session has started',
  remindersOff: 'reminders are off',
} as const;

type Session = Pick<Tables<'coaching_sessions'>, 'id' | 'date' | 'starts_at' | 'ends_at' | 'time_zone' | 'is_active' | 'cancelled_at'>;
type Signup = Pick<Tables<'coaching_session_signups'>, 'id' | 'user_id' | 'session_id' | 'name' | 'time_zone'> & { coaching_sessions: Session | null };

const SESSION = 'id, date, starts_at, ends_at, time_zone, is_active, cancelled_at';
const SIGNUP = `id, user_id, session_id, name, time_zone, coaching_sessions(${SESSION})`;

function failed(what: string, error: { message: string; code?: string }): never {
  throw new Upstream('The message could not be prepared.', describeDbError(what, error));
}

async function signupBy(db: AdminDb, match: { id: string } | { user_id: string; session_id: string }): Promise<Signup | null> {
  let query = db.from('coaching_session_signups').select(SIGNUP);
  for (const [column, value] of Object.entries(match)) query = query.eq(column, value);
  const { data, error } = await query.maybeSingle<Signup>();
  if (error) failed('coaching_session_signups select', error);
  return data;
}

/** The session's join link: its own, else the standing link, else null (not set yet). */
export async function joinUrlOf(db: AdminDb, sessionId: string): Promise<string | null> {
  const [own, standing] = await Promise.all([
    db.from('coaching_join_links').select('url').eq('session_id', sessionId).maybeSingle<{ url: string }>(),
    db.from('coaching_standing_link').select('url').maybeSingle<{ url: string }>(),
  ]);
  if (own.error) failed('coaching_join_links select', own.error);
  if (standing.error) failed('coaching_standing_link select', standing.error);
  return own.data?.url ?? standing.data?.url ?? null;
}

/** The next active session after `after` with a free seat, other than `except`, or null. */
export async function nextSession(db: AdminDb, after: Date, except: string): Promise<MessageSession | null> {
  const { data, error } = await db
    .from('coaching_sessions')
    .select('id, starts_at, ends_at, time_zone')
    .eq('is_active', true)
    .gt('starts_at', after.toISOString())
    .gt('spots_available', 0)
    .neq('id', except)
    .order('starts_at', { ascending: true })
    .limit(1);
  if (error) failed('coaching_sessions select', error);
  return (data?.[0] as MessageSession | undefined) ?? null;
}

export async function remindersOn(db: AdminDb, member: string): Promise<boolean> {
  const { data, error } = await db.from('email_preferences').select('coaching_reminders').eq('user_id', member).maybeSingle<{ coaching_reminders: boolean }>();
  if (error) failed('email_preferences select', error);
  return data?.coaching_reminders ?? true;
}

/** The session's .ics, as the dashboard's "Add to calendar" writes it, stamped `stamp`. */
export function calendarAttachment(session: Pick<Session, 'id' | 'date' | 'starts_at' | 'ends_at' | 'time_zone'>, settings: Pick<EmailSettings, 'site'>, stamp: Date): Attachment | null {
  const text = sessionCalendar(session, { host: new URL(settings.site).host, joinDetails: COACHING_JOIN.details, joinUrl: COACHING_JOIN.url, now: stamp });
  return text ? { filename: calendarFileName(session), content: Buffer.from(text, 'utf8').toString('base64'), contentType: 'text/calendar; charset=utf-8' } : null;
}

const stampOf = (row: OutboxRow) => new Date(Date.parse(row.created_at));

/** The message to `to` with the session's .ics attached (null when its instants cannot be written). */
function withCalendar(to: string, content: Composed['content'], session: Session, settings: EmailSettings, row: OutboxRow, headers?: Record<string, string>): Prepared {
  const attachment = calendarAttachment(session, settings, stampOf(row));
  if (!attachment) return null;
  return { to, composed: { content, attachments: [attachment], ...(headers ? { headers } : {}) } };
}

/** Why a message about `signup`'s session is not sent now, or null to send it. */
function notNow(signup: Signup | null, now: Date): string | null {
  if (!signup?.coaching_sessions) return SKIP.seatGivenBack;
  const session = signup.coaching_sessions;
  if (session.cancelled_at || !session.is_active) return SKIP.cancelled;
  return Date.parse(session.starts_at) <= now.getTime() ? SKIP.started : null;
}

export const prepareCoachingConfirmation: Preparer = async (db, row, { settings, now }) => {
  const signup = await signupBy(db, { id: row.ref });
  if (signup && signup.user_id !== row.user_id) return null;
  const skip = notNow(signup, now);
  if (skip) return { skip };
  const to = await verifiedAddress(db, row.user_id);
  if (!to) return { skip: NO_ADDRESS };
  const session = signup!.coaching_sessions!;
  const content = coachingConfirmation({ name: signup!.name }, { session, memberZone: signup!.time_zone });
  return withCalendar(to.email, content, session, settings, row);
};

/** The reminder's List-Unsubscribe headers (RFC 2369, RFC 8058): the signed one-click link, and a mail to the support address. */
export function unsubscribeHeaders(settings: Pick<EmailSettings, 'site' | 'linkSecret' | 'support'>, member: string): Record<string, string> {
  const link = `${settings.site}${preferencesPath(settings.linkSecret, 'reminders', member)}`;
  const mail = `mailto:${settings.support}?subject=${encodeURIComponent('Turn off coaching reminders')}`;
  return { 'List-Unsubscribe': `<${link}>, <${mail}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export const prepareCoachingReminder: Preparer = async (db, row, { settings, now }) => {
  const signup = await signupBy(db, { user_id: row.user_id, session_id: row.ref });
  const skip = notNow(signup, now);
  if (skip) return { skip };
  if (!(await remindersOn(db, row.user_id))) return { skip: SKIP.remindersOff };
  const to = await verifiedAddress(db, row.user_id);
  if (!to) return { skip: NO_ADDRESS };
  const session = signup!.coaching_sessions!;
  const joinUrl = await joinUrlOf(db, session.id);
  const content = coachingReminder(
    { name: signup!.name },
    { session, memberZone: signup!.time_zone, joinUrl, turnOffPath: preferencesPath(settings.linkSecret, 'reminders', row.user_id) },
  );
  return withCalendar(to.email, content, session, settings, row, unsubscribeHeaders(settings, row.user_id));
};

type Change = Pick<Tables<'coaching_session_changes'>, 'id' | 'session_id' | 'kind' | 'before' | 'after'>;

/** A moved session's instants before the move, from the change's record. */
function instantsOf(value: unknown): MessageSession | null {
  const v = value as Partial<Record<'starts_at' | 'ends_at' | 'time_zone', unknown>> | null;
  if (!v || typeof v.starts_at !== 'string' || typeof v.ends_at !== 'string' || typeof v.time_zone !== 'string') return null;
  if (Number.isNaN(Date.parse(v.starts_at)) || Number.isNaN(Date.parse(v.ends_at))) return null;
  return { starts_at: v.starts_at, ends_at: v.ends_at, time_zone: v.time_zone };
}

export const prepareCoachingChange: Preparer = async (db, row, { settings, now }) => {
  const { data: change, error } = await db.from('coaching_session_changes').select('id, session_id, kind, before, after').eq('id', row.ref).maybeSingle<Change>();
  if (error) failed('coaching_session_changes select', error);
  if (!change) return null;
  const signup = await signupBy(db, { user_id: row.user_id, session_id: change.session_id });
  if (!signup?.coaching_sessions) return { skip: SKIP.seatGivenBack };
  const address = await verifiedAddress(db, row.user_id);
  if (!address) return { skip: NO_ADDRESS };
  const to = address.email;
  const session = signup.coaching_sessions;
  const recipient = { name: signup.name };
  const memberZone = signup.time_zone;
  switch (change.kind) {
    case 'cancelled': {
      const content = coachingChange(recipient, { kind: 'cancelled', session, memberZone, next: await nextSession(db, now, session.id) });
      return { to, composed: { content } };
    }
    case 'moved': {
      const before = instantsOf(change.before);
      if (!before) return null;
      if (session.cancelled_at || !session.is_active) return { skip: SKIP.cancelled };
      const content = coachingChange(recipient, { kind: 'moved', before, session, memberZone, next: await nextSession(db, new Date(Date.parse(session.starts_at)), session.id) });
      return withCalendar(to, content, session, settings, row);
    }
    case 'join_link': {
      const skip = notNow(signup, now);
      if (skip) return { skip };
      const content = coachingChange(recipient, { kind: 'join_link', session, memberZone, joinUrl: await joinUrlOf(db, session.id) });
      return { to, composed: { content } };
    }
    default:
      return null;
  }
};

/**
 * The hourly run's first step: one coaching_reminder row for every registrant of every active
 * session starting after `now` and within REMINDER_AHEAD_MS, whose reminders are on (no row in
 * email_preferences, or coaching_reminders true). Keyed (kind, member, session): a second run,
 * or a run beside another, adds nothing. Decided by the instants, so the change of clocks moves
 * nothing. Answers how many rows were added; the run then sends them.
 */
export async function queueReminders(db: AdminDb, now: Date): Promise<number> {
  const { data, error } = await db
    .from('coaching_sessions')
    .select('id, coaching_session_signups(user_id)')
    .eq('is_active', true)
    .gt('starts_at', now.toISOString())
    .lte('starts_at', new Date(now.getTime() + REMINDER_AHEAD_MS).toISOString());
  if (error) throw new Upstream('The reminders could not be queued.', describeDbError('coaching_sessions select', error));
  const wanted = ((data ?? []) as { id: string; coaching_session_signups: { user_id: string }[] }[]).flatMap((s) =>
    s.coaching_session_signups.map((r) => ({ kind: 'coaching_reminder' as const, user_id: r.user_id, ref: s.id })),
  );
  if (wanted.length === 0) return 0;
  const members = [...new Set(wanted.map((w) => w.user_id))];
  const off = await db.from('email_preferences').select('user_id').in('user_id', members).eq('coaching_reminders', false);
  if (off.error) throw new Upstream('The reminders could not be queued.', describeDbError('email_preferences select', off.error));
  const optedOut = new Set((off.data ?? []).map((p) => p.user_id));
  const rows = wanted.filter((w) => !optedOut.has(w.user_id));
  if (rows.length === 0) return 0;
  const written = await db.from('email_outbox').upsert(rows, { onConflict: 'kind,user_id,ref', ignoreDuplicates: true }).select('id');
  if (written.error) throw new Upstream('The reminders could not be queued.', describeDbError('email_outbox insert', written.error));
  return written.data?.length ?? 0;
}

/** Coaching's kinds of message, for the outbox (netlify/functions/_registry/emails.ts combines every feature's). */
export const COACHING_EMAILS = {
  coaching_confirmation: prepareCoachingConfirmation,
  coaching_reminder: prepareCoachingReminder,
  coaching_change: prepareCoachingChange,
} satisfies Partial<Preparers>;
