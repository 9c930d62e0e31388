/**
 * The Stripe SDK client the functions use, created from STRIPE_SECRET_KEY on first use.
 *
 * Tests (and the members end-to-end build) point it at a local HTTP double with
 * STRIPE_API_HOST, STRIPE_API_PORT and STRIPE_API_PROTOCOL; in production these are unset and
 * the SDK talks to api.stripe.com.
 */
// The SDK's own ES-module build, imported by path rather than as 'stripe' (the same file the
// package name resolves to, with its types beside it) so that Netlify's bundler inlines it into
// each function: as a package it ships as some 220 files, whose loading was most of a Stripe
// function's cold start (docs/decisions/function-size.md). Types elsewhere still import 'stripe'.
import Stripe from '../../../node_modules/stripe/esm/stripe.esm.node.js';
import { HttpError } from './http';

let cached: { key: string; client: Stripe } | undefined;

export function isStripeConfigured(): boolean {
  return Boolean(process.env.STRIPE_SECRET_KEY);
}

/** The client, or a 503 when STRIPE_SECRET_KEY is unset. */
export function stripe(): Stripe {
  const secret = process.env.STRIPE_SECRET_KEY;
  if (!secret) throw new HttpError(503, 'Payments are not configured on the server.');
  const host = process.env.STRIPE_API_HOST;
  const port = process.env.STRIPE_API_PORT;
  const protocol = process.env.STRIPE_API_PROTOCOL;
  const key = [secret, host, port, protocol].join('|');
  if (cached?.key === key) return cached.client;
  const client = new Stripe(secret, {
    // Within a function's time limit, with one retry on a network error.
    timeout: 8000,
    maxNetworkRetries: 1,
    telemetry: false,
    appInfo: { name: 'inner-alchemy-functions' },
    ...(host ? { host } : {}),
    ...(port ? { port: Number(port) } : {}),
    ...(protocol === 'http' || protocol === 'https' ? { protocol } : {}),
  });
  cached = { key, client };
  return client;
}

/** A one-line description of a Stripe error for the log (type, code, status; never the request). */
export function describeStripeError(error: unknown): string {
  if (error instanceof Stripe.errors.StripeError) {
    return [error.type, error.code, error.statusCode, error.message].filter((p) => p !== undefined && p !== '').join(' ');
  }
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
