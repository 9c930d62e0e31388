/**
 * The hourly email run (a Netlify Scheduled Function, which Netlify invokes with a POST): sends
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
import { sendDue } from './_shared/email/outbox';

const NAME = 'email-outbox';
/** How long a run keeps taking rows (Netlify stops a scheduled function at 30 s). */
export const RUN_SECONDS = 20;

export default endpoint(NAME, async (req) => {
  requireMethod(req, 'POST');
  const db = supabaseAdmin();
  try {
    const summary = await sendDue(db, { deadline: Date.now() + RUN_SECONDS * 1000 });
    return json(summary ?? { configured: false });
  } catch (error) {
    if (error instanceof Upstream) return upstreamFailure(NAME, 502, error.publicMessage, error.detail);
    throw error;
  }
});

export const config: Config = {
  schedule: '@hourly',
};
