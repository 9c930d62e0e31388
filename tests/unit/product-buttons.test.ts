import { describe, expect, it } from 'vitest';
import { accessNote, localMidnight, productButton, showsPremiumLock, type ButtonContext } from '../../src/lib/product-buttons';
import type { Product } from '../../src/lib/schemas';
import type { Tier } from '../../src/lib/tiers';

const p = (productType: Product['productType'], name: string, mode: Product['mode'] = 'payment', priceId = `price_${name}`) => ({ priceId, name, mode, productType });
const explorer = p('membership', 'Explorer Membership', 'subscription', 'price_explorer_free');
const adventurer = p('membership', 'Adventurer Membership', 'subscription', 'price_adventurer_monthly');
const alchemist = p('membership', 'Alchemist Membership', 'subscription', 'price_alchemist_monthly');
const founding = p('membership', 'Founding Membership', 'payment', 'price_founding_membership');
const app = p('app', 'Inner Alchemy App - Stillpoint', 'payment', 'price_app_stillpoint');
const course = p('course', 'Master Alchemist Course', 'payment', 'price_master_alchemist_course');
const otherCourse = p('course', 'Boundaries Masterclass', 'payment', 'price_boundaries');

const ACCESS = localMidnight({ year: 2025, monthIndex: 7, day: 8 });
const AFTER = new Date(2025, 7, 8, 0, 0, 0, 0); // the very moment access starts
const BEFORE = new Date(2025, 7, 7, 23, 59, 59, 999);

const ctx = (tier: Tier, over: Partial<ButtonContext> = {}): ButtonContext => ({
  signedIn: true,
  tier,
  featuresDisabled: false,
  now: AFTER,
  accessStart: ACCESS,
  accessHref: '/app/stillpoint',
  ...over,
});

const upgrade = (product: { priceId: string; mode: string }) => ({ kind: 'checkout', label: 'Upgrade', priceId: product.priceId, mode: product.mode });
const buy = (product: { priceId: string; mode: string }) => ({ kind: 'checkout', label: 'Buy Now', priceId: product.priceId, mode: product.mode });
const current = { kind: 'current', label: 'Current Plan' };
const inert = { kind: 'inert', label: 'Free - Get Started' };
const included = { kind: 'access', label: 'Access Now (Included)', href: '/app/stillpoint' };
const accessNow = { kind: 'access', label: 'Access Now', href: '/app/stillpoint' };

/** The spec's table, "Product button by tier, signed in", row by row, after the access date. */
const table: [string, ReturnType<typeof p>, Tier, unknown][] = [
  ['Explorer membership, Explorer tier', explorer, 'Explorer', inert],
  ['Explorer membership, Adventurer tier', explorer, 'Adventurer', inert],
  ['Explorer membership, Alchemist tier', explorer, 'Alchemist', inert],
  ['Adventurer membership, Explorer tier', adventurer, 'Explorer', upgrade(adventurer)],
  ['Alchemist membership, Explorer tier', alchemist, 'Explorer', upgrade(alchemist)],
  ['Founding membership, Explorer tier', founding, 'Explorer', upgrade(founding)],
  ['Alchemist membership, Adventurer tier', alchemist, 'Adventurer', upgrade(alchemist)],
  ['Adventurer membership, Adventurer tier (otherwise: Upgrade)', adventurer, 'Adventurer', upgrade(adventurer)],
  ['Founding membership, Adventurer tier (otherwise: Upgrade)', founding, 'Adventurer', upgrade(founding)],
  ['Adventurer membership, Alchemist tier', adventurer, 'Alchemist', current],
  ['Alchemist membership, Alchemist tier', alchemist, 'Alchemist', current],
  ['Founding membership, Alchemist tier', founding, 'Alchemist', current],
  ['app, Alchemist tier', app, 'Alchemist', included],
  ['app, Adventurer tier', app, 'Adventurer', accessNow],
  ['app, Explorer tier', app, 'Explorer', buy(app)],
  ['Master Alchemist course, Alchemist tier', course, 'Alchemist', included],
  ['Master Alchemist course, Adventurer tier', course, 'Adventurer', buy(course)],
  ['Master Alchemist course, Explorer tier', course, 'Explorer', buy(course)],
  ['another course, Alchemist tier', otherCourse, 'Alchemist', buy(otherCourse)],
];

