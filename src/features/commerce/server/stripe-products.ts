/**
 * GET /api/stripe-products: the catalogue as an array of entries (priceId, name, description,
 * mode, price, currency, productType). The active Stripe prices the built-in catalogue knows by
 * their lookup key, as what the catalogue says they are, when Stripe is configured; the built-in
 * catalogue when it is not, or when Stripe fails (one log line). The answer is cached at the CDN
 * with stale-while-revalidate.
 *
 * GET /api/stripe-products?check, for /debug: where the active Stripe prices and the catalogue
 * disagree, `{ checked: true, problems: [{ priceId, stripePriceId, problem }] }` (an empty list
 * when they agree), or `{ checked: false, reason }` when Stripe is not configured; 502 when Stripe
 * fails. Never cached. What it names (lookup keys, price ids, product names) Checkout shows anyway.
 */
import { json, requireMethod } from '../../../../netlify/functions/_shared/http';
import { endpoint, upstreamFailure } from '../../../../netlify/functions/_shared/log';
import { describeStripeError, isStripeConfigured, stripe } from '../../../../netlify/functions/_shared/stripe';
import { BUILT_IN_CATALOGUE, liveCatalogue, liveCatalogueProblems } from './catalogue';

const NAME = 'stripe-products';

/** Live answers: browsers keep a minute, the CDN five, and serves stale for a day while it refreshes. */
const LIVE_CACHE = {
  'Cache-Control': 'public, max-age=60, stale-while-revalidate=300',
  'Netlify-CDN-Cache-Control': 'public, s-maxage=300, stale-while-revalidate=86400',
};
/** The built-in catalogue after a Stripe failure: a short CDN life, so the live one returns soon. */
const FALLBACK_CACHE = {
  'Cache-Control': 'public, max-age=30, stale-while-revalidate=60',
  'Netlify-CDN-Cache-Control': 'public, s-maxage=60, stale-while-revalidate=300',
};

const NO_STORE = { 'Cache-Control': 'no-store' };

/** The ?check answer: what the live prices and the catalogue disagree on. */
async function check(): Promise<Response> {
  if (!isStripeConfigured()) return json({ checked: false, reason: 'Stripe is not configured (STRIPE_SECRET_KEY is unset): the built-in catalogue is sold' }, 200, NO_STORE);
  try {
    return json({ checked: true, problems: await liveCatalogueProblems(stripe()) }, 200, NO_STORE);
  } catch (error) {
    return upstreamFailure(NAME, 502, 'Stripe could not be reached to check the prices.', describeStripeError(error));
  }
}

export default endpoint(NAME, async (req) => {
  requireMethod(req, 'GET');
  if (new URL(req.url).searchParams.has('check')) return check();
  if (!isStripeConfigured()) {
    return json(BUILT_IN_CATALOGUE, 200, { ...LIVE_CACHE, 'X-Catalogue-Source': 'built-in' });
  }
  try {
    const products = await liveCatalogue(stripe());
    return json(products, 200, { ...LIVE_CACHE, 'X-Catalogue-Source': 'stripe' });
  } catch (error) {
    console.error(`[${NAME}] Stripe failed, serving the built-in catalogue (${describeStripeError(error)})`);
    return json(BUILT_IN_CATALOGUE, 200, { ...FALLBACK_CACHE, 'X-Catalogue-Source': 'built-in' });
  }
});
