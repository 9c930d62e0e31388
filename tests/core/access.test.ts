/**
 * The access model (src/core/access/access.ts), one test per row of its table: the member's plan
 * (tier and subscription status) x their purchases x the product x the date.
 */
import { describe, expect, it } from 'vitest';
import catalogueFile from '../../src/content/catalogue.json';
import { access, accessSource, checkoutRefusal, CHECKOUT_REFUSALS, library, standing, type Access, type AccessInputs, type PurchaseLike } from '../../src/core/access/access';
import type { Product } from '../../src/core/access/product';

const catalogue = catalogueFile.map(({ id: _id, ...p }) => p as Product);
const product = (priceId: string) => catalogue.find((p) => p.priceId === priceId)!;
const STILLPOINT = product('price_app_stillpoint');
const MINDSTAGE = product('price_app_mindstage');
const COURSE = product('price_master_alchemist_course');
const FOUNDING = product('price_founding_membership');
const EXPLORER = product('price_explorer_free');
const ADVENTURER = product('price_adventurer_monthly');
const ALCHEMIST = product('price_alchemist_monthly');
const OTHER_COURSE: Product = { priceId: 'price_boundaries', name: 'Boundaries Masterclass', description: '', mode: 'payment', price: 99, currency: 'usd', productType: 'course' };

const NOW = new Date('2026-11-24T12:00:00Z');
const bought = (price_id: string, product_type: PurchaseLike['product_type'], status: PurchaseLike['status'] = 'paid', purchased_at = '2026-11-01T10:00:00.000Z'): PurchaseLike => ({
  price_id,
  product_type,
  status,
  purchased_at,
  refunded_at: status === 'refunded' ? '2026-11-03T10:00:00.000Z' : null,
});
type Plan = 'none' | 'Adventurer' | 'Alchemist';
const inputs = (plan: Plan, purchases: PurchaseLike[] = [], status = 'active', now = NOW): AccessInputs => ({
  subscription: plan === 'none' ? null : { price_id: plan === 'Adventurer' ? 'price_adventurer_monthly' : 'price_alchemist_monthly', subscription_status: status },
  purchases,
  catalogue: [...catalogue, OTHER_COURSE],
  now,
});

const owned = (since = '2026-11-01T10:00:00.000Z'): Access => ({ kind: 'owned', reason: 'purchased', since });
const founding: Access = { kind: 'owned', reason: 'founding', since: '2026-11-01T10:00:00.000Z' };
const included = (tier: 'Adventurer' | 'Alchemist'): Access => ({ kind: 'included', reason: 'plan', tier });
const none: Access = { kind: 'none', reason: 'notOwned' };
const pending: Access = { kind: 'none', reason: 'pending' };

const FOUNDER = [bought('price_founding_membership', 'membership')];

