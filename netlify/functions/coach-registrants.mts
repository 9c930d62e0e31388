/**
 * GET /api/coach-registrants?session=<id>, for the coach only (the `coach` claim;
 * _shared/coach.ts): the session's registrants as a CSV file to download (name, email, when they
 * signed up on the coach's clock, whether they came; src/features/coaching/coach/coach-rules.ts), never cached.
 *
 * Errors (JSON): 400 (no session named), 401, 403, 404 (no such session), 405, 502, 503.
 */
import type { Config } from '@netlify/functions';
import { registrantsCsv, registrantsFileName } from '../../src/features/coaching/coach/coach-rules';
import { requireCoach } from '../../src/features/coaching/server/coach';
import { coachSession } from '../../src/features/coaching/server/coaching-sessions';
import { requireMethod } from './_shared/http';
import { endpoint } from './_shared/log';
import { supabaseAdmin } from './_shared/supabase';

const NAME = 'coach-registrants';

export default endpoint(NAME, async (req) => {
  requireMethod(req, 'GET');
  await requireCoach(req);
  const session = await coachSession(supabaseAdmin(), new URL(req.url).searchParams.get('session'));
  return new Response(registrantsCsv(session.registrants, session.time_zone, Date.parse(session.starts_at) <= Date.now()), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${registrantsFileName(session)}"`,
      'Cache-Control': 'private, no-store',
    },
  });
});

export const config: Config = {
  path: '/api/coach-registrants',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
