/**
 * The coaching schedule keeps itself: a Netlify Scheduled Function, run daily, that makes sure
 * the next three last-Thursday sessions exist (src/features/coaching/schedule.ts holds the
 * schedule; src/features/coaching/server/coaching-schedule.ts the one idempotent insert). It never
 * changes a session that exists. It logs one line of what it did.
 *
 * Netlify invokes it with a POST (a scheduled function has no public address in production;
 * under `astro dev` and `npm start` any request to /.netlify/functions/coaching-schedule runs it,
 * as `npm run dev:members` does at start). Answers { created, kept }: start instants, ISO.
 */
import type { Config } from '@netlify/functions';
import { keepSchedule, scheduleLogLine } from '../../src/features/coaching/server/coaching-schedule';
import { json, requireMethod } from './_shared/http';
import { endpoint } from './_shared/log';
import { supabaseAdmin } from './_shared/supabase';

const NAME = 'coaching-schedule';

export default endpoint(NAME, async (req) => {
  requireMethod(req, 'POST');
  const db = supabaseAdmin();
  const run = await keepSchedule(db, new Date());
  console.log(`[${NAME}] ${scheduleLogLine(run)}`);
  return json(run);
});

export const config: Config = {
  schedule: '@daily',
};
