/** POST /api/auth-sync: the member's profile from their token (src/features/account/server/auth-sync.ts). */
import type { Config } from '@netlify/functions';
import { authSync } from '../../src/features/account/server/auth-sync';
import { outbox } from './_registry/emails';
export { DELETED, MAX_TOKEN_AGE_SECONDS } from '../../src/features/account/server/auth-sync';

export default authSync(outbox);

export const config: Config = {
  path: '/api/auth-sync',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
