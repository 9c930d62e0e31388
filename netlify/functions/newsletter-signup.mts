/** POST /api/newsletter-signup: an address for the newsletter (src/features/forms/server/newsletter-signup.ts). */
import type { Config } from '@netlify/functions';
import handler from '../../src/features/forms/server/newsletter-signup';

export default handler;

export const config: Config = {
  path: '/api/newsletter-signup',
  rateLimit: { windowLimit: 5, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
