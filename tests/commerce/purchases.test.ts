/** Purchase status from Stripe's answers, and the helpers of /success. */
import { describe, expect, it } from 'vitest';
import { isFullRefund, nextStatus, statusOfSession, type PurchaseStatus } from '../../src/features/commerce/purchase-status';
import { isCheckoutSessionId, isCheckoutSummary, itemsSentence } from '../../src/features/commerce/checkout-summary';

describe('purchase status', () => {
  it('reads a completed session: paid, or pending for a delayed payment; failed from its event', () => {
    expect(statusOfSession('paid', 'completed')).toBe('paid');
    expect(statusOfSession('no_payment_required', 'completed')).toBe('paid');
    expect(statusOfSession('unpaid', 'completed')).toBe('pending');
    expect(statusOfSession('paid', 'succeeded')).toBe('paid');
    expect(statusOfSession('unpaid', 'failed')).toBe('failed');
  });

  it.each<[PurchaseStatus | null, PurchaseStatus, PurchaseStatus]>([
    [null, 'pending', 'pending'],
    ['pending', 'paid', 'paid'],
    ['paid', 'pending', 'paid'],
    ['failed', 'pending', 'failed'],
    ['paid', 'refunded', 'refunded'],
    ['refunded', 'paid', 'refunded'],
    ['refunded', 'pending', 'refunded'],
  ])('only moves forward: %s then %s is %s', (existing, incoming, expected) => {
    expect(nextStatus(existing, incoming)).toBe(expected);
  });

  it('counts a refund only when it is in full', () => {
    expect(isFullRefund({ refunded: true, amount: 2900, amount_refunded: 2900 })).toBe(true);
    expect(isFullRefund({ refunded: false, amount: 2900, amount_refunded: 1000 })).toBe(false);
  });
});

describe('/success helpers', () => {
  it('accepts only Checkout Session ids', () => {
    expect(isCheckoutSessionId('cs_test_a1B2')).toBe(true);
    expect(isCheckoutSessionId('cs_live_x')).toBe(true);
    expect(isCheckoutSessionId('pi_123')).toBe(false);
    expect(isCheckoutSessionId('cs_<script>')).toBe(false);
    expect(isCheckoutSessionId('')).toBe(false);
  });
  it('names the items as a sentence', () => {
    expect(itemsSentence([{ name: 'Stillpoint' }])).toBe('Stillpoint');
    expect(itemsSentence([{ name: 'Stillpoint' }, { name: 'Mindstage' }])).toBe('Stillpoint and Mindstage');
    expect(itemsSentence([{ name: 'A' }, { name: 'B' }, { name: 'C' }])).toBe('A, B and C');
  });
  it('recognises the function’s answer', () => {
    expect(isCheckoutSummary({ reference: 'cs_1', items: [{ priceId: 'p', name: 'n', productType: 'app' }], recorded: true })).toBe(true);
    expect(isCheckoutSummary({ reference: 'cs_1', items: 'x', recorded: true })).toBe(false);
    expect(isCheckoutSummary(null)).toBe(false);
  });
});
