/** POST /api/account-email: a verification or address-change link (src/features/account/server/account-email.ts). */
import type { Config } from '@netlify/functions';
import { accountEmail } from '../../src/features/account/server/account-email';
import { outbox } from './_registry/emails';

export default accountEmail(outbox);

export const config: Config = {
  path: '/api/account-email',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
