/**
 * GET /.well-known/did.json: the issuer's did:web document, the public half of the certificate
 * signing key (and of retired keys) that checks every credential of /api/certificate/<code>
 * (src/features/course/server/certificate/credential.ts). Served by a function, not built:
 * the key comes from the functions' environment, so the build holds no key material at all.
 */
import type { Config } from '@netlify/functions';
import { DID, serveDidDocument } from '../../src/features/course/server/certificate/credential';
import { endpoint } from './_shared/log';

export default endpoint(DID, serveDidDocument);

export const config: Config = {
  path: '/.well-known/did.json',
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
