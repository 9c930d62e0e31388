/** The dashboard's subscription badge: the plan, its status, its period end and what to do when a payment failed. */
import { describe, expect, it } from 'vitest';
import catalogue from '../../src/content/catalogue.json';
import type { SubscriptionRecord } from '../../src/core/access/subscription';
import { describeSubscription, statusLabel, statusTone } from '../../src/features/commerce/subscription';
import { tierOfName } from '../../src/core/access/tiers';
import { isNoRows } from '../../src/core/db/result';

type Status = SubscriptionRecord['subscription_status'];

const record = (over: Partial<SubscriptionRecord> = {}): SubscriptionRecord => ({
  subscription_id: 'sub_1',
  price_id: 'price_adventurer_monthly',
  subscription_status: 'active',
  current_period_start: 1_735_732_800, // 2025-01-01T12:00:00Z
  current_period_end: 1_738_411_200, // 2025-02-01T12:00:00Z
  cancel_at_period_end: false,
  payment_method_brand: 'visa',
  payment_method_last4: '4242',
  ...over,
});

describe('describeSubscription', () => {
  it('is the free Explorer plan without a subscription or without a price', () => {
    expect(describeSubscription(null, catalogue)).toMatchObject({ kind: 'free', text: 'Free Explorer Plan' });
    expect(describeSubscription(record({ price_id: null }), catalogue)).toMatchObject({ kind: 'free' });
  });

  it('is unknown when the price is not in the catalogue', () => {
    expect(describeSubscription(record({ price_id: 'price_retired' }), catalogue)).toMatchObject({
      kind: 'unknown',
      text: 'Unknown subscription',
    });
  });

  it('names the product, hides the active status and turns epoch seconds into milliseconds', () => {
    const view = describeSubscription(record(), catalogue);
    expect(view).toEqual({
      kind: 'plan',
      name: 'Adventurer Membership',
      plan: 'Adventurer',
      tone: 'green',
      statusText: null,
      periodStart: 1_735_732_800_000,
      periodEnd: 1_738_411_200_000,
      cancelAtPeriodEnd: false,
      paymentMethod: 'Visa ending in 4242',
      endLabel: 'Renews on',
      action: null,
    });
  });

  it('tells the truth about the period end for every status', () => {
    const label = (status: Status, cancelAtPeriodEnd = false) =>
      describeSubscription(record({ subscription_status: status, cancel_at_period_end: cancelAtPeriodEnd }), catalogue);
    expect(label('active')).toMatchObject({ endLabel: 'Renews on' });
    expect(label('trialing')).toMatchObject({ endLabel: 'Renews on' });
    expect(label('active', true)).toMatchObject({ endLabel: 'Ends on' });
    expect(label('trialing', true)).toMatchObject({ endLabel: 'Ends on' });
    // Cancelled immediately: Stripe leaves cancel_at_period_end false, and it has still ended.
    expect(label('canceled')).toMatchObject({ endLabel: 'Ended on', tone: 'red', statusText: 'Canceled' });
    expect(label('canceled', true)).toMatchObject({ endLabel: 'Ended on' });
    expect(label('incomplete_expired')).toMatchObject({ endLabel: 'Ended on' });
    expect(label('unpaid')).toMatchObject({ endLabel: null });
    expect(label('paused')).toMatchObject({ endLabel: null });
    expect(label('incomplete')).toMatchObject({ endLabel: null });
  });

  it('says what to do when a payment failed, and nothing otherwise', () => {
    const view = (status: Status) => describeSubscription(record({ subscription_status: status }), catalogue);
    expect(view('past_due')).toMatchObject({
      endLabel: 'Renews on',
      action: 'Your last payment failed. Update your payment method to keep your membership.',
    });
    expect(view('unpaid').kind === 'plan' && view('unpaid')).toMatchObject({ action: expect.stringContaining('Update your payment method') });
    expect(view('incomplete')).toMatchObject({ action: expect.stringContaining('Update your payment method') });
    for (const status of ['active', 'trialing', 'canceled', 'paused'] as const) expect(view(status)).toMatchObject({ action: null });
  });

  it('says a membership is on hold while a payment is disputed with the bank, ended when the dispute is lost, itself again when won', () => {
    expect(describeSubscription(record({ dispute_status: 'open' }), catalogue)).toMatchObject({ statusText: 'On hold', tone: 'yellow', endLabel: null, action: expect.stringMatching(/^Your membership is on hold while a payment you disputed/) });
    expect(describeSubscription(record({ dispute_status: 'lost' }), catalogue)).toMatchObject({ statusText: 'Ended', tone: 'red', endLabel: null, action: expect.stringMatching(/^Your membership has ended because your bank reversed a payment/) });
    expect(describeSubscription(record({ dispute_status: 'won' }), catalogue)).toMatchObject({ statusText: null, tone: 'green', endLabel: 'Renews on', action: null });
  });

  it('shows any status but active next to the plan', () => {
    const view = describeSubscription(record({ subscription_status: 'past_due', price_id: 'price_alchemist_monthly' }), catalogue);
    expect(view).toMatchObject({ plan: 'Alchemist', tone: 'yellow', statusText: 'Past due' });
  });

  it('leaves out periods and payment method it does not have', () => {
    const view = describeSubscription(
      record({ current_period_start: null, current_period_end: null, payment_method_brand: null }),
      catalogue,
    );
    expect(view).toMatchObject({ periodStart: null, periodEnd: null, paymentMethod: null, cancelAtPeriodEnd: false });
  });
});

