/** POST /api/hit: the funnel's beacon, counted without cookies (src/features/funnel/server/hit.ts). */
import type { Config } from '@netlify/functions';
import handler from '../../src/features/funnel/server/hit';
export { createHitHandler, HIT_LIMIT } from '../../src/features/funnel/server/hit';

export default handler;

// Per address: a page a second for a minute; the function keeps the same limit within an instance.
export const config: Config = {
  path: '/api/hit',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
