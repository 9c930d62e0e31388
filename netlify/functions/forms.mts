/**
 * The future page's three forms (early access, an idea, a partnership request): the only way
 * they reach the database. See _shared/forms.ts for what it checks and answers. The platform's
 * rate limit below (per address and domain) holds across instances; the function keeps its own
 * per-address and per-email limits too (src/features/forms/submission.ts: IP_LIMIT, EMAIL_LIMIT).
 * Netlify reads this config statically: its numbers are literals, and a test keeps them equal
 * to IP_LIMIT.
 */
import type { Config, Context } from '@netlify/functions';
import { createFormsHandler } from './_shared/forms';

const handler = createFormsHandler();

export default (req: Request, context: Context) => handler(req, { ip: context?.ip });

export const config: Config = {
  path: ['/api/forms', '/api/forms/:form'],
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
