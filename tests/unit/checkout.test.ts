import { describe, expect, it } from 'vitest';
import { buildCheckoutRequest, checkAgainstCatalogue, isOnOrigin, originsOf, parseCheckoutRequest, successUrlFor } from '../../src/lib/checkout';

const ORIGIN = 'https://inneralchemy.example';

describe('buildCheckoutRequest', () => {
  it('returns to /success with the session placeholder, and cancels back to the current page', () => {
    expect(buildCheckoutRequest({ priceId: 'price_app_stillpoint', mode: 'payment', origin: ORIGIN, currentUrl: `${ORIGIN}/app/stillpoint` })).toEqual({
      price_id: 'price_app_stillpoint',
      mode: 'payment',
      success_url: `${ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ORIGIN}/app/stillpoint`,
    });
  });
  it('is what the function accepts', () => {
    const request = buildCheckoutRequest({ priceId: 'p', mode: 'subscription', origin: ORIGIN, currentUrl: `${ORIGIN}/products` });
    expect(parseCheckoutRequest(request, [ORIGIN])).toEqual({ ok: true, value: request });
    expect(successUrlFor(ORIGIN)).toContain('{CHECKOUT_SESSION_ID}');
  });
});

describe('isOnOrigin', () => {
  it.each([
    [`${ORIGIN}/x`, true],
    [`${ORIGIN}:443/x`, true],
    ['https://inneralchemy.example.evil.test/x', false],
    ['http://inneralchemy.example/x', false],
    [`https://me@inneralchemy.example/x`, false],
    ['/relative', false],
    ['javascript:alert(1)', false],
    ['', false],
  ])('%s -> %s', (url, ok) => {
    expect(isOnOrigin(url, [ORIGIN])).toBe(ok);
  });
});

describe('originsOf', () => {
  it('keeps valid origins once and skips the rest', () => {
    expect(originsOf([`${ORIGIN}/a`, `${ORIGIN}/b`, undefined, '', 'not a url', 'http://localhost:4321/api/x'])).toEqual([ORIGIN, 'http://localhost:4321']);
  });
});

describe('checkAgainstCatalogue', () => {
  const catalogue = [{ priceId: 'price_a', mode: 'payment' as const }];
  it('accepts a catalogue price with its own mode', () => {
    expect(checkAgainstCatalogue({ price_id: 'price_a', mode: 'payment', success_url: '', cancel_url: '' }, catalogue)).toBeNull();
  });
  it('refuses an unknown price and a wrong mode', () => {
    expect(checkAgainstCatalogue({ price_id: 'price_b', mode: 'payment', success_url: '', cancel_url: '' }, catalogue)).toMatch(/not available/);
    expect(checkAgainstCatalogue({ price_id: 'price_a', mode: 'subscription', success_url: '', cancel_url: '' }, catalogue)).toMatch(/mode must be "payment"/);
  });
});
