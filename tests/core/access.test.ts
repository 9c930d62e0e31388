/**
 * The access model (src/core/access/access.ts), one test per row of its table: the member's plan
 * (tier and subscription status) x their purchases x the product x the date. What commerce says
 * of it (the library, checkout's refusals) is tested in tests/commerce.
 */
import { describe, expect, it } from 'vitest';
import { access, standing, type Access, type AccessInputs } from '../../src/core/access/access';
import type { Product } from '../../src/core/access/product';
import { ADVENTURER, ALCHEMIST, bought, COURSE, EXPLORER, FOUNDER, FOUNDING, inputs, MINDSTAGE, OTHER_COURSE, STILLPOINT } from '../support/access-inputs';

const owned = (since = '2026-11-01T10:00:00.000Z'): Access => ({ kind: 'owned', reason: 'purchased', since });
const founding: Access = { kind: 'owned', reason: 'founding', since: '2026-11-01T10:00:00.000Z' };
const included = (tier: 'Adventurer' | 'Alchemist'): Access => ({ kind: 'included', reason: 'plan', tier });
const none: Access = { kind: 'none', reason: 'notOwned' };
const pending: Access = { kind: 'none', reason: 'pending' };

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
