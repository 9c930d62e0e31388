/** The checkout request: how the button builds it, and the origin rules the function checks it with. */
import { describe, expect, it } from 'vitest';
import { buildCheckoutRequest, checkAgainstCatalogue, isOnOrigin, originsOf, parseCheckoutRequest, successUrlFor } from '../../src/features/commerce/checkout';

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

describe('parseCheckoutRequest: the shape', () => {
  const valid = { price_id: 'price_a', mode: 'payment', success_url: `${ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`, cancel_url: `${ORIGIN}/products` };
  const error = (body: unknown) => {
    const result = parseCheckoutRequest(body, [ORIGIN]);
    return result.ok ? null : result.error;
  };

  it('refuses what is not a JSON object', () => {
    for (const body of [null, 'x', 42, [valid]]) expect(error(body)).toBe('Request body must be a JSON object.');
  });

  it.each([
    [{ price_id: undefined }, 'price_id is required.'],
    [{ price_id: 42 }, 'price_id is required.'],
    [{ price_id: '   ' }, 'price_id is required.'],
    [{ price_id: 'p'.repeat(256) }, 'price_id is too long.'],
    [{ success_url: undefined }, 'success_url is required.'],
    [{ success_url: '' }, 'success_url is required.'],
    [{ success_url: `${ORIGIN}/${'s'.repeat(2048)}` }, 'success_url is too long.'],
    [{ cancel_url: null }, 'cancel_url is required.'],
    [{ cancel_url: `${ORIGIN}/${'c'.repeat(2048)}` }, 'cancel_url is too long.'],
    [{ mode: 'setup' }, 'mode must be "payment" or "subscription".'],
    [{ mode: undefined }, 'mode must be "payment" or "subscription".'],
    // The first problem, in field order, is the answer.
    [{ price_id: '', success_url: '', mode: 'x' }, 'price_id is required.'],
    [{ success_url: 7, cancel_url: 7 }, 'success_url is required.'],
  ])('%j -> %s', (change, message) => {
    expect(error({ ...valid, ...change })).toBe(message);
  });

  it('trims the price id, takes 255 characters, and keeps only the four fields', () => {
    expect(parseCheckoutRequest({ ...valid, price_id: `  ${'p'.repeat(255)}  `, extra: 'dropped' }, [ORIGIN])).toEqual({
      ok: true,
      value: { ...valid, price_id: 'p'.repeat(255) },
    });
  });
});
