/** The catalogue's rules: display names, price labels, and the live entries made from Stripe's prices. */
import { describe, expect, it } from 'vitest';
import {
  classifyProductsAnswer,
  displayName,
  groupBySection,
  catalogueProblems,
  isProduct,
  orderLike,
  priceLabel,
  productFromProviderPrice,
  catalogueId,
  type ProviderPrice,
} from '../../src/features/commerce/catalogue';
import { formatPrice } from '../../src/core/money';
import { productSchema, type Product } from '../../src/core/access/product';
import catalogue from '../../src/content/catalogue.json' with { type: 'json' };

const builtIn: Product[] = catalogue.map(({ id: _id, ...p }) => productSchema.parse(p));
const app: Product = { priceId: 'price_app', name: 'Inner Alchemy App - Stillpoint', description: 'Breathe.', mode: 'payment', price: 29, currency: 'usd', productType: 'app' };

describe('displayName', () => {
  it.each([
    ['Inner Alchemy App - Whispers Before Sleep', 'Whispers Before Sleep'],
    ['Oasis App: The Reset Room', 'The Reset Room'],
    ['Adventurer Membership', 'Adventurer Membership'],
    ['Master Alchemist Course', 'Master Alchemist Course'],
    ['My Inner Alchemy App - Notes', 'My Inner Alchemy App - Notes'],
    ['Inner Alchemy App - ', 'Inner Alchemy App - '],
  ])('%s -> %s', (name, shown) => {
    expect(displayName(name)).toBe(shown);
  });
});

describe('priceLabel', () => {
  it('reads "Free" at 0, whatever the mode', () => {
    expect(priceLabel({ price: 0, mode: 'subscription', currency: 'usd' })).toEqual({ amount: 'Free', period: '' });
    expect(priceLabel({ price: 0, mode: 'payment', currency: 'usd' })).toEqual({ amount: 'Free', period: '' });
  });
  it('adds "/month" to a paid subscription', () => {
    expect(priceLabel({ price: 39, mode: 'subscription', currency: 'usd' })).toEqual({ amount: '$39', period: '/month' });
  });
  it('shows a one-time price without a period', () => {
    expect(priceLabel({ price: 999, mode: 'payment', currency: 'usd' })).toEqual({ amount: '$999', period: '' });
  });
  it('formats the currency of the entry, with cents only when there are some', () => {
    expect(formatPrice(690, 'eur')).toBe('€690');
    expect(formatPrice(12.5, 'usd')).toBe('$12.50');
    expect(formatPrice(3999, 'usd')).toBe('$3,999');
  });
});

describe('groupBySection', () => {
  it('puts the built-in catalogue in Membership Tiers, Inner Alchemy Apps, Courses & Programs, in order', () => {
    const groups = groupBySection(builtIn);
    expect(groups.map((g) => g.section.title)).toEqual(['Membership Tiers', 'Inner Alchemy Apps', 'Courses & Programs']);
    expect(groups.map((g) => g.products.length)).toEqual([4, 6, 1]);
  });
  it('leaves out a section without products', () => {
    expect(groupBySection([app]).map((g) => g.section.title)).toEqual(['Inner Alchemy Apps']);
  });
});

describe('isProduct', () => {
  it('accepts every built-in entry', () => {
    expect(builtIn.every(isProduct)).toBe(true);
  });
  it.each([
    ['null', null],
    ['a string', 'price_app'],
    ['no priceId', { ...app, priceId: undefined }],
    ['an empty name', { ...app, name: '' }],
    ['an unknown mode', { ...app, mode: 'setup' }],
    ['a negative price', { ...app, price: -1 }],
    ['a price as text', { ...app, price: '29' }],
    ['a long currency', { ...app, currency: 'dollars' }],
    ['an unknown type', { ...app, productType: 'bundle' }],
  ])('rejects %s', (_name, value) => {
    expect(isProduct(value)).toBe(false);
  });
});

