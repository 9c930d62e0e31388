/** The button each product shows: for a visitor, each tier, owned, included, pending, and before the access date. */
import { describe, expect, it } from 'vitest';
import { access, standing, type PurchaseLike } from '../../src/core/access/access';
import { accessNote, localMidnight, productButton, showsPremiumLock, type ButtonContext } from '../../src/features/commerce/product-buttons';
import type { Product } from '../../src/core/access/product';
import type { Tier } from '../../src/core/access/tiers';

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

const CATALOGUE = [explorer, adventurer, alchemist, founding, app, course, otherCourse];
const PLAN: Record<Tier, string | null> = { Explorer: null, Adventurer: 'price_adventurer_monthly', Alchemist: 'price_alchemist_monthly' };
/** A member of `tier` (their subscription) with these purchases. */
const inputsOf = (tier: Tier, purchases: PurchaseLike[] = []) => ({
  subscription: PLAN[tier] ? { price_id: PLAN[tier], subscription_status: 'active' } : null,
  purchases,
  catalogue: CATALOGUE,
  now: AFTER,
});
/** The button context of `product` for a member of `tier` (set by the caller of productButton). */
let product_: ReturnType<typeof p> = app;
const ctx = (tier: Tier, over: Partial<ButtonContext> = {}, purchases: PurchaseLike[] = []): ButtonContext => ({
  signedIn: true,
  access: access(product_, inputsOf(tier, purchases)),
  standing: standing(inputsOf(tier, purchases)),
  featuresDisabled: false,
  now: AFTER,
  accessStart: ACCESS,
  accessHref: '/app/stillpoint',
  ...over,
});

const upgrade = (product: { priceId: string; mode: string }) => ({ kind: 'checkout', label: 'Upgrade', priceId: product.priceId, mode: product.mode });
const buy = (product: { priceId: string; mode: string }) => ({ kind: 'checkout', label: 'Buy Now', priceId: product.priceId, mode: product.mode });
const current = (note: string) => ({ kind: 'current', label: 'Current Plan', note });
const inert = { kind: 'inert', label: 'Free - Get Started' };
const included = { kind: 'access', label: 'Access Now (Included)', href: '/app/stillpoint', note: 'Included in your Alchemist membership' };
const accessNow = { kind: 'access', label: 'Access Now', href: '/app/stillpoint', note: 'Included in your Adventurer membership' };

/** The spec's table, "Product button by tier, signed in", row by row, after the access date. */
const table: [string, ReturnType<typeof p>, Tier, unknown][] = [
  ['Explorer membership, Explorer tier', explorer, 'Explorer', inert],
  ['Explorer membership, Adventurer tier', explorer, 'Adventurer', inert],
  ['Explorer membership, Alchemist tier', explorer, 'Alchemist', inert],
  ['Adventurer membership, Explorer tier', adventurer, 'Explorer', upgrade(adventurer)],
  ['Alchemist membership, Explorer tier', alchemist, 'Explorer', upgrade(alchemist)],
  ['Founding membership, Explorer tier', founding, 'Explorer', upgrade(founding)],
  ['Alchemist membership, Adventurer tier', alchemist, 'Adventurer', upgrade(alchemist)],
  // Never "Upgrade" to the plan the member already holds (checkout would refuse it).
  ['Adventurer membership, Adventurer tier: their own plan', adventurer, 'Adventurer', current('Your current plan')],
  ['Founding membership, Adventurer tier (otherwise: Upgrade)', founding, 'Adventurer', upgrade(founding)],
  ['Adventurer membership, Alchemist tier', adventurer, 'Alchemist', current('Included in your Alchemist membership')],
  ['Alchemist membership, Alchemist tier', alchemist, 'Alchemist', current('Your current plan')],
  ['Founding membership, Alchemist tier', founding, 'Alchemist', current('You have the Alchemist membership')],
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
    product_ = product;
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
    product_ = product;
    expect(productButton(product, ctx(tier, { now: BEFORE }))).toEqual(soon);
  });
  it('leaves purchase and plan buttons as they are', () => {
    product_ = app;
    expect(productButton(app, ctx('Explorer', { now: BEFORE }))).toEqual(buy(app));
    product_ = alchemist;
    expect(productButton(alchemist, ctx('Adventurer', { now: BEFORE }))).toEqual(upgrade(alchemist));
    expect(productButton(alchemist, ctx('Alchemist', { now: BEFORE }))).toEqual(current('Your current plan'));
  });
  it('opens access at midnight local time, not a millisecond earlier', () => {
    product_ = app;
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
    product_ = product;
    for (const now of [BEFORE, AFTER]) {
      expect(productButton(product, ctx('Explorer', { signedIn: false, now }))).toEqual({ kind: 'signIn', label: 'Sign In to Purchase', href: '/login' });
    }
  });
});

