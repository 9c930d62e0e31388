/** GET and POST /api/email-preferences: a member's email choices from a signed link (_shared/email/preferences.ts). */
import type { Config } from '@netlify/functions';
import handler from './_shared/email/preferences';

export default handler;

export const config: Config = {
  path: '/api/email-preferences',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
