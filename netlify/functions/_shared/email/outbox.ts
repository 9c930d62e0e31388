/**
 * The outbox: every message the site sends goes through here, and is sent once.
 *
 *   queueEmail(db, kind, { member, ref, params })  records the message's key (kind, member, ref)
 *       in email_outbox, unique, BEFORE anything is sent, then sends it at once. A second call
 *       with the same key (a retried webhook, a duplicate event) finds the key taken and sends
 *       nothing. A failure to record is thrown (Upstream: the caller answers 502 and is called
 *       again); a failure to send is not (the row stays, the scheduled run tries again).
 *   sendDue(db, ...)  the scheduled run: the messages still to send (queued and not yet claimed,
 *       failed fewer than MAX_ATTEMPTS times, or claimed by a sender that never came back).
 *   sendQueued(db, { kind, member })  sends now what the database queued itself and nobody has
 *       claimed yet (a coaching signup's confirmation, the notices of a coach's change), for the
 *       function that made it happen; what it leaves is the scheduled run's.
 *
 * One sender at a time: a sender claims a row with one compare-and-set update (status and
 * attempts as it read them -> sending, attempts + 1), so of two runs (or a webhook and a run)
 * only one calls the provider. Each call carries the row's id as its idempotency key, so a
 * sender that crashed after the provider accepted the message, before recording it, is
 * deduplicated by the provider when the claim is taken again (after STALE_CLAIM_MS). A row is
 * tried again only within the provider's memory of its key, counted from its first attempt
 * (first_attempt_at); after that it is given up rather than risk a second copy.
 * The scheduled run takes what is due by a time first (email_outbox.priority: reminders and
 * change notices, then the rest, then signup confirmations), and measures what it left.
 * A message given up is logged once, when it is given up: the kind, the row id, the attempts and
 * the last error, never an address or a body.
 *
 * Without the provider's settings (./settings.ts) nothing is recorded or sent, and the first
 * call of a process logs it once.
 */
import { BRAND } from '../../../../src/core/config/site';
import type { EmailKind, EmailOutboxRow, EmailStatus } from '../../../../src/core/db/database.types';
import { Upstream } from '../log';
import { describeDbError, type AdminDb } from '../supabase';
import type { OutboxRow, Params, Preparer } from './prepared';
import { renderMessage } from './render';
import { sendWithResend } from './resend';
import { emailSettings, type EmailSettings } from './settings';

/**
 * What each kind of message is made of (./prepared.ts): every feature registers its own kinds
 * (its `server/email` module), and netlify/functions/_registry/emails.ts combines them. The
 * outbox imports no feature: it is given the preparers.
 */
export type Preparers = Record<EmailKind, Preparer>;

/** Attempts before a message is given up (and logged). */
export const MAX_ATTEMPTS = 4;
/** A claim this old with no answer recorded: its sender stopped (a crash, a timeout), and the row may be taken again. */
export const STALE_CLAIM_MS = 10 * 60_000;
/** The provider remembers an idempotency key for 24 hours; a claim older than this is given up, not sent again. */
export const IDEMPOTENCY_WINDOW_MS = 23 * 3600_000;
/** Rows one scheduled run looks at. */
export const RUN_BATCH = 100;
/** What the run still counts as to send: queued, failed, or claimed. */
const UNSENT = ['pending', 'failed', 'sending'] as const;

export interface QueueRequest {
  /** The member's id (the Firebase uid). */
  member: string;
  /** What the message is about: a Checkout Session id, a subscription id, a coaching session. */
  ref: string;
  /** What the message says that the database does not keep elsewhere, fixed now. */
  params?: Params;
}

/**
 * What became of one message: sent now; not sent now but kept for the scheduled run (failed);
 * already recorded (duplicate) or being sent by another sender (busy); nothing to send it to
 * (skipped); given up; or email is not configured.
 */
export type Delivery = 'sent' | 'failed' | 'given_up' | 'skipped' | 'duplicate' | 'busy' | 'not configured';

type Row = OutboxRow & Pick<EmailOutboxRow, 'status' | 'attempts' | 'claimed_at' | 'first_attempt_at'>;
const ROW = 'id, user_id, kind, ref, params, created_at, status, attempts, claimed_at, first_attempt_at';

/**
 * When the provider first saw this row's key: its first attempt, or (a row tried before that
 * was recorded) its creation, the earliest the first attempt can have been. Null: never tried.
 */
function firstAttempt(row: Row): number | null {
  if (row.attempts === 0) return null;
  return Date.parse(row.first_attempt_at ?? row.created_at);
}

