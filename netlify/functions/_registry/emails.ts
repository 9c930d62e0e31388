/**
 * The site's outbox: every feature's kinds of message, combined. Each feature registers its own
 * (its `server/email` module: what a kind of message is made of and who it goes to); the shared
 * outbox (_shared/email/outbox.ts) is the machinery and imports no feature, so it is given them
 * here. A kind the database knows and no feature prepares fails the type check (Preparers).
 * The function entries pass this outbox to their feature.
 */
import { outboxOf, type Preparers } from '../_shared/email/outbox';
import { commerceEmails } from '../../../src/features/commerce/server/email/kinds';
import { PRODUCT_HOMES } from './product-homes';
import { COACHING_EMAILS, queueReminders } from '../../../src/features/coaching/server/email/coaching';
import { passExpiredOffers, queueFollowUps, WAITLIST_EMAILS } from '../../../src/features/coaching/server/email/waitlist';
import { ACCOUNT_EMAILS } from '../../../src/features/account/server/email/account';
import { COURSE_EMAILS } from '../../../src/features/course/server/email/certificate';
import type { AdminDb } from '../_shared/supabase';
import { emailSettings } from '../_shared/email/settings';

export const EMAIL_KINDS: Preparers = { ...commerceEmails(PRODUCT_HOMES), ...COACHING_EMAILS, ...WAITLIST_EMAILS, ...ACCOUNT_EMAILS, ...COURSE_EMAILS };

export const outbox = outboxOf(EMAIL_KINDS);
export const { queueEmail, queueEmailLimited, sendDue, sendQueued } = outbox;

/** How long a run keeps taking rows (Netlify stops a scheduled function at 30 s). */
export const RUN_SECONDS = 20;

/**
 * The hourly email run (netlify/functions/email-outbox.mts) (a Netlify Scheduled Function, which Netlify invokes with a POST): passes
 * the coaching seat offers whose time ran out to the next in line (the database queues their
 * emails; src/features/coaching/server/email/waitlist.ts), queues the notes after a session and
 * the day-before coaching reminders (every registrant of a session starting within 24 hours,
 * whose reminders are on: src/features/coaching/server/email/coaching.ts), then sends
 * what the outbox still holds, oldest first (netlify/functions/_shared/email/outbox.ts): messages
 * queued whose immediate send did not happen, failed sends (each tried at most MAX_ATTEMPTS
 * times, then given up and logged once) and claims whose sender stopped. Two runs at once, or a
 * run beside a webhook, never send one message twice (each row is claimed by one sender). It
 * stops taking rows after RUN_SECONDS, inside Netlify's 30-second limit; the rest waits for the
 * next run. Answers what it did: { sent, failed, given_up, skipped, left }, or
 * { configured: false } without email settings (logged once). 503 without the database.
 */
export async function runOutbox(db: AdminDb, now: Date = new Date()) {
  const deadline = now.getTime() + RUN_SECONDS * 1000;
  await passExpiredOffers(db);
  if (emailSettings()) {
    await queueReminders(db, now);
    await queueFollowUps(db, now);
  }
  return sendDue(db, { now, deadline });
}
