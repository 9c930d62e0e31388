/** /api/coach-sessions, for the coach only: their sessions (src/features/coaching/server/coach-sessions.ts). */
import type { Config } from '@netlify/functions';
import { coachSessions } from '../../src/features/coaching/server/coach-sessions';
import { endpoint } from './_shared/log';
import { outbox } from './_registry/emails';

export default endpoint('coach-sessions', (req) => coachSessions(req, outbox));

export const config: Config = {
  path: '/api/coach-sessions',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
