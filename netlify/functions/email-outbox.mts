/**
 * The hourly email run (a Netlify Scheduled Function, which Netlify invokes with a POST): queues
 * the day-before coaching reminders (every registrant of a session starting within 24 hours,
 * whose reminders are on: netlify/functions/_shared/email/coaching.ts), then sends
 * what the outbox still holds, oldest first (netlify/functions/_shared/email/outbox.ts): messages
 * queued whose immediate send did not happen, failed sends (each tried at most MAX_ATTEMPTS
 * times, then given up and logged once) and claims whose sender stopped. Two runs at once, or a
 * run beside a webhook, never send one message twice (each row is claimed by one sender). It
 * stops taking rows after RUN_SECONDS, inside Netlify's 30-second limit; the rest waits for the
 * next run. Answers what it did: { sent, failed, given_up, skipped, left }, or
 * { configured: false } without email settings (logged once). 503 without the database.
 */
import type { Config } from '@netlify/functions';
import { json, requireMethod } from './_shared/http';
import { endpoint, Upstream, upstreamFailure } from './_shared/log';
import { supabaseAdmin } from './_shared/supabase';
import { queueReminders } from './_shared/email/coaching';
import { sendDue } from './_shared/email/outbox';
import { emailSettings } from './_shared/email/settings';

const NAME = 'email-outbox';
/** How long a run keeps taking rows (Netlify stops a scheduled function at 30 s). */
export const RUN_SECONDS = 20;

export default endpoint(NAME, async (req) => {
  requireMethod(req, 'POST');
  const db = supabaseAdmin();
  try {
    const now = new Date();
    const deadline = now.getTime() + RUN_SECONDS * 1000;
    if (emailSettings()) await queueReminders(db, now);
    const summary = await sendDue(db, { now, deadline });
    return json(summary ?? { configured: false });
  } catch (error) {
    if (error instanceof Upstream) return upstreamFailure(NAME, 502, error.publicMessage, error.detail);
    throw error;
  }
});

export const config: Config = {
  schedule: '@hourly',
};
