/** GET /api/checkout-summary: what a finished Checkout Session bought, for /success (src/features/commerce/server/checkout-summary.ts). */
import type { Config } from '@netlify/functions';
import handler from '../../src/features/commerce/server/checkout-summary';

export default handler;

export const config: Config = {
  path: '/api/checkout-summary',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
