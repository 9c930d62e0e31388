/** POST /api/password-reset: a reset link to an account's address (src/features/account/server/password-reset.ts). */
import type { Config } from '@netlify/functions';
import handler from '../../src/features/account/server/password-reset';
export { createHandler, PER_ADDRESS, PER_CLIENT } from '../../src/features/account/server/password-reset';

export default handler;

export const config: Config = {
  path: '/api/password-reset',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
