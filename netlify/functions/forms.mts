/** POST /api/forms: the future page's forms (early access, idea, partnership) (src/features/forms/server/forms.ts). */
import type { Config } from '@netlify/functions';
import handler from '../../src/features/forms/server/forms';
export { createFormsHandler, MAX_FORM_BYTES, NAME, type FormsContext } from '../../src/features/forms/server/forms';

export default handler;

export const config: Config = {
  path: ['/api/forms', '/api/forms/:form'],
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
