/**
 * scripts/check-stripe-catalogue.mjs, the check the deploy guide tells the owner to run, as the
 * owner runs it (node, its exit code and what it prints) against the Stripe stand-in: a Stripe
 * account made as the guide says passes; a product whose metadata disagrees with the catalogue,
 * a price without its lookup key, or another amount fails, naming the price.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeDouble, stripePriceId, type StripeDouble } from '../../local-platform/stripe/stripe-standin';
import catalogue from '../../src/content/catalogue.json';

const run = promisify(execFile);
const SCRIPT = path.resolve('scripts/check-stripe-catalogue.mjs');
let stripe: StripeDouble;

beforeAll(async () => {
  // The Founding Membership made by hand, without metadata: nothing to disagree with.
  stripe = await startStripeDouble({ catalogue, untagged: ['price_founding_membership'] });
});
afterAll(() => stripe.close());

async function check(): Promise<{ code: number; out: string; err: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [SCRIPT], { env: { ...process.env, ...stripe.env } });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout, err: e.stderr };
  }
}

describe('check-stripe-catalogue', () => {
  it('passes a Stripe account made as the deploy guide says', async () => {
    const { code, out } = await check();
    expect(code).toBe(0);
    expect(out).toContain(`Stripe agrees with the catalogue: ${catalogue.length} entries`);
  });

  it('fails, naming each price, when Stripe disagrees with the catalogue', async () => {
    const founding = stripe.products.find((p) => p.name === 'Founding Membership')!;
    const mindstage = stripe.prices.find((p) => p.lookup_key === 'price_app_mindstage')!;
    founding.metadata = { productType: 'course' };
    mindstage.lookup_key = null;
    try {
      const { code, err } = await check();
      expect(code).toBe(1);
      expect(err).toContain(
        'price_founding_membership: "Founding Membership" says productType "course" in its Stripe metadata, but the catalogue says price_founding_membership is a membership',
      );
      expect(err).toContain(`${stripePriceId('price_app_mindstage')}: The price ${stripePriceId('price_app_mindstage')} of "Inner Alchemy App - Mindstage" has no lookup key`);
      expect(err).toContain('price_app_mindstage: No active Stripe price has the lookup key price_app_mindstage');
      expect(err).toContain('3 disagreements between Stripe and src/content/catalogue.json');
    } finally {
      founding.metadata = {};
      mindstage.lookup_key = 'price_app_mindstage';
    }
  });

  it('says what it needs without a key', async () => {
    const { code, err } = await run(process.execPath, [SCRIPT], { env: { PATH: process.env.PATH ?? '' } }).then(
      () => ({ code: 0, err: '' }),
      (e: { code: number; stderr: string }) => ({ code: e.code, err: e.stderr }),
    );
    expect(code).toBe(2);
    expect(err).toContain('STRIPE_SECRET_KEY is not set');
  });
});
