#!/usr/bin/env node
/**
 * Checks that the Stripe account the site sells through agrees with the site's catalogue
 * (src/content/catalogue.json): every active price has a catalogue priceId as its lookup key, is
 * sold once or monthly as its entry says, costs what the entry says, and its product's
 * `productType` metadata (when set) names the entry's kind; every entry has an active price. The
 * site decides what a purchase grants from the catalogue by price id, so a price that fails here
 * is not sold, or is sold for a different amount than the pages show (docs/deploying.md).
 *
 *   STRIPE_SECRET_KEY=sk_live_... node scripts/check-stripe-catalogue.mjs
 *
 * Prints each disagreement and exits 1, or one line and exits 0. Reads prices only (a restricted
 * key with "Prices: read" and "Products: read" is enough). STRIPE_API_HOST, STRIPE_API_PORT and
 * STRIPE_API_PROTOCOL point it at the local Stripe stand-in (tests).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Stripe from 'stripe';
import raw from '../src/content/catalogue.json' with { type: 'json' };
import { catalogueProblems } from '../src/features/commerce/catalogue.ts';

/** The built-in catalogue's entries, as the site reads them. */
const catalogue = raw.map(({ id: _id, ...product }) => product);

/**
 * What the account's active prices and the catalogue disagree on.
 * @param {NodeJS.ProcessEnv} env
 */
export async function checkStripeCatalogue(env = process.env) {
  const secret = env.STRIPE_SECRET_KEY?.trim();
  if (!secret) throw new Error('STRIPE_SECRET_KEY is not set: the check reads the prices of the Stripe account the site sells through.');
  const client = new Stripe(secret, {
    telemetry: false,
    ...(env.STRIPE_API_HOST ? { host: env.STRIPE_API_HOST } : {}),
    ...(env.STRIPE_API_PORT ? { port: Number(env.STRIPE_API_PORT) } : {}),
    ...(env.STRIPE_API_PROTOCOL === 'http' || env.STRIPE_API_PROTOCOL === 'https' ? { protocol: env.STRIPE_API_PROTOCOL } : {}),
  });
  const prices = await client.prices.list({ active: true, expand: ['data.product'], limit: 100 }).autoPagingToArray({ limit: 1000 });
  return catalogueProblems(/** @type {never} */ (prices), /** @type {never} */ (catalogue));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const problems = await checkStripeCatalogue();
    for (const p of problems) console.error(`${p.priceId ?? p.stripePriceId}: ${p.problem}`);
    if (problems.length) {
      console.error(`${problems.length} disagreement${problems.length === 1 ? '' : 's'} between Stripe and src/content/catalogue.json (docs/deploying.md says what must agree)`);
      process.exit(1);
    }
    console.log(`Stripe agrees with the catalogue: ${catalogue.length} entries, each sold by one active price with its lookup key`);
  } catch (error) {
    console.error(`check-stripe-catalogue: ${error instanceof Error ? error.message : error}`);
    process.exit(2);
  }
}
