/** PUT /api/coach-join-link, for the coach only: a session's join link (src/features/coaching/server/coach-join-link.ts). */
import type { Config } from '@netlify/functions';
import { coachJoinLink } from '../../src/features/coaching/server/coach-join-link';
import { endpoint } from './_shared/log';
import { outbox } from './_registry/emails';

export default endpoint('coach-join-link', (req) => coachJoinLink(req, outbox));

export const config: Config = {
  path: '/api/coach-join-link',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