/** True when the provider may no longer remember the row's key: trying again could send it twice. */
export function pastKeyWindow(row: Row, now: Date): boolean {
  const first = firstAttempt(row);
  return first !== null && now.getTime() - first > IDEMPOTENCY_WINDOW_MS;
}

/**
 * Takes the row for this sender: one update that only matches the row as it was read (status
 * and attempts), so of two senders one gets it. Returns the attempt number, or null when
 * another sender was first.
 */
async function claim(db: AdminDb, row: Row, now: Date): Promise<number | null> {
  const attempt = row.attempts + 1;
  const { data, error } = await db
    .from('email_outbox')
    .update({ status: 'sending', attempts: attempt, claimed_at: now.toISOString(), first_attempt_at: row.first_attempt_at ?? (row.attempts === 0 ? now.toISOString() : row.created_at) })
    .eq('id', row.id)
    .eq('status', row.status)
    .eq('attempts', row.attempts)
    .select('id');
  if (error) throw new Upstream('The message could not be sent.', describeDbError('email_outbox claim', error));
  return data && data.length === 1 ? attempt : null;
}

/** Records how this attempt ended, on the row this sender claimed (status sending, its attempt). */
async function settle(db: AdminDb, row: Row, attempt: number, fields: Partial<EmailOutboxRow> & { status: EmailStatus }): Promise<void> {
  const { error } = await db.from('email_outbox').update(fields).eq('id', row.id).eq('status', 'sending').eq('attempts', attempt);
  if (error) throw new Upstream('The message could not be recorded.', describeDbError('email_outbox update', error));
}

function gaveUp(row: Row, attempts: number, why: string): void {
  console.error(`[email] gave up on a ${row.kind} message (outbox ${row.id}) after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${why}`);
}

/** Claims the row, writes its message and sends it; records the outcome. */
async function deliver(preparers: Preparers, db: AdminDb, settings: EmailSettings, row: Row, now: Date): Promise<Delivery> {
  const attempt = await claim(db, row, now);
  if (attempt === null) return 'busy';
  const prepared = await preparers[row.kind](db, row, { settings, now });
  if (prepared && 'skip' in prepared) {
    await settle(db, row, attempt, { status: 'skipped', last_error: prepared.skip });
    return 'skipped';
  }
  if (!prepared) {
    await settle(db, row, attempt, { status: 'given_up', last_error: 'its details could not be read' });
    gaveUp(row, attempt, 'its details could not be read');
    return 'given_up';
  }
  const { to, composed } = prepared;
  const rendered = renderMessage(composed.content, { site: settings.site, brand: BRAND, support: settings.support });
  const result = await sendWithResend(
    { url: settings.apiUrl, key: settings.apiKey },
    {
      from: settings.from,
      to,
      replyTo: settings.replyTo,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      ...(composed.headers ? { headers: composed.headers } : {}),
      ...(composed.attachments ? { attachments: composed.attachments } : {}),
      tag: row.kind,
    },
    `outbox/${row.id}`,
  );
  if (result.outcome === 'sent') {
    await settle(db, row, attempt, { status: 'sent', sent_at: new Date().toISOString(), provider_id: result.id, recipient: to, subject: rendered.subject, last_error: null });
    return 'sent';
  }
  const final = result.outcome === 'refused' || attempt >= MAX_ATTEMPTS;
  await settle(db, row, attempt, { status: final ? 'given_up' : 'failed', last_error: result.error });
  if (final) gaveUp(row, attempt, result.error);
  return final ? 'given_up' : 'failed';
}

/**
 * Records the message's key and sends it now. The key (kind, member, ref) is unique: a second
 * call with it sends nothing ('duplicate'). Throws Upstream when the key cannot be recorded;
 * a failed send is kept for the scheduled run ('failed').
 */
async function queueEmail(preparers: Preparers, db: AdminDb, kind: EmailKind, request: QueueRequest, now: Date = new Date()): Promise<Delivery> {
  const settings = emailSettings();
  if (!settings) return 'not configured';
  // A deleted member's records (kept anonymised) have nobody to write to.
  if (request.member.startsWith('deleted:')) return 'skipped';
  const { data, error } = await db
    .from('email_outbox')
    .upsert({ kind, user_id: request.member, ref: request.ref, params: request.params ?? {} }, { onConflict: 'kind,user_id,ref', ignoreDuplicates: true })
    .select(ROW);
  if (error) throw new Upstream('The message could not be queued.', describeDbError('email_outbox insert', error));
  const row = (data as Row[] | null)?.[0];
  if (!row) return 'duplicate';
  try {
    return await deliver(preparers, db, settings, row, now);
  } catch (failure) {
    // Recorded already: the scheduled run sends it. Only the detail of the database's answer is logged.
    console.error(`[email] a ${kind} message (outbox ${row.id}) is left for the next run: ${failure instanceof Upstream ? failure.detail : String(failure)}`);
    return 'failed';
  }
}

