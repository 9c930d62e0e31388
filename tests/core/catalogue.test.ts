/** The catalogue's rules: display names, price labels, and the live entries made from Stripe's prices. */
import { describe, expect, it } from 'vitest';
import {
  classifyProductsAnswer,
  displayName,
  formatMoney,
  groupBySection,
  inferProductType,
  isProduct,
  orderLike,
  priceLabel,
  productFromProviderPrice,
  catalogueId,
  type ProviderPrice,
} from '../../src/core/access/catalogue';
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
    expect(formatMoney(690, 'eur')).toBe('€690');
    expect(formatMoney(12.5, 'usd')).toBe('$12.50');
    expect(formatMoney(3999, 'usd')).toBe('$3,999');
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
    id: 'price_1',
    active: true,
    currency: 'USD',
    unit_amount: 3900,
    type: 'recurring',
    recurring: { interval: 'month', interval_count: 1 },
    product: { active: true, name: 'Adventurer Membership', description: 'More', metadata: { productType: 'membership' } },
    ...overrides,
  });

  it('maps an active monthly price with its product', () => {
    expect(productFromProviderPrice(price())).toEqual({
      priceId: 'price_1',
      name: 'Adventurer Membership',
      description: 'More',
      mode: 'subscription',
      price: 39,
      currency: 'usd',
      productType: 'membership',
    });
  });
  it('names the price by its lookup key when it has one, so the built-in ids carry over to Stripe', () => {
    expect(productFromProviderPrice(price({ id: 'price_1NzQx', lookup_key: 'price_adventurer_monthly' }))?.priceId).toBe('price_adventurer_monthly');
    expect(productFromProviderPrice(price({ id: 'price_1NzQx', lookup_key: null }))?.priceId).toBe('price_1NzQx');
    expect(catalogueId({ id: 'price_1NzQx', lookup_key: '  ' })).toBe('price_1NzQx');
  });
  it('maps a one-time price to mode payment, a missing description to empty, and keeps zero-decimal amounts', () => {
    expect(
      productFromProviderPrice(
        price({ type: 'one_time', recurring: null, currency: 'jpy', unit_amount: 4000, product: { active: true, name: 'Oasis App: Tide', description: null, metadata: {} } }),
      ),
    ).toMatchObject({ mode: 'payment', price: 4000, description: '', productType: 'app' });
  });
  it.each([
    ['an inactive price', price({ active: false })],
    ['a product that is not expanded', price({ product: 'prod_1' })],
    ['a deleted product', price({ product: { deleted: true } })],
    ['an archived product', price({ product: { active: false, name: 'Old', description: null, metadata: {} } })],
    ['a price without a fixed amount', price({ unit_amount: null })],
    ['a yearly price', price({ recurring: { interval: 'year', interval_count: 1 } })],
    ['a price every three months', price({ recurring: { interval: 'month', interval_count: 3 } })],
  ])('leaves out %s', (_name, p) => {
    expect(productFromProviderPrice(p)).toBeNull();
  });
});

describe('inferProductType', () => {
  it('prefers valid metadata', () => {
    expect(inferProductType('Anything', 'course', 'subscription')).toBe('course');
  });
  it('infers from the mode and the name otherwise', () => {
    expect(inferProductType('Gold Membership', undefined, 'subscription')).toBe('membership');
    expect(inferProductType('Inner Alchemy App - Rise Mode', 'bogus', 'payment')).toBe('app');
    expect(inferProductType('Master Alchemist Course', undefined, 'payment')).toBe('course');
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
