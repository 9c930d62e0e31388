/**
 * Checkout's refusals (src/features/commerce/checkout-refusal.ts): what the member already owns,
 * has in their plan or is still paying for is not sold again; the rest is.
 */
import { describe, expect, it } from 'vitest';
import type { AccessInputs } from '../../src/core/access/access';
import type { Product } from '../../src/core/access/product';
import { checkoutRefusal, CHECKOUT_REFUSALS } from '../../src/features/commerce/checkout-refusal';
import { ALCHEMIST, bought, COURSE, FOUNDER, FOUNDING, inputs, STILLPOINT } from '../support/access-inputs';

describe('checkoutRefusal', () => {
  it.each<[string, Product, AccessInputs, string | null]>([
    ['an app bought', STILLPOINT, inputs('none', [bought('price_app_stillpoint', 'app')]), CHECKOUT_REFUSALS.owned],
    ['an app in the Adventurer plan', STILLPOINT, inputs('Adventurer'), CHECKOUT_REFUSALS.included],
    ['the course in the Alchemist plan', COURSE, inputs('Alchemist'), CHECKOUT_REFUSALS.included],
    ['the Founding Membership bought', FOUNDING, inputs('none', FOUNDER), CHECKOUT_REFUSALS.owned],
    ['an app being paid for', STILLPOINT, inputs('none', [bought('price_app_stillpoint', 'app', 'pending')]), CHECKOUT_REFUSALS.pending],
    ['an app to an Explorer', STILLPOINT, inputs('none'), null],
    ['an app refunded', STILLPOINT, inputs('none', [bought('price_app_stillpoint', 'app', 'refunded')]), null],
    ['the course to an Adventurer', COURSE, inputs('Adventurer'), null],
    ['the Founding Membership to an Alchemist', FOUNDING, inputs('Alchemist'), null],
    ['a subscription plan (checkout has its own rule)', ALCHEMIST, inputs('Alchemist'), null],
  ])('%s', (_name, p, given, expected) => {
    expect(checkoutRefusal(p, given)).toBe(expected);
  });
});
