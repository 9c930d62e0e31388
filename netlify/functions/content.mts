/**
 * GET /api/content/<product>/<item>: the one door to paid content (the course's lessons, the
 * apps' premium content), src/features/commerce/server/content-gate/content.ts, over the
 * products the features register (./_registry/gated-content.ts). 200 `private, no-cache`,
 * every refusal `private, no-store` (the members' service worker depends on both).
 */
import type { Config } from '@netlify/functions';
import { CONTENT, serveContent } from '../../src/features/commerce/server/content-gate/content';
import { endpoint } from './_shared/log';
import { gate, GATE_SERVED } from './_registry/gated-content';

export { ITEM_CACHE_CONTROL } from '../../src/features/commerce/server/content-gate/content';

export default endpoint(CONTENT, (req) => serveContent(req, gate, GATE_SERVED));

export const config: Config = {
  path: '/api/content/:product/:item',
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
