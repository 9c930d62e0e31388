/** POST /api/password-reset: a reset link to an account's address (src/features/account/server/password-reset.ts). */
import type { Config } from '@netlify/functions';
import { createHandler as handlerWith, resetHandler } from '../../src/features/account/server/password-reset';
import { outbox } from './_registry/emails';
export { PER_ADDRESS, PER_CLIENT } from '../../src/features/account/server/password-reset';

/** The handler on the site's outbox, with a clock of the caller's (the tests' limits). */
export const createHandler = (options: { now?: () => number } = {}) => handlerWith({ ...options, outbox });

export default resetHandler(outbox);

export const config: Config = {
  path: '/api/password-reset',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