const table: [string, Product, AccessInputs, Access][] = [
  // Apps
  ['app, Explorer, nothing bought', STILLPOINT, inputs('none'), none],
  ['app, Explorer, bought', STILLPOINT, inputs('none', [bought('price_app_stillpoint', 'app')]), owned()],
  ['app, Explorer, another app bought', STILLPOINT, inputs('none', [bought('price_app_mindstage', 'app')]), none],
  ['app, Explorer, bought and refunded', STILLPOINT, inputs('none', [bought('price_app_stillpoint', 'app', 'refunded')]), none],
  ['app, Explorer, delayed payment failed', STILLPOINT, inputs('none', [bought('price_app_stillpoint', 'app', 'failed')]), none],
  ['app, Explorer, payment settling', STILLPOINT, inputs('none', [bought('price_app_stillpoint', 'app', 'pending')]), pending],
  ['app, Explorer, refunded then bought again', STILLPOINT, inputs('none', [bought('price_app_stillpoint', 'app', 'refunded'), bought('price_app_stillpoint', 'app', 'paid', '2026-11-10T00:00:00.000Z')]), owned('2026-11-10T00:00:00.000Z')],
  ['app, Adventurer active', STILLPOINT, inputs('Adventurer'), included('Adventurer')],
  ['app, Adventurer trialing', STILLPOINT, inputs('Adventurer', [], 'trialing'), included('Adventurer')],
  ['app, Adventurer past due (Stripe retries the payment)', STILLPOINT, inputs('Adventurer', [], 'past_due'), included('Adventurer')],
  ['app, Adventurer canceled', STILLPOINT, inputs('Adventurer', [], 'canceled'), none],
  ['app, Adventurer unpaid', STILLPOINT, inputs('Adventurer', [], 'unpaid'), none],
  ['app, Adventurer, also bought (lifetime beats the plan)', STILLPOINT, inputs('Adventurer', [bought('price_app_stillpoint', 'app')]), owned()],
  ['app, Adventurer canceled, bought before (still owned)', STILLPOINT, inputs('Adventurer', [bought('price_app_stillpoint', 'app')], 'canceled'), owned()],
  ['app, Alchemist active', STILLPOINT, inputs('Alchemist'), included('Alchemist')],
  ['app, Alchemist canceled', STILLPOINT, inputs('Alchemist', [], 'canceled'), none],
  ['app, Founding Member', MINDSTAGE, inputs('none', FOUNDER), founding],
  ['app, Founding Member with an Adventurer plan', MINDSTAGE, inputs('Adventurer', FOUNDER), founding],
  ['app, Founding Membership refunded', MINDSTAGE, inputs('none', [bought('price_founding_membership', 'membership', 'refunded')]), none],
  ['app, Founding Membership settling', MINDSTAGE, inputs('none', [bought('price_founding_membership', 'membership', 'pending')]), none],
  // The course
  ['course, Explorer', COURSE, inputs('none'), none],
  ['course, Explorer, bought', COURSE, inputs('none', [bought('price_master_alchemist_course', 'course')]), owned()],
  ['course, Adventurer (not in the plan)', COURSE, inputs('Adventurer'), none],
  ['course, Alchemist active (for the duration of membership)', COURSE, inputs('Alchemist'), included('Alchemist')],
  ['course, Alchemist ended', COURSE, inputs('Alchemist', [], 'canceled'), none],
  ['course, Alchemist ended, bought before', COURSE, inputs('Alchemist', [bought('price_master_alchemist_course', 'course')], 'canceled'), owned()],
  ['course, Founding Member', COURSE, inputs('none', FOUNDER), founding],
  ['another course, Alchemist (the plan includes only the Master Alchemist Course)', OTHER_COURSE, inputs('Alchemist'), none],
  ['another course, Founding Member (future programs)', OTHER_COURSE, inputs('none', FOUNDER), founding],
  // Memberships
  ['Explorer plan, anyone', EXPLORER, inputs('none'), { kind: 'included', reason: 'free', tier: 'Explorer' }],
  ['Adventurer plan, Explorer', ADVENTURER, inputs('none'), none],
  ['Adventurer plan, Adventurer', ADVENTURER, inputs('Adventurer'), { kind: 'included', reason: 'subscribed', tier: 'Adventurer' }],
  ['Adventurer plan, Adventurer canceled', ADVENTURER, inputs('Adventurer', [], 'canceled'), none],
  ['Adventurer plan, Alchemist', ADVENTURER, inputs('Alchemist'), { kind: 'included', reason: 'higherPlan', tier: 'Alchemist' }],
  ['Alchemist plan, Adventurer', ALCHEMIST, inputs('Adventurer'), none],
  ['Alchemist plan, Alchemist', ALCHEMIST, inputs('Alchemist'), { kind: 'included', reason: 'subscribed', tier: 'Alchemist' }],
  ['Alchemist plan, Founding Member', ALCHEMIST, inputs('none', FOUNDER), { kind: 'included', reason: 'higherPlan', tier: 'Alchemist' }],
  ['Founding Membership, Explorer', FOUNDING, inputs('none'), none],
  ['Founding Membership, Alchemist (not bought)', FOUNDING, inputs('Alchemist'), none],
  ['Founding Membership, bought', FOUNDING, inputs('none', FOUNDER), owned()],
  ['Founding Membership, settling', FOUNDING, inputs('none', [bought('price_founding_membership', 'membership', 'pending')]), pending],
  // What a purchase is, is the catalogue's word for its price id, never the kind its row says
  // (the webhook used to take it from Stripe's metadata, or guess it from the product's name).
  ['course, Founding Membership recorded as a course (no metadata at Stripe)', COURSE, inputs('none', [bought('price_founding_membership', 'course')]), founding],
  ['app, Founding Membership recorded as a course', MINDSTAGE, inputs('none', [bought('price_founding_membership', 'course')]), founding],
  ['app, a one-time price on a product marked membership (not the Founding Membership)', MINDSTAGE, inputs('none', [bought('price_vip_once', 'membership')]), none],
  ['course, a price the catalogue does not know, recorded as a membership', COURSE, inputs('none', [bought('price_unknown', 'membership')]), none],
  // Chargebacks: a dispute of the charge holds back what it bought while open, ends it when lost, gives it back when won.
  ['app, bought, its payment disputed (open)', STILLPOINT, inputs('none', [{ ...bought('price_app_stillpoint', 'app'), dispute_status: 'open' }]), none],
  ['app, bought, the dispute won', STILLPOINT, inputs('none', [{ ...bought('price_app_stillpoint', 'app'), dispute_status: 'won' }]), owned()],
  ['app, bought, the dispute lost', STILLPOINT, inputs('none', [{ ...bought('price_app_stillpoint', 'app'), dispute_status: 'lost' }]), none],
  ['course, Founding Membership disputed (open)', COURSE, inputs('none', [{ ...FOUNDER[0]!, dispute_status: 'open' }]), none],
  ['app, Founding Membership, the dispute won', MINDSTAGE, inputs('none', [{ ...FOUNDER[0]!, dispute_status: 'won' }]), founding],
  ['app, Adventurer, a payment of the plan disputed (open)', STILLPOINT, { ...inputs('Adventurer'), subscription: { price_id: 'price_adventurer_monthly', subscription_status: 'active', dispute_status: 'open' } }, none],
  ['course, Alchemist, a payment of the plan disputed and lost', COURSE, { ...inputs('Alchemist'), subscription: { price_id: 'price_alchemist_monthly', subscription_status: 'active', dispute_status: 'lost' } }, none],
  ['course, Alchemist, the dispute won', COURSE, { ...inputs('Alchemist'), subscription: { price_id: 'price_alchemist_monthly', subscription_status: 'active', dispute_status: 'won' } }, included('Alchemist')],
];

