/**
 * GET /api/certificate/<code>/card.png: the certificate's share card, a 1200x630 PNG naming the
 * member's achievement (src/features/course/server/certificate/card.ts), for /verify/<code>'s
 * Open Graph image. Public: the code is the secret.
 * 200 image/png; 404 not a certificate; 410 revoked or the account deleted; 405; 502.
 */
import type { Config } from '@netlify/functions';
import { CARD_FUNCTION, serveCard } from '../../src/features/course/server/certificate/card';
import { endpoint } from './_shared/log';

export default endpoint(CARD_FUNCTION, serveCard);

export const config: Config = {
  path: '/api/certificate/:code([0-9a-f]{32})/card.png',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