describe('productButton, signed in, after the access date', () => {
  it.each(table)('%s', (_name, product, tier, expected) => {
    expect(productButton(product, ctx(tier))).toEqual(expected);
  });
});

describe('productButton before 8 August 2025 00:00 local time', () => {
  const soon = { kind: 'accessSoon', label: 'Access Now (Coming Soon)', note: 'Your access begins on August 8th, 2025' };
  it.each([
    ['app, Alchemist tier', app, 'Alchemist' as Tier],
    ['app, Adventurer tier', app, 'Adventurer' as Tier],
    ['Master Alchemist course, Alchemist tier', course, 'Alchemist' as Tier],
  ])('%s: disabled "Access Now (Coming Soon)" with the note', (_name, product, tier) => {
    expect(productButton(product, ctx(tier, { now: BEFORE }))).toEqual(soon);
  });
  it('leaves purchase and plan buttons as they are', () => {
    expect(productButton(app, ctx('Explorer', { now: BEFORE }))).toEqual(buy(app));
    expect(productButton(alchemist, ctx('Adventurer', { now: BEFORE }))).toEqual(upgrade(alchemist));
    expect(productButton(alchemist, ctx('Alchemist', { now: BEFORE }))).toEqual(current);
  });
  it('opens access at midnight local time, not a millisecond earlier', () => {
    expect(productButton(app, ctx('Adventurer', { now: new Date(ACCESS.getTime() - 1) })).kind).toBe('accessSoon');
    expect(productButton(app, ctx('Adventurer', { now: new Date(ACCESS.getTime()) })).kind).toBe('access');
  });
  it('writes the note from the date', () => {
    expect(accessNote(ACCESS)).toBe('Your access begins on August 8th, 2025');
    expect(accessNote(localMidnight({ year: 2026, monthIndex: 0, day: 1 }))).toBe('Your access begins on January 1st, 2026');
    expect(accessNote(localMidnight({ year: 2026, monthIndex: 2, day: 12 }))).toBe('Your access begins on March 12th, 2026');
    expect(accessNote(localMidnight({ year: 2026, monthIndex: 4, day: 23 }))).toBe('Your access begins on May 23rd, 2026');
  });
});

describe('productButton for a visitor', () => {
  it.each([explorer, adventurer, alchemist, founding, app, course])('"Sign In to Purchase" to /login for %o', (product) => {
    for (const now of [BEFORE, AFTER]) {
      expect(productButton(product, ctx('Explorer', { signedIn: false, now }))).toEqual({ kind: 'signIn', label: 'Sign In to Purchase', href: '/login' });
    }
  });
});

describe('productButton with the site-wide flag on', () => {
  it.each([explorer, adventurer, alchemist, founding, app, course])('is a disabled "Coming Soon" for %o, signed in or not', (product) => {
    for (const signedIn of [true, false]) {
      for (const tier of ['Explorer', 'Adventurer', 'Alchemist'] as Tier[]) {
        expect(productButton(product, ctx(tier, { signedIn, featuresDisabled: true }))).toEqual({ kind: 'unavailable', label: 'Coming Soon' });
      }
    }
  });
});

describe('showsPremiumLock', () => {
  it('shows the lock note on app cards for signed-in Explorer members only', () => {
    expect(showsPremiumLock(app, true, 'Explorer')).toBe(true);
    expect(showsPremiumLock(app, true, 'Adventurer')).toBe(false);
    expect(showsPremiumLock(app, true, 'Alchemist')).toBe(false);
    expect(showsPremiumLock(app, false, 'Explorer')).toBe(false);
    expect(showsPremiumLock(course, true, 'Explorer')).toBe(false);
    expect(showsPremiumLock(adventurer, true, 'Explorer')).toBe(false);
  });
});
