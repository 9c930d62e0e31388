/**
 * GET /verify/<code>: a certificate's public page, rendered here (src/features/course/server/certificate/verify.ts).
 * The function owns the path itself (config.path), so no redirect rule is needed and the page is
 * the same under astro dev, npm start and Netlify.
 */
import type { Config } from '@netlify/functions';
import { verifyCertificate } from '../../src/features/course/server/certificate/verify';
import { endpoint } from './_shared/log';

export default endpoint('certificate-verify', verifyCertificate);

export const config: Config = {
  path: '/verify/*',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
