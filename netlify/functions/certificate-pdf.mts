/**
 * GET /api/certificate/<code>.pdf: the certificate as an A4 landscape PDF made on the server with
 * pdf-lib, fonts embedded, the verification address and its QR code
 * (src/features/course/server/certificate/pdf.ts). Public: the code is the secret.
 * 200 application/pdf; 404 not a certificate; 410 revoked or the account deleted; 405; 502.
 */
import type { Config } from '@netlify/functions';
import { PDF, servePdf } from '../../src/features/course/server/certificate/pdf';
import { endpoint } from './_shared/log';

export default endpoint(PDF, servePdf);

export const config: Config = {
  path: '/api/certificate/:code([0-9a-f]{32}).pdf',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
