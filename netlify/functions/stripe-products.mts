/** GET /api/stripe-products: the catalogue as Stripe has it (src/features/commerce/server/stripe-products.ts). */
import type { Config } from '@netlify/functions';
import handler from '../../src/features/commerce/server/stripe-products';

export default handler;

export const config: Config = {
  path: '/api/stripe-products',
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
