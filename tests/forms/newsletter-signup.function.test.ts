/** The newsletter-signup function: what it stores, a second signup, its limits and failures. */
import { describe, expect, it, vi } from 'vitest';
import handler, { config } from '../../netlify/functions/newsletter-signup.mts';
import type { LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import { call, expectNoLeak, type LogSpies } from '../support/functions';
import { withStandIns } from '../support/stand-ins';

let db: LocalSupabase;
let logs: LogSpies;
withStandIns({ db: true }, (standIns, spies) => {
  ({ db } = standIns);
  logs = spies;
});

const signup = (body: unknown) => call(handler, '/api/newsletter-signup', { method: 'POST', body });

describe('newsletter-signup', () => {
  it('is served at /api/newsletter-signup with a rate limit per ip and domain', () => {
    expect(config.path).toBe('/api/newsletter-signup');
    expect(config.rateLimit?.aggregateBy).toEqual(['ip', 'domain']);
  });

  it('stores the trimmed, lower-cased address with the service role', async () => {
    const res = await signup({ email: '  Ada.Lovelace@Example.COM ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ subscribed: true });
    const [insert] = db.requestsTo('POST', 'monthly_newsletter');
    expect(insert?.body).toEqual({ email: 'ada.lovelace@example.com' });
    expect(insert?.apikey).toBe(db.env.SUPABASE_SERVICE_ROLE_KEY);
    expect(insert?.authorization).toBe(`Bearer ${db.env.SUPABASE_SERVICE_ROLE_KEY}`);
    expect(db.tables.monthly_newsletter).toMatchObject([{ email: 'ada.lovelace@example.com' }]);
    expect(logs.lines()).toBe(0);
  });

  it('treats signing up again (23505) as success, with the same answer', async () => {
    await signup({ email: 'ada@example.com' });
    const again = await signup({ email: 'ADA@example.com' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ subscribed: true });
    expect(db.requestsTo('POST', 'monthly_newsletter')).toHaveLength(2);
    expect(db.tables.monthly_newsletter).toHaveLength(1);
    expect(logs.lines()).toBe(0);
  });

  const bad: [string, unknown, number, string][] = [
    ['no email', {}, 400, 'Please enter your email address'],
    ['an empty email', { email: '' }, 400, 'Please enter your email address'],
    ['a blank email', { email: '   ' }, 400, 'Please enter your email address'],
    ['an email without @', { email: 'ada.example.com' }, 400, 'Please enter a valid email address'],
    ['an email without a domain dot', { email: 'ada@example' }, 400, 'Please enter a valid email address'],
    ['an email with spaces', { email: 'ada lovelace@example.com' }, 400, 'Please enter a valid email address'],
    ['a numeric email', { email: 42 }, 400, 'Please enter a valid email address'],
    ['an over-long email', { email: `${'a'.repeat(250)}@example.com` }, 400, 'Please enter a valid email address'],
    ['an array', ['ada@example.com'], 400, 'Request body must be a JSON object.'],
    ['a string', 'not json', 400, 'Request body must be valid JSON.'],
  ];

  it.each(bad)('answers %s with %i and the message, storing nothing', async (_name, body, status, message) => {
    const res = await signup(body);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error: message });
    expect(db.requests).toHaveLength(0);
    expect(logs.lines()).toBe(1);
  });

  it('answers 413 to a body over the size limit', async () => {
    const res = await signup({ email: 'ada@example.com', padding: 'x'.repeat(20_000) });
    expect(res.status).toBe(413);
    expect(db.requests).toHaveLength(0);
  });

  it.each(['GET', 'PUT', 'DELETE'])('answers 405 to %s', async (method) => {
    const res = await call(handler, '/api/newsletter-signup', { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(logs.lines()).toBe(1);
  });

  it('answers 502 with one log line, and no detail, when the database fails', async () => {
    db.fail('monthly_newsletter', 'POST', 500, 'XX000');
    const res = await signup({ email: 'ada@example.com' });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: 'Something went wrong. Please try again.' });
    expectNoLeak(res.text);
    expect(logs.lines()).toBe(1);
    expect(logs.all()).toContain('XX000');
  });

  it('answers GET ?check (the /debug probe) without storing anything', async () => {
    const res = await call(handler, '/api/newsletter-signup?check', { method: 'GET' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(db.requests).toHaveLength(0);
    delete process.env.SUPABASE_SERVICE_ROLE_KEY;
    const unconfigured = await call(handler, '/api/newsletter-signup?check', { method: 'GET' });
    expect(unconfigured.status).toBe(503);
    expect(unconfigured.body).toEqual({ error: 'The database is not configured on the server.' });
    expect(db.requests).toHaveLength(0);
  });

  it('answers 503 when the database is not configured', async () => {
    delete process.env.SUPABASE_URL;
    vi.resetModules();
    const fresh = (await import('../../netlify/functions/newsletter-signup.mts')).default;
    const res = await call(fresh, '/api/newsletter-signup', { method: 'POST', body: { email: 'ada@example.com' } });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: 'The database is not configured on the server.' });
  });
});
