/** POST /api/account-delete: deletes the member's account and data (src/features/account/server/account-delete.ts). */
import type { Config } from '@netlify/functions';
import handler from '../../src/features/account/server/account-delete';
export { anonymisedMemberId, CONFIRMATION, NO_CREDENTIAL, RECENT_SIGN_IN_SECONDS } from '../../src/features/account/server/account-delete';

export default handler;

export const config: Config = {
  path: '/api/account-delete',
  rateLimit: { windowLimit: 5, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
