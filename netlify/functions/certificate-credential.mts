/**
 * GET /api/certificate/<code>: the certificate as an Open Badges 3.0 OpenBadgeCredential signed
 * with the site's Ed25519 key (VC-JOSE, `application/vc+jwt`; the key at /.well-known/did.json),
 * src/features/course/server/certificate/credential.ts. Public: the code is the secret.
 * 200 the compact JWS; 404 not a certificate; 410 revoked or the account deleted; 405; 502; 503
 * without a signing key (docs/decisions/certificates.md).
 */
import type { Config } from '@netlify/functions';
import { CREDENTIAL, serveCredential } from '../../src/features/course/server/certificate/credential';
import { endpoint } from './_shared/log';

export default endpoint(CREDENTIAL, serveCredential);

export const config: Config = {
  // Only a well-formed code reaches the function (the .pdf and /card.png doors are their own).
  path: '/api/certificate/:code([0-9a-f]{32})',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
