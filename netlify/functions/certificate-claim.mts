/** POST /api/certificate: the member claims their course certificate (src/features/course/server/certificate/claim.ts). */
import type { Config } from '@netlify/functions';
import { claimCertificate } from '../../src/features/course/server/certificate/claim';
import { endpoint } from './_shared/log';
import { outbox } from './_registry/emails';

export default endpoint('certificate-claim', (req) => claimCertificate(req, outbox));

export const config: Config = {
  path: '/api/certificate',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
