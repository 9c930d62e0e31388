/**
 * GET /api/coaching-join?session=<id> with `Authorization: Bearer <Firebase ID token>`: the join
 * link of a coaching session, for a member registered for it, from an hour before the start until
 * the end (src/features/coaching/server/coaching-join.ts). The dashboard asks only inside that
 * window, so the page never holds the link before.
 *
 * Answers 200 { url, starts_at, ends_at }, never cached. Errors: 401 (no or bad token), 403 (not
 * registered, too early, over), 404 (no such session, cancelled, no link set yet), 405, 502, 503.
 */
import type { Config } from '@netlify/functions';
import { verifyIdToken } from './_shared/auth';
import { joinLinkFor } from '../../src/features/coaching/server/coaching-join';
import { bearerToken, json, requireMethod } from './_shared/http';
import { endpoint } from './_shared/log';
import { supabaseAdmin } from './_shared/supabase';

const NAME = 'coaching-join';

export default endpoint(NAME, async (req) => {
  requireMethod(req, 'GET');
  const user = await verifyIdToken(bearerToken(req));
  const session = new URL(req.url).searchParams.get('session') ?? '';
  return json(await joinLinkFor(supabaseAdmin(), user.uid, session, new Date()), 200, { 'Cache-Control': 'private, no-store' });
});

export const config: Config = {
  path: '/api/coaching-join',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
