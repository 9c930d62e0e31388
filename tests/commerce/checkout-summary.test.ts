/** /success's order reference, read from the query string. */
import { describe, expect, it } from 'vitest';
import { ORDER_REFERENCE_MAX_LENGTH, orderReference } from '../../src/features/commerce/checkout-summary';

describe('orderReference', () => {
  it('reads session_id from the query string', () => {
    expect(orderReference('?session_id=cs_test_a1B2c3')).toBe('cs_test_a1B2c3');
    expect(orderReference('?foo=1&session_id=cs_live_9')).toBe('cs_live_9');
  });

  it('decodes the value and keeps markup as plain characters', () => {
    expect(orderReference('?session_id=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E')).toBe('<img src=x onerror=alert(1)>');
  });

  it('is null when the parameter is missing or blank', () => {
    expect(orderReference('')).toBeNull();
    expect(orderReference('?other=1')).toBeNull();
    expect(orderReference('?session_id=')).toBeNull();
    expect(orderReference('?session_id=%20%20')).toBeNull();
  });

  it('cuts very long values', () => {
    const out = orderReference(`?session_id=${'x'.repeat(5000)}`);
    expect(out).toHaveLength(ORDER_REFERENCE_MAX_LENGTH + 1);
    expect(out?.endsWith('…')).toBe(true);
  });
});
