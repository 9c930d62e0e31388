/** GET /api/account-export: the member's data as JSON (src/features/account/server/account-export.ts). */
import type { Config } from '@netlify/functions';
import handler from '../../src/features/account/server/account-export';
export { EXPORT_FILE_NAME } from '../../src/features/account/server/account-export';

export default handler;

export const config: Config = {
  path: '/api/account-export',
  rateLimit: { windowLimit: 5, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
