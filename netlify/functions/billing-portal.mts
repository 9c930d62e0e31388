/** POST /api/billing-portal: a Stripe billing portal session for the member (src/features/commerce/server/billing-portal.ts). */
import type { Config } from '@netlify/functions';
import handler from '../../src/features/commerce/server/billing-portal';
export { NO_BILLING_ACCOUNT } from '../../src/features/commerce/server/billing-portal';

export default handler;

export const config: Config = {
  path: '/api/billing-portal',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
