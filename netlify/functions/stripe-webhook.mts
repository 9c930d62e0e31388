/** POST /api/stripe-webhook from Stripe: each event type to commerce's handler (src/features/commerce/server/webhook/events.ts). */
import type { Config } from '@netlify/functions';
import { stripeWebhook } from '../../src/features/commerce/server/webhook/events';
import { outbox } from './_registry/emails';

export default stripeWebhook(outbox);

/**
 * No platform rate limit: Stripe sends from a few addresses, in bursts (a plan switch is several
 * events at once; a day of retries after an outage is many), so a limit by address answered its
 * deliveries with 429 and held refunds and cancellations back, and a limit for the whole site
 * would let anyone use it up. Every request is refused before any work unless Stripe signed it
 * (an HMAC of at most 512 KiB), and Stripe retries what fails on its own.
 */
export const config: Config = {
  path: '/api/stripe-webhook',
};