/** Why the run gives a row up. */
export const GIVE_UP = {
  stopped: 'an attempt stopped without an answer',
  attempts: 'too many failed attempts',
  window: 'first tried more than 24 hours ago: the provider no longer covers its key, so it is not sent again',
} as const;

/**
 * Queues a message at most `perHour` times an hour for one member: its key's ref is
 * `<prefix>:<UTC hour>:<n>` for the first free n of 1..perHour, so the unique key itself is the
 * limit (two requests at once cannot both take the last place). 'limited' when every place of
 * this hour is taken; otherwise what queueEmail answers.
 */
async function queueEmailLimited(
  preparers: Preparers,
  db: AdminDb,
  kind: EmailKind,
  request: Omit<QueueRequest, 'ref'> & { prefix: string; perHour: number },
  now: Date = new Date(),
): Promise<Delivery | 'limited'> {
  const hour = now.toISOString().slice(0, 13);
  for (let n = 1; n <= request.perHour; n++) {
    const delivery = await queueEmail(preparers, db, kind, { member: request.member, ref: `${request.prefix}:${hour}:${n}`, ...(request.params ? { params: request.params } : {}) }, now);
    if (delivery !== 'duplicate') return delivery;
  }
  return 'limited';
}

/**
 * What the scheduled run does with a row: send it (queued and not claimed, or failed fewer than
 * MAX_ATTEMPTS times, or claimed by a sender that stopped more than STALE_CLAIM_MS ago, in each
 * case while the provider still remembers its key), give it up (why), or leave it (claimed by a
 * sender still at work).
 */
function dueAction(row: Row, now: Date): { send: true } | { giveUp: string } | null {
  switch (row.status) {
    case 'pending':
      return { send: true };
    case 'failed':
      if (pastKeyWindow(row, now)) return { giveUp: GIVE_UP.window };
      return row.attempts < MAX_ATTEMPTS ? { send: true } : { giveUp: GIVE_UP.attempts };
    case 'sending': {
      const age = now.getTime() - (row.claimed_at ? Date.parse(row.claimed_at) : 0);
      if (age < STALE_CLAIM_MS) return null;
      if (pastKeyWindow(row, now)) return { giveUp: GIVE_UP.window };
      return row.attempts >= MAX_ATTEMPTS ? { giveUp: GIVE_UP.stopped } : { send: true };
    }
    default:
      return null;
  }
}

/** Gives up a row the run will not send again, if it is still as it was read; true when this run did. */
async function giveUpRow(db: AdminDb, row: Row, why: string): Promise<boolean> {
  const { data, error } = await db
    .from('email_outbox')
    .update({ status: 'given_up', last_error: why })
    .eq('id', row.id)
    .eq('status', row.status)
    .eq('attempts', row.attempts)
    .select('id');
  if (error) throw new Upstream('The message could not be recorded.', describeDbError('email_outbox update', error));
  if (!data?.length) return false;
  gaveUp(row, row.attempts, why);
  return true;
}

export interface RunSummary {
  sent: number;
  failed: number;
  given_up: number;
  skipped: number;
  /** Rows left for the next run (out of time, or claimed by another sender). */
  left: number;
}

/** The scheduled run's summary, with what it measured was still waiting when it ended. */
export interface DueSummary extends RunSummary {
  /** Messages still waiting after this run (queued or failed), beyond its batch too. */
  waiting: number;
  /** Of those, the ones due by a time (reminders and change notices). */
  waiting_due: number;
}

/** Sends one row and counts the outcome in `summary` (another sender's row counts as left). */
async function sendCounted(preparers: Preparers, db: AdminDb, settings: EmailSettings, row: Row, now: Date, summary: RunSummary): Promise<void> {
  const delivery = await deliver(preparers, db, settings, row, now);
  if (delivery === 'busy' || delivery === 'duplicate' || delivery === 'not configured') summary.left++;
  else summary[delivery]++;
}

/** The database failed mid-way: the row is left as it is, for the next run (one line, no address). */
function leftForNextRun(row: Row, failure: unknown, summary: RunSummary): void {
  console.error(`[email] a ${row.kind} message (outbox ${row.id}) is left for the next run: ${failure instanceof Upstream ? failure.detail : String(failure)}`);
  summary.left++;
}

