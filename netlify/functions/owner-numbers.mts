/**
 * GET /api/owner-numbers?month=YYYY-MM, for the owner only (the `owner` claim;
 * src/features/owner/server/owner.ts): the month's numbers for /coach/numbers
 * (src/features/owner/server/owner-numbers.ts).
 */
import type { Config } from '@netlify/functions';
import { ownerNumbers } from '../../src/features/owner/server/owner-numbers';
import { endpoint } from './_shared/log';

export default endpoint('owner-numbers', (req) => ownerNumbers(req));

export const config: Config = {
  path: '/api/owner-numbers',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
