/** The effective tier of a subscription: the product's tier while it entitles, Explorer otherwise. */
import { describe, expect, it } from 'vitest';
import { effectiveTier, tierOfName } from '../../src/core/access/tiers';

const catalogue = [
  { priceId: 'price_explorer_free', name: 'Explorer Membership' },
  { priceId: 'price_adventurer_monthly', name: 'Adventurer Membership' },
  { priceId: 'price_alchemist_monthly', name: 'Alchemist Membership' },
  { priceId: 'price_live_alch', name: 'Inner Alchemy Alchemist (monthly)' },
];

describe('effectiveTier (spec: Effective tier)', () => {
  it('is Explorer without a subscription', () => {
    expect(effectiveTier(null, catalogue)).toBe('Explorer');
    expect(effectiveTier(undefined, catalogue)).toBe('Explorer');
  });
  it('is Explorer without a price', () => {
    expect(effectiveTier({ price_id: null, subscription_status: 'active' }, catalogue)).toBe('Explorer');
  });
  it('is Explorer for a price that is not in the catalogue', () => {
    expect(effectiveTier({ price_id: 'price_unknown', subscription_status: 'active' }, catalogue)).toBe('Explorer');
  });
  it('is Alchemist when the product name contains Alchemist', () => {
    expect(effectiveTier({ price_id: 'price_alchemist_monthly', subscription_status: 'active' }, catalogue)).toBe('Alchemist');
    expect(effectiveTier({ price_id: 'price_live_alch' }, catalogue)).toBe('Alchemist');
  });
  it('is Adventurer when the product name contains Adventurer', () => {
    expect(effectiveTier({ price_id: 'price_adventurer_monthly', subscription_status: 'trialing' }, catalogue)).toBe('Adventurer');
  });
  it('is Explorer for the Explorer membership', () => {
    expect(effectiveTier({ price_id: 'price_explorer_free', subscription_status: 'active' }, catalogue)).toBe('Explorer');
  });
  it('keeps the tier while a payment is past due', () => {
    expect(effectiveTier({ price_id: 'price_alchemist_monthly', subscription_status: 'past_due' }, catalogue)).toBe('Alchemist');
  });
  it.each(['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused', 'not_started'])(
    'is Explorer when the subscription is %s',
    (status) => {
      expect(effectiveTier({ price_id: 'price_alchemist_monthly', subscription_status: status }, catalogue)).toBe('Explorer');
    },
  );
});

describe('tierOfName', () => {
  it('reads Alchemist before Adventurer', () => {
    expect(tierOfName('Adventurer to Alchemist bundle')).toBe('Alchemist');
    expect(tierOfName('Adventurer Membership')).toBe('Adventurer');
    expect(tierOfName('Founding Membership')).toBe('Explorer');
  });
});