describe('statusTone', () => {
  it.each([
    ['active', 'green'],
    ['trialing', 'blue'],
    ['past_due', 'yellow'],
    ['canceled', 'red'],
    ['incomplete', 'grey'],
    ['unpaid', 'grey'],
    [null, 'grey'],
  ] as const)('%s is %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });
});

describe('the plan of a product name (tierOfName, one rule for the badge and the tier)', () => {
  it('picks Alchemist, then Adventurer, else Explorer', () => {
    expect(tierOfName('Alchemist Membership')).toBe('Alchemist');
    expect(tierOfName('Adventurer Membership')).toBe('Adventurer');
    expect(tierOfName('Master Alchemist Course')).toBe('Alchemist');
    expect(tierOfName('Founding Membership')).toBe('Explorer');
  });
});

describe('statusLabel and no-row errors', () => {
  it('humanises statuses', () => {
    expect(statusLabel('trialing')).toBe('Trialing');
    expect(statusLabel('incomplete_expired')).toBe('Incomplete expired');
  });

  it('treats PGRST116 as "none", not as an error', () => {
    expect(isNoRows({ code: 'PGRST116' })).toBe(true);
    expect(isNoRows({ code: '42501' })).toBe(false);
    expect(isNoRows(null)).toBe(false);
  });
});

describe('what the webhook writes, as the badge then tells it', async () => {
  const { subscriptionRow, tierOfSubscription } = await import('../../src/features/commerce/server/subscriptions');
  const stripeSubscription = (over: { status?: Status; cancel_at_period_end?: boolean } = {}) => ({
    id: 'sub_1',
    customer: 'cus_1',
    status: over.status ?? 'active',
    cancel_at_period_end: over.cancel_at_period_end ?? false,
    items: {
      data: [
        {
          price: { id: 'price_1Dbl_adventurer_monthly', lookup_key: 'price_adventurer_monthly', product: { id: 'prod_1', name: 'Adventurer Membership' } },
          current_period_start: 1_735_732_800,
          current_period_end: 1_738_411_200,
        },
      ],
    },
    default_payment_method: null,
  });
  const badge = (sub: ReturnType<typeof stripeSubscription>) => describeSubscription(subscriptionRow(sub), catalogue);

  it('customer.subscription.updated with cancel_at_period_end: "Ends on", and the tier is kept until then', () => {
    const sub = stripeSubscription({ cancel_at_period_end: true });
    expect(badge(sub)).toMatchObject({ endLabel: 'Ends on', statusText: null, tone: 'green' });
    expect(tierOfSubscription(sub)).toBe('Adventurer');
  });

  it('customer.subscription.deleted: "Ended on", red "Canceled", and Explorer', () => {
    const sub = stripeSubscription({ status: 'canceled' });
    expect(badge(sub)).toMatchObject({ endLabel: 'Ended on', statusText: 'Canceled', tone: 'red' });
    expect(tierOfSubscription(sub)).toBe('Explorer');
  });
});