describe('classifyProductsAnswer', () => {
  it('falls back when the answer is not an array', () => {
    for (const body of [null, {}, { products: [] }, 'text', 3]) expect(classifyProductsAnswer(body).kind).toBe('fallback');
  });
  it('is empty for []', () => {
    expect(classifyProductsAnswer([])).toEqual({ kind: 'empty' });
  });
  it('is live for an array of products, leaving out entries that are not products', () => {
    expect(classifyProductsAnswer([app, { nope: true }])).toEqual({ kind: 'live', products: [app], skipped: 1 });
  });
  it('is an error when no entry of a non-empty array is a product', () => {
    expect(classifyProductsAnswer([{ id: 1 }, 'x']).kind).toBe('error');
  });
});

describe('productFromProviderPrice', () => {
  const price = (overrides: Partial<ProviderPrice> = {}): ProviderPrice => ({
    id: 'price_1NzQx',
    lookup_key: 'price_adventurer_monthly',
    active: true,
    currency: 'USD',
    unit_amount: 3900,
    type: 'recurring',
    recurring: { interval: 'month', interval_count: 1 },
    product: { active: true, name: 'Adventurer Membership', description: 'More', metadata: { productType: 'membership' } },
    ...overrides,
  });
  const oneTime = (lookupKey: string, product: Partial<{ name: string; metadata: Record<string, string> }> = {}) =>
    price({ lookup_key: lookupKey, type: 'one_time', recurring: null, unit_amount: 69000, product: { active: true, name: 'Founding Membership', description: null, metadata: {}, ...product } });

  it('maps an active monthly price the catalogue knows by its lookup key', () => {
    expect(productFromProviderPrice(price(), builtIn)).toEqual({
      priceId: 'price_adventurer_monthly',
      name: 'Adventurer Membership',
      description: 'More',
      mode: 'subscription',
      price: 39,
      currency: 'usd',
      productType: 'membership',
    });
    expect(catalogueId({ id: 'price_1NzQx', lookup_key: '  ' })).toBe('price_1NzQx');
  });
  it("takes what a product is from the catalogue, never from Stripe's metadata or name", () => {
    // The Founding Membership made in Stripe's dashboard without metadata: still the membership.
    expect(productFromProviderPrice(oneTime('price_founding_membership'), builtIn)).toMatchObject({ priceId: 'price_founding_membership', productType: 'membership', mode: 'payment' });
    // Metadata that says otherwise changes nothing.
    expect(productFromProviderPrice(oneTime('price_founding_membership', { metadata: { productType: 'course' } }), builtIn)?.productType).toBe('membership');
    expect(productFromProviderPrice(oneTime('price_app_stillpoint', { name: 'Stillpoint', metadata: { productType: 'membership' } }), builtIn)?.productType).toBe('app');
  });
  it('maps a one-time price to mode payment, a missing description to empty, and keeps zero-decimal amounts', () => {
    expect(
      productFromProviderPrice(
        oneTime('price_app_stillpoint', { name: 'Oasis App: Tide' }),
        builtIn.map((p) => (p.priceId === 'price_app_stillpoint' ? { ...p, currency: 'jpy' } : p)),
      ),
    ).toMatchObject({ mode: 'payment', description: '', productType: 'app' });
    expect(productFromProviderPrice({ ...oneTime('price_app_stillpoint'), currency: 'jpy', unit_amount: 4000 }, builtIn)?.price).toBe(4000);
  });
  it.each([
    ['an inactive price', price({ active: false })],
    ['a product that is not expanded', price({ product: 'prod_1' })],
    ['a deleted product', price({ product: { deleted: true } })],
    ['an archived product', price({ product: { active: false, name: 'Old', description: null, metadata: {} } })],
    ['a price without a fixed amount', price({ unit_amount: null })],
    ['a yearly price', price({ recurring: { interval: 'year', interval_count: 1 } })],
    ['a price every three months', price({ recurring: { interval: 'month', interval_count: 3 } })],
    ['a price without a lookup key (the catalogue does not know it)', price({ lookup_key: null })],
    ['a lookup key the catalogue does not have', price({ lookup_key: 'price_gold_monthly' })],
    ['a one-time price on a product marked membership that is not the Founding Membership', oneTime('price_vip_once', { metadata: { productType: 'membership' } })],
    ['a price sold in the other mode than its entry (the Founding Membership monthly)', price({ lookup_key: 'price_founding_membership' })],
  ])('leaves out %s', (_name, p) => {
    expect(productFromProviderPrice(p, builtIn)).toBeNull();
  });
});

