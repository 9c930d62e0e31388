/** POST /api/stripe-checkout: a Stripe Checkout Session for one product of the catalogue (src/features/commerce/server/stripe-checkout.ts). */
import type { Config } from '@netlify/functions';
import handler from '../../src/features/commerce/server/stripe-checkout';
export { ALREADY_SUBSCRIBED } from '../../src/features/commerce/server/stripe-checkout';

export default handler;

export const config: Config = {
  path: '/api/stripe-checkout',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
