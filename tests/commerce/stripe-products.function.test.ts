/** The stripe-products function: the built-in catalogue, and the live one mapped from Stripe's prices. */
import { describe, expect, it } from 'vitest';
import handler, { config } from '../../netlify/functions/stripe-products.mts';
import catalogue from '../../src/content/catalogue.json' with { type: 'json' };
import type { StripeDouble } from '../../local-platform/stripe/stripe-standin';
import { call, expectNoLeak, type LogSpies } from '../support/functions';
import { withStandIns } from '../support/stand-ins';

const builtIn = catalogue.map(({ id: _id, ...product }) => product);

let stripe: StripeDouble;
let logs: LogSpies;

withStandIns({ stripe: { catalogue: builtIn } }, (standIns, spies) => {
  ({ stripe } = standIns);
  logs = spies;
});

describe('stripe-products', () => {
  it('is served at /api/stripe-products with a rate limit per ip and domain', () => {
    expect(config.path).toBe('/api/stripe-products');
    expect(config.rateLimit?.aggregateBy).toEqual(['ip', 'domain']);
    expect(config.rateLimit?.windowLimit).toBeGreaterThan(0);
  });

  it('answers the built-in catalogue, with CDN cache headers, when Stripe is not configured', async () => {
    delete process.env.STRIPE_SECRET_KEY;
    const res = await call(handler, '/api/stripe-products');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(builtIn);
    expect(res.headers.get('netlify-cdn-cache-control')).toMatch(/s-maxage=\d+/);
    expect(res.headers.get('netlify-cdn-cache-control')).toMatch(/stale-while-revalidate=\d+/);
    expect(res.headers.get('cache-control')).toMatch(/stale-while-revalidate=\d+/);
    expect(stripe.requests).toHaveLength(0);
    expect(logs.lines()).toBe(0);
  });

  it('the built-in catalogue has every plan, app, course and the Founding Membership at the spec prices', async () => {
    delete process.env.STRIPE_SECRET_KEY;
    const { body } = await call(handler, '/api/stripe-products');
    const list = body as { name: string; price: number; mode: string; productType: string }[];
    const priceOf = (name: string) => list.find((p) => p.name.includes(name))?.price;
    expect(priceOf('Explorer')).toBe(0);
    expect(priceOf('Adventurer')).toBe(39);
    expect(priceOf('Alchemist Membership')).toBe(69);
    expect(priceOf('Founding')).toBe(690);
    expect(priceOf('Master Alchemist Course')).toBe(999);
    const apps = list.filter((p) => p.productType === 'app');
    expect(apps).toHaveLength(6);
    expect(apps.every((a) => a.price === 29 && a.mode === 'payment')).toBe(true);
  });

  it('maps the active Stripe prices with their expanded products to catalogue entries', async () => {
    Object.assign(process.env, stripe.env);
    stripe.products.push({ id: 'prod_extra', object: 'product', active: true, name: 'Oasis App: Quiet Harbor', description: null, metadata: {} });
    stripe.prices.push(
      { id: 'price_extra', object: 'price', active: true, currency: 'eur', unit_amount: 1250, type: 'one_time', recurring: null, product: 'prod_extra' },
      // Not sellable from the page: yearly, archived product, inactive price, no fixed amount.
      { id: 'price_yearly', object: 'price', active: true, currency: 'usd', unit_amount: 39000, type: 'recurring', recurring: { interval: 'year', interval_count: 1 }, product: 'prod_double_2' },
      { id: 'price_inactive', object: 'price', active: false, currency: 'usd', unit_amount: 100, type: 'one_time', recurring: null, product: 'prod_double_2' },
      { id: 'price_custom', object: 'price', active: true, currency: 'usd', unit_amount: null, type: 'one_time', recurring: null, product: 'prod_double_2' },
    );
    try {
      const res = await call(handler, '/api/stripe-products');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-catalogue-source')).toBe('stripe');
      // The built-in entries come back in their order; a price the catalogue does not know (no
      // lookup key) is not sold, whatever its product.
      expect(res.body).toEqual(builtIn);
      const [request] = stripe.requestsTo('GET /v1/prices');
      expect(request?.query.active).toBe('true');
      expect(Object.entries(request?.query ?? {}).some(([k, v]) => k.startsWith('expand') && v === 'data.product')).toBe(true);
      expect(request?.authorization).toBe(`Bearer ${stripe.env.STRIPE_SECRET_KEY}`);
      expect(res.headers.get('netlify-cdn-cache-control')).toMatch(/s-maxage=\d+.*stale-while-revalidate=\d+/);
    } finally {
      stripe.products.pop();
      stripe.prices.splice(-4, 4);
    }
  });

  it("takes the section from the catalogue by the price's lookup key, never from the product's metadata or name", async () => {
    Object.assign(process.env, stripe.env);
    const before = { products: [...stripe.products], prices: [...stripe.prices] };
    stripe.products = [
      { id: 'prod_m', object: 'product', active: true, name: 'Inner Alchemy App - Night Owl Club', description: 'A monthly app club', metadata: { productType: 'membership' } },
      { id: 'prod_s', object: 'product', active: true, name: 'Stillpoint', description: 'Breathe', metadata: { productType: 'membership' } },
    ];
    stripe.prices = [
      // Unknown to the catalogue: not sold, though its metadata says membership.
      { id: 'price_m', object: 'price', active: true, currency: 'usd', unit_amount: 900, type: 'recurring', recurring: { interval: 'month', interval_count: 1 }, product: 'prod_m' },
      { id: 'price_s', object: 'price', lookup_key: 'price_app_stillpoint', active: true, currency: 'usd', unit_amount: 2900, type: 'one_time', recurring: null, product: 'prod_s' },
    ];
    try {
      const { body } = await call(handler, '/api/stripe-products');
      expect(body).toEqual([{ priceId: 'price_app_stillpoint', name: 'Stillpoint', description: 'Breathe', mode: 'payment', price: 29, currency: 'usd', productType: 'app' }]);
    } finally {
      stripe.products = before.products;
      stripe.prices = before.prices;
    }
  });

  it('falls back to the built-in catalogue, with one log line, when Stripe fails', async () => {
    Object.assign(process.env, stripe.env);
    stripe.fail('GET /v1/prices', 500);
    const res = await call(handler, '/api/stripe-products');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(builtIn);
    expect(res.headers.get('x-catalogue-source')).toBe('built-in');
    expect(res.headers.get('netlify-cdn-cache-control')).toMatch(/s-maxage=\d+/);
    expect(logs.lines()).toBe(1);
    expect(logs.all()).toMatch(/\[stripe-products\].*built-in/);
    expect(logs.all()).not.toContain(stripe.env.STRIPE_SECRET_KEY);
  });

  it('falls back when Stripe cannot be reached at all', async () => {
    Object.assign(process.env, stripe.env, { STRIPE_API_PORT: '1' });
    const res = await call(handler, '/api/stripe-products');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(builtIn);
    expect(logs.lines()).toBe(1);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('answers 405 to %s with an Allow header and one log line', async (method) => {
    const res = await call(handler, '/api/stripe-products', { method, body: method === 'DELETE' ? undefined : { a: 1 } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect(res.body).toEqual({ error: expect.stringContaining('not allowed') });
    expectNoLeak(res.text);
    expect(logs.lines()).toBe(1);
  });
});