describe('productButton with the site-wide flag on', () => {
  it.each([explorer, adventurer, alchemist, founding, app, course])('is a disabled "Coming Soon" for %o, signed in or not', (product) => {
    product_ = product;
    for (const signedIn of [true, false]) {
      for (const tier of ['Explorer', 'Adventurer', 'Alchemist'] as Tier[]) {
        expect(productButton(product, ctx(tier, { signedIn, featuresDisabled: true }))).toEqual({ kind: 'unavailable', label: 'Coming Soon' });
      }
    }
  });
});

describe('showsPremiumLock', () => {
  const none = { kind: 'none', reason: 'notOwned' } as const;
  const owned = { kind: 'owned', reason: 'purchased', since: '2026-11-01T00:00:00Z' } as const;
  it('shows the lock note on app cards for signed-in Explorer members who do not own the app', () => {
    expect(showsPremiumLock(app, true, 'Explorer', none)).toBe(true);
    expect(showsPremiumLock(app, true, 'Explorer', owned)).toBe(false);
    expect(showsPremiumLock(app, true, 'Adventurer', none)).toBe(false);
    expect(showsPremiumLock(app, true, 'Alchemist', none)).toBe(false);
    expect(showsPremiumLock(app, false, 'Explorer', none)).toBe(false);
    expect(showsPremiumLock(course, true, 'Explorer', none)).toBe(false);
    expect(showsPremiumLock(adventurer, true, 'Explorer', none)).toBe(false);
  });
});

describe('productButton with purchases', () => {
  const bought = (price_id: string, product_type: PurchaseLike['product_type'], status: PurchaseLike['status'] = 'paid'): PurchaseLike => ({ price_id, product_type, status, purchased_at: '2026-11-01T10:00:00.000Z', refunded_at: status === 'refunded' ? '2026-11-02T00:00:00.000Z' : null });
  const lifetime = { kind: 'access', label: 'Access Now', href: '/app/stillpoint', note: 'You have lifetime access' };
  const foundingAccess = { kind: 'access', label: 'Access Now (Included)', href: '/app/stillpoint', note: 'Included in your Founding Membership' };
  const pending = { kind: 'pending', label: 'Payment Processing', note: 'We are confirming your payment; your access opens as soon as it settles.' };
  const founder = [bought('price_founding_membership', 'membership')];
  const rows: [string, ReturnType<typeof p>, Tier, PurchaseLike[], unknown][] = [
    ['an app bought, Explorer', app, 'Explorer', [bought('price_app_stillpoint', 'app')], lifetime],
    ['an app bought, Adventurer (owned beats included)', app, 'Adventurer', [bought('price_app_stillpoint', 'app')], lifetime],
    ['an app refunded, Explorer', app, 'Explorer', [bought('price_app_stillpoint', 'app', 'refunded')], buy(app)],
    ['an app whose payment failed, Explorer', app, 'Explorer', [bought('price_app_stillpoint', 'app', 'failed')], buy(app)],
    ['an app whose payment is settling, Explorer', app, 'Explorer', [bought('price_app_stillpoint', 'app', 'pending')], pending],
    ['another app bought, Explorer', app, 'Explorer', [bought('price_app_mindstage', 'app')], buy(app)],
    ['the course bought, Adventurer', course, 'Adventurer', [bought('price_master_alchemist_course', 'course')], { ...lifetime }],
    ['an app, Founding Member', app, 'Explorer', founder, foundingAccess],
    ['the course, Founding Member', course, 'Explorer', founder, foundingAccess],
    ['another course, Founding Member (future programs)', otherCourse, 'Explorer', founder, foundingAccess],
    ['the Founding Membership, Founding Member', founding, 'Explorer', founder, current('You are a Founding Member')],
    ['the Founding Membership being paid for', founding, 'Explorer', [bought('price_founding_membership', 'membership', 'pending')], pending],
    ['the Alchemist plan, Founding Member', alchemist, 'Explorer', founder, current('Included in your Founding Membership')],
    ['the Adventurer plan, Founding Member', adventurer, 'Explorer', founder, current('Included in your Founding Membership')],
    ['the Adventurer plan, Founding Member who also subscribes to it', adventurer, 'Adventurer', founder, current('Your current plan')],
  ];
  it.each(rows)('%s', (_name, product, tier, purchases, expected) => {
    product_ = product;
    expect(productButton(product, ctx(tier, {}, purchases))).toEqual(expected);
  });
});
