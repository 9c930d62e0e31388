/** POST /api/account-password: changes the password of a freshly signed-in member (src/features/account/server/account-password.ts). */
import type { Config } from '@netlify/functions';
import handler from '../../src/features/account/server/account-password';

export default handler;

export const config: Config = {
  path: '/api/account-password',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
