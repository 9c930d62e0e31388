/** GET and POST /api/account-action: the account's links from its emails (verify, reset, change, undo) (src/features/account/server/account-action.ts). */
import type { Config } from '@netlify/functions';
import { accountAction } from '../../src/features/account/server/account-action';
import { outbox } from './_registry/emails';

export default accountAction(outbox);

export const config: Config = {
  path: '/api/account-action',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
