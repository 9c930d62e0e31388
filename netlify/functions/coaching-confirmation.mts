/** POST /api/coaching-confirmation: sends the member's coaching signup confirmations now (src/features/coaching/server/coaching-confirmation.ts). */
import type { Config } from '@netlify/functions';
import { coachingConfirmation } from '../../src/features/coaching/server/coaching-confirmation';
import { endpoint } from './_shared/log';
import { outbox } from './_registry/emails';

export default endpoint('coaching-confirmation', (req) => coachingConfirmation(req, outbox));

export const config: Config = {
  path: '/api/coaching-confirmation',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