describe('catalogueProblems', () => {
  /** The built-in catalogue at Stripe, as the deploy guide asks: lookup keys, modes, amounts, metadata. */
  const atStripe = (): ProviderPrice[] =>
    builtIn.map((p, i) => ({
      id: `price_live_${i}`,
      lookup_key: p.priceId,
      active: true,
      currency: p.currency,
      unit_amount: Math.round(p.price * 100),
      type: p.mode === 'subscription' ? 'recurring' : 'one_time',
      recurring: p.mode === 'subscription' ? { interval: 'month', interval_count: 1 } : null,
      product: { active: true, name: p.name, description: p.description, metadata: { productType: p.productType } },
    }));
  const at = (prices: ProviderPrice[], key: string) => prices.find((p) => p.lookup_key === key)!;

  it('finds nothing when Stripe sells the catalogue as it is, with or without metadata', () => {
    expect(catalogueProblems(atStripe(), builtIn)).toEqual([]);
    const bare = atStripe().map((p) => ({ ...p, product: { ...(p.product as { name: string }), active: true, description: null, metadata: {} } }));
    expect(catalogueProblems(bare, builtIn)).toEqual([]);
  });

  it('reports metadata that disagrees with the catalogue, naming the price', () => {
    const prices = atStripe();
    (at(prices, 'price_founding_membership').product as { metadata: Record<string, string> }).metadata = { productType: 'course' };
    expect(catalogueProblems(prices, builtIn)).toEqual([
      {
        priceId: 'price_founding_membership',
        stripePriceId: at(prices, 'price_founding_membership').id,
        problem: '"Founding Membership" says productType "course" in its Stripe metadata, but the catalogue says price_founding_membership is a membership: the site follows the catalogue. Correct the metadata.',
      },
    ]);
  });

  it('reports a price without a lookup key, an unknown lookup key, the wrong mode, another amount, and an entry not for sale', () => {
    const prices = atStripe();
    at(prices, 'price_app_mindstage').lookup_key = null;
    at(prices, 'price_app_rise_mode').lookup_key = 'price_rise_mode_v2';
    Object.assign(at(prices, 'price_master_alchemist_course'), { type: 'recurring', recurring: { interval: 'month', interval_count: 1 } });
    at(prices, 'price_app_stillpoint').unit_amount = 3500;
    const problems = catalogueProblems(prices, builtIn);
    // Four at Stripe, and three entries no price carries any more.
    expect(problems).toHaveLength(7);
    const text = problems.map((p) => p.problem).join('\n');
    expect(text).toContain('"Inner Alchemy App - Mindstage" has no lookup key: the site does not sell it, and a purchase of it grants nothing.');
    expect(text).toContain('The lookup key price_rise_mode_v2 of "Inner Alchemy App - Rise Mode" is not in the site\'s catalogue');
    expect(text).toContain('"Master Alchemist Course" is sold as a subscription at Stripe, but the catalogue sells price_master_alchemist_course once');
    expect(text).toContain('"Inner Alchemy App - Stillpoint" costs $35 at Stripe, but the catalogue says $29 for price_app_stillpoint');
    for (const missing of ['price_app_mindstage', 'price_app_rise_mode', 'price_master_alchemist_course']) expect(text).toContain(`No active Stripe price has the lookup key ${missing}`);
  });

  it('ignores inactive prices and archived products', () => {
    const prices = atStripe();
    prices.push({ ...at(prices, 'price_app_stillpoint'), id: 'price_old', lookup_key: null, active: false });
    prices.push({ ...at(prices, 'price_app_stillpoint'), id: 'price_archived', lookup_key: 'price_x', product: { active: false, name: 'Old', description: null, metadata: {} } });
    expect(catalogueProblems(prices, builtIn)).toEqual([]);
  });
});

describe('orderLike', () => {
  it('orders known products like the reference and unknown ones after, cheapest first', () => {
    const [a, b, c] = builtIn;
    const extraCheap = { ...app, priceId: 'x1', price: 5, name: 'Z' };
    const extraDear = { ...app, priceId: 'x2', price: 50, name: 'A' };
    expect(orderLike([extraDear, c!, extraCheap, a!, b!], builtIn)).toEqual([a, b, c, extraCheap, extraDear]);
  });
});