/** How many messages wait to be sent, queued or failed (of priority `priority` only, when given). */
async function countWaiting(db: AdminDb, priority?: number): Promise<number> {
  let query = db.from('email_outbox').select('id', { count: 'exact', head: true }).in('status', ['pending', 'failed']);
  if (priority !== undefined) query = query.eq('priority', priority);
  const { count, error } = await query;
  if (error) throw new Upstream('The outbox could not be read.', describeDbError('email_outbox count', error));
  return count ?? 0;
}

/**
 * The scheduled run: sends what is still to send, what is due by a time first (priority), then
 * oldest first, until `deadline` (epoch ms; what is left waits for the next run). Measures what
 * is still waiting when it ends (logged when any of it is due by a time). Returns what it did,
 * or null without email settings.
 */
async function sendDue(preparers: Preparers, db: AdminDb, options: { now?: Date; deadline?: number } = {}): Promise<DueSummary | null> {
  const settings = emailSettings();
  if (!settings) return null;
  const now = options.now ?? new Date();
  const { data, error } = await db
    .from('email_outbox')
    .select(ROW)
    .in('status', [...UNSENT])
    .order('priority')
    .order('created_at')
    .limit(RUN_BATCH);
  if (error) throw new Upstream('The outbox could not be read.', describeDbError('email_outbox select', error));
  const summary: RunSummary = { sent: 0, failed: 0, given_up: 0, skipped: 0, left: 0 };
  for (const row of (data ?? []) as Row[]) {
    const action = dueAction(row, now);
    if (!action) continue;
    if (options.deadline !== undefined && Date.now() > options.deadline) {
      summary.left++;
      continue;
    }
    try {
      if ('giveUp' in action) {
        // Tried too often, or the provider may have sent it and no longer remembers its key: it
        // is not sent again without the key's protection.
        if (await giveUpRow(db, row, action.giveUp)) summary.given_up++;
        continue;
      }
      await sendCounted(preparers, db, settings, row, now, summary);
    } catch (failure) {
      leftForNextRun(row, failure, summary);
    }
  }
  const [waiting, waitingDue] = await Promise.all([countWaiting(db), countWaiting(db, 0)]);
  if (waitingDue > 0) console.warn(`[email] the run ended with ${waitingDue} reminder or notice message${waitingDue === 1 ? '' : 's'} still to send (${waiting} in all)`);
  return { ...summary, waiting, waiting_due: waitingDue };
}

/**
 * Sends the unclaimed (`pending`) messages of `kind` now, oldest first (only `member`'s, when
 * given), until `deadline` (epoch ms): the rows the database queued by itself, for the function
 * whose request queued them. Failures stay for the scheduled run. Null without email settings.
 */
async function sendQueued(
  preparers: Preparers,
  db: AdminDb,
  options: { kind: EmailKind; member?: string; now?: Date; deadline?: number },
): Promise<RunSummary | null> {
  const settings = emailSettings();
  if (!settings) return null;
  const now = options.now ?? new Date();
  let query = db.from('email_outbox').select(ROW).eq('status', 'pending').eq('kind', options.kind);
  if (options.member) query = query.eq('user_id', options.member);
  const { data, error } = await query.order('created_at').limit(RUN_BATCH);
  if (error) throw new Upstream('The outbox could not be read.', describeDbError('email_outbox select', error));
  const summary: RunSummary = { sent: 0, failed: 0, given_up: 0, skipped: 0, left: 0 };
  for (const row of (data ?? []) as Row[]) {
    if (options.deadline !== undefined && Date.now() > options.deadline) {
      summary.left++;
      continue;
    }
    try {
      await sendCounted(preparers, db, settings, row, now, summary);
    } catch (failure) {
      leftForNextRun(row, failure, summary);
    }
  }
  return summary;
}

/** The outbox for these kinds of message: queueEmail, queueEmailLimited, sendDue and sendQueued above. */
export function outboxOf(preparers: Preparers) {
  const tail = <A extends unknown[], R>(f: (p: Preparers, ...args: A) => R) => (...args: A): R => f(preparers, ...args);
  return {
    queueEmail: tail(queueEmail),
    queueEmailLimited: tail(queueEmailLimited),
    sendDue: tail(sendDue),
    sendQueued: tail(sendQueued),
  };
}

/** The outbox a feature is given (netlify/functions/_registry/emails.ts makes the one of the site). */
export type Outbox = ReturnType<typeof outboxOf>;
