/** /debug's checks: how each probe's answer is classed as a pass, a warning or a failure. */
import { describe, expect, it } from 'vitest';
import { authCheck, catalogueCheck, connectionCheck, envCheck, formsCheck, newsletterCheck, productsCheck, serverAuthCheck, summarise, tableCheck } from '../../src/features/debug/debug';

describe('debug checks', () => {
  it('fails a missing variable', () => {
    expect(envCheck('PUBLIC_SUPABASE_URL', true).status).toBe('success');
    expect(envCheck('PUBLIC_SUPABASE_URL', false)).toMatchObject({ status: 'error', name: 'PUBLIC_SUPABASE_URL' });
  });

  it('fails the connection when the database is not configured or does not answer', () => {
    expect(connectionCheck(null).status).toBe('error');
    expect(connectionCheck({ kind: 'network-error', message: 'Failed to fetch' })).toMatchObject({
      status: 'error',
      message: 'Connection failed: Failed to fetch',
    });
    expect(connectionCheck({ kind: 'response', status: 503, body: null }).status).toBe('error');
    expect(connectionCheck({ kind: 'response', status: 200, body: [] }).status).toBe('success');
  });

  it('passes a readable table, or one that exists but is private; fails any other table error', () => {
    expect(tableCheck('profiles', { kind: 'response', status: 200, body: [{ id: 'x' }] }).status).toBe('success');
    expect(tableCheck('profiles', { kind: 'response', status: 401, body: { code: '42501', message: 'permission denied' } }).status).toBe(
      'success',
    );
    expect(
      tableCheck('monthly_newsletter', { kind: 'response', status: 404, body: { code: 'PGRST205', message: 'Could not find the table' } }),
    ).toMatchObject({ status: 'error', message: 'Table error: HTTP 404: Could not find the table' });
    expect(tableCheck('profiles', null).status).toBe('error');
  });

  it('warns when the session cannot be read', () => {
    expect(authCheck({ kind: 'signedOut' }).status).toBe('success');
    expect(authCheck({ kind: 'signedIn', email: 'ana@example.com' }).message).toBe('Signed in as ana@example.com');
    expect(authCheck({ kind: 'failed', message: 'boom' }).status).toBe('warning');
  });

  it('passes the newsletter and forms functions’ health answers (2xx, or the platform’s 429) and fails anything else', () => {
    expect(newsletterCheck({ kind: 'response', status: 200, body: { ok: true } }).status).toBe('success');
    expect(newsletterCheck({ kind: 'response', status: 429, body: null })).toMatchObject({ status: 'success', message: expect.stringContaining('rate-limited') });
    expect(newsletterCheck({ kind: 'response', status: 405, body: {} }).status).toBe('error');
    expect(formsCheck({ kind: 'response', status: 200, body: { ok: true } })).toMatchObject({ id: 'fn:forms', status: 'success' });
    expect(formsCheck({ kind: 'response', status: 503, body: { error: 'The database is not configured on the server.' } }).status).toBe('error');
    expect(newsletterCheck({ kind: 'response', status: 404, body: null }).status).toBe('error');
    expect(newsletterCheck({ kind: 'response', status: 503, body: { error: 'Not configured' } }).message).toBe(
      'Function failed: HTTP 503: Not configured',
    );
    expect(newsletterCheck({ kind: 'network-error', message: 'offline' }).status).toBe('error');
  });

  it('warns about a product list that is not an array and fails a failing function', () => {
    expect(productsCheck({ kind: 'response', status: 200, body: [{}, {}] })).toMatchObject({ status: 'success', message: '2 products listed' });
    expect(productsCheck({ kind: 'response', status: 200, body: { products: [] } }).status).toBe('warning');
    expect(productsCheck({ kind: 'response', status: 404, body: null }).status).toBe('error');
    expect(productsCheck({ kind: 'network-error', message: 'offline' }).status).toBe('error');
  });

  it('reports whether the server can complete a sign-in, and what it lacks', () => {
    expect(serverAuthCheck({ kind: 'response', status: 200, body: { configured: true } })).toMatchObject({ id: 'fn:auth-sync', status: 'success' });
    expect(serverAuthCheck({ kind: 'response', status: 200, body: { configured: false, reason: 'no Firebase service account' } })).toMatchObject({
      status: 'error',
      message: 'Not configured: no Firebase service account',
    });
    expect(serverAuthCheck({ kind: 'response', status: 200, body: [] }).status).toBe('warning');
    expect(serverAuthCheck({ kind: 'response', status: 404, body: null }).status).toBe('error');
    expect(serverAuthCheck({ kind: 'network-error', message: 'offline' }).status).toBe('error');
  });

  it('warns, naming the price, when a live Stripe price disagrees with the catalogue; passes when none does or Stripe is not set up', () => {
    const problem = '"Founding Membership" says productType "course" in its Stripe metadata, but the catalogue says price_founding_membership is a membership: the site follows the catalogue. Correct the metadata.';
    expect(catalogueCheck({ kind: 'response', status: 200, body: { checked: true, problems: [] } })).toMatchObject({ id: 'stripe:catalogue', status: 'success' });
    expect(catalogueCheck({ kind: 'response', status: 200, body: { checked: true, problems: [{ priceId: 'price_founding_membership', stripePriceId: 'price_1X', problem }] } })).toEqual({
      id: 'stripe:catalogue',
      name: 'Stripe prices and the catalogue',
      status: 'warning',
      message: `1 disagreement (run scripts/check-stripe-catalogue.mjs for the list): ${problem}`,
    });
    expect(catalogueCheck({ kind: 'response', status: 200, body: { checked: false, reason: 'Stripe is not configured' } })).toMatchObject({ status: 'success', message: 'Not checked: Stripe is not configured' });
    expect(catalogueCheck({ kind: 'response', status: 200, body: [] }).status).toBe('warning');
    expect(catalogueCheck({ kind: 'response', status: 502, body: { error: 'Stripe could not be reached to check the prices.' } }).status).toBe('error');
    expect(catalogueCheck({ kind: 'network-error', message: 'offline' }).status).toBe('error');
  });

  it('counts passes, warnings and failures', () => {
    const results = [envCheck('A', true), envCheck('B', false), authCheck({ kind: 'failed', message: 'x' }), envCheck('C', true)];
    expect(summarise(results)).toEqual({ success: 2, warning: 1, error: 1 });
  });
});