describe('access(product, { subscription, purchases, now })', () => {
  it.each(table)('%s', (_name, p, given, expected) => {
    expect(access(p, given)).toEqual(expected);
  });

  it('does not depend on the date for owned and included access (the access-start date is the buttons’ concern)', () => {
    const before = new Date(2025, 7, 7);
    expect(access(STILLPOINT, inputs('Adventurer', [], 'active', before))).toEqual(included('Adventurer'));
    expect(access(STILLPOINT, inputs('none', [bought('price_app_stillpoint', 'app')], 'active', before))).toEqual(owned());
  });
});

describe('standing: the tier and the badge', () => {
  it.each<[string, AccessInputs, { tier: string; badge: string; founding: boolean }]>([
    ['no subscription, nothing bought', inputs('none'), { tier: 'Explorer', badge: 'Explorer', founding: false }],
    ['an app bought (no tier change)', inputs('none', [bought('price_app_stillpoint', 'app')]), { tier: 'Explorer', badge: 'Explorer', founding: false }],
    ['Adventurer', inputs('Adventurer'), { tier: 'Adventurer', badge: 'Adventurer', founding: false }],
    ['Alchemist past due', inputs('Alchemist', [], 'past_due'), { tier: 'Alchemist', badge: 'Alchemist', founding: false }],
    ['Alchemist canceled', inputs('Alchemist', [], 'canceled'), { tier: 'Explorer', badge: 'Explorer', founding: false }],
    ['Founding Member', inputs('none', FOUNDER), { tier: 'Alchemist', badge: 'Founding Member', founding: true }],
    ['Founding Member with Adventurer', inputs('Adventurer', FOUNDER), { tier: 'Alchemist', badge: 'Founding Member', founding: true }],
    ['Founding Membership refunded', inputs('none', [bought('price_founding_membership', 'membership', 'refunded')]), { tier: 'Explorer', badge: 'Explorer', founding: false }],
    ['Founding Membership recorded as a course', inputs('none', [bought('price_founding_membership', 'course')]), { tier: 'Alchemist', badge: 'Founding Member', founding: true }],
    ['a one-time price marked membership that is not the Founding Membership', inputs('none', [bought('price_vip_once', 'membership')]), { tier: 'Explorer', badge: 'Explorer', founding: false }],
  ])('%s', (_name, given, expected) => {
    expect(standing(given)).toMatchObject(expected);
  });
});

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

describe('the library', () => {
  const date = (iso: string) => new Date(iso).toISOString().slice(0, 10);
  it('lists what the member can use, with how they got it, in catalogue order', () => {
    const items = library(catalogue, inputs('Adventurer', [bought('price_master_alchemist_course', 'course'), bought('price_app_stillpoint', 'app')]));
    expect(items.map(({ product: p, access: a }) => [p.priceId, accessSource(a, date)])).toEqual([
      ['price_app_whispers_before_sleep', 'Included in Adventurer'],
      ['price_app_the_bloom_book', 'Included in Adventurer'],
      ['price_app_stillpoint', 'Purchased on 2026-11-01'],
      ['price_app_rise_mode', 'Included in Adventurer'],
      ['price_app_mindstage', 'Included in Adventurer'],
      ['price_app_the_reset_room', 'Included in Adventurer'],
      ['price_master_alchemist_course', 'Purchased on 2026-11-01'],
    ]);
  });
  it('is empty for an Explorer who bought nothing, and lists a settling payment as processing', () => {
    expect(library(catalogue, inputs('none'))).toEqual([]);
    const items = library(catalogue, inputs('none', [bought('price_app_mindstage', 'app', 'pending')]));
    expect(items.map(({ product: p, access: a }) => [p.priceId, accessSource(a, date)])).toEqual([['price_app_mindstage', 'Payment processing']]);
  });
  it('gives a Founding Member everything, and the membership itself', () => {
    const items = library(catalogue, inputs('none', FOUNDER));
    expect(items).toHaveLength(8);
    expect(items.map(({ access: a }) => accessSource(a, date))).toEqual([
      'Purchased on 2026-11-01',
      ...Array(7).fill('Founding Member'),
    ]);
  });
});
