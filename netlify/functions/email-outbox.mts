/** The hourly email run (a Netlify Scheduled Function, invoked with a POST): netlify/functions/_registry/emails.ts. */
import type { Config } from '@netlify/functions';
import { json, requireMethod } from './_shared/http';
import { endpoint, Upstream, upstreamFailure } from './_shared/log';
import { supabaseAdmin } from './_shared/supabase';
import { runOutbox } from './_registry/emails';

const NAME = 'email-outbox';

export default endpoint(NAME, async (req) => {
  requireMethod(req, 'POST');
  const db = supabaseAdmin();
  try {
    return json((await runOutbox(db)) ?? { configured: false });
  } catch (error) {
    if (error instanceof Upstream) return upstreamFailure(NAME, 502, error.publicMessage, error.detail);
    throw error;
  }
});

export const config: Config = {
  schedule: '@hourly',
};
