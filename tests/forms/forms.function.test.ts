/**
 * The forms function against the local PostgREST endpoint over PGlite running our migrations
 * (future_launch's unique email, the grants and checks are the database's own): what it stores and answers for each form, as JSON (the islands)
 * and as a plain HTML form post (303 back to /future), and the flood test: its own limiter
 * with an injected clock, as Netlify's platform limit is not applied outside Netlify.
 */
import { describe, expect, it, vi } from 'vitest';
import handler, { config, createFormsHandler } from '../../netlify/functions/forms.mts';
import { EMAIL_LIMIT, IP_LIMIT, MIN_FILL_MS, outcomesOf, outcomeId } from '../../src/features/forms/submission';
import type { LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import { expectNoLeak, SITE, type LogSpies } from '../support/functions';
import { withStandIns } from '../support/stand-ins';

let db: LocalSupabase;
let logs: LogSpies;
withStandIns({ db: true }, (standIns, spies) => {
  ({ db } = standIns);
  logs = spies;
});

type Handler = ReturnType<typeof createFormsHandler>;

const IDEA = { name: '  ', email: ' Ada@Example.COM ', idea: '  Sunday gratitude circles  ', elapsed: 4200 };
const PARTNERSHIP = { name: ' Pat Doe ', email: 'PAT@example.com', message: ' We host breathwork retreats in Lisbon. ', partnershipType: 'content_creator', elapsed: 9000 };

async function postJson(h: Handler, form: string, body: unknown, ip = '203.0.113.7', headers: Record<string, string> = {}) {
  const res = await h(
    new Request(`${SITE}/api/forms/${form}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: SITE, ...headers }, body: JSON.stringify(body) }),
    { ip },
  );
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null, text, headers: res.headers };
}

async function postForm(h: Handler, form: string, fields: Record<string, string>, ip = '203.0.113.7') {
  const res = await h(
    new Request(`${SITE}/api/forms/${form}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE }, body: new URLSearchParams(fields).toString() }),
    { ip },
  );
  return { status: res.status, location: res.headers.get('location') };
}

describe('forms: config', () => {
  it('is served under /api/forms with the platform limit per ip and domain, equal to its own per-address limit', () => {
    expect(config.path).toEqual(['/api/forms', '/api/forms/:form']);
    expect(config.rateLimit).toEqual({ windowLimit: IP_LIMIT.limit, windowSize: IP_LIMIT.windowMs / 1000, aggregateBy: ['ip', 'domain'] });
  });
});

describe('forms: storing', () => {
  it('stores an idea trimmed and lower-cased, an empty name as null, with the service role (JSON: 201)', async () => {
    const res = await postJson(createFormsHandler(), 'idea', IDEA);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true });
    const [insert] = db.requestsTo('POST', 'community_ideas');
    expect(insert?.body).toEqual({ name: null, email: 'ada@example.com', idea_message: 'Sunday gratitude circles' });
    expect(insert?.apikey).toBe(db.env.SUPABASE_SERVICE_ROLE_KEY);
    expect(logs.lines()).toBe(0);
  });

  it('stores a partnership request with its type, and an unknown type as the default', async () => {
    const h = createFormsHandler();
    expect((await postJson(h, 'partnership', PARTNERSHIP)).status).toBe(201);
    expect((await postJson(h, 'partnership', { ...PARTNERSHIP, email: 'lee@example.com', partnershipType: 'investor' })).status).toBe(201);
    expect(db.tables.partnership_requests).toMatchObject([
      { name: 'Pat Doe', email: 'pat@example.com', message: 'We host breathwork retreats in Lisbon.', partnership_type: 'content_creator' },
      { name: 'Pat Doe', email: 'lee@example.com', message: 'We host breathwork retreats in Lisbon.', partnership_type: 'wellness_practitioner' },
    ]);
  });

  it('answers a duplicate early-access email with 409 and the spec’s message, storing it once', async () => {
    const h = createFormsHandler();
    expect((await postJson(h, 'early-access', { email: 'ada@example.com' })).status).toBe(201);
    const again = await postJson(h, 'early-access', { email: ' ADA@example.com' }, '198.51.100.9');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'This email is already registered for updates', code: 'duplicate', field: null });
    expect(db.tables.future_launch).toMatchObject([{ email: 'ada@example.com' }]);
    expect(logs.lines()).toBe(1);
  });

  it('answers bad input with 400 and the spec’s message for the first failed check, storing nothing', async () => {
    const h = createFormsHandler();
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['early-access', {}, 'Please enter your email address', 'email'],
      ['early-access', { email: 'ada' }, 'Please enter a valid email address', 'email'],
      ['idea', { email: 'ada@example.com', idea: '  ' }, 'Please share your idea with us', 'idea'],
      ['idea', { email: 'ada@example.com', idea: ' too short ' }, 'Please provide more details about your idea (minimum 10 characters)', 'idea'],
      ['partnership', { email: 'pat@example.com', message: 'x'.repeat(30) }, 'Please enter your name', 'name'],
      ['partnership', { name: 'Pat', email: 'pat@example.com', message: 'Too short, sorry' }, 'Please provide more details about your partnership proposal (minimum 20 characters)', 'message'],
      ['idea', { email: 42, idea: 'Sunday gratitude circles' }, 'Please enter your email address', 'email'],
    ];
    for (const [form, body, message, field] of cases) {
      const res = await postJson(h, form, body, `192.0.2.${cases.indexOf(cases.find((c) => c[1] === body)!)}`);
      expect(res.status, message).toBe(400);
      expect(res.body).toMatchObject({ error: message, field });
    }
    expect(db.requests).toHaveLength(0);
    expect(logs.lines()).toBe(cases.length);
  });

  it('answers 502 with the form’s database message and one log line, no detail, when the database fails', async () => {
    db.fail('community_ideas', 'POST', 500, 'XX000');
    const res = await postJson(createFormsHandler(), 'idea', IDEA);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ error: 'Failed to submit your idea. Please try again.' });
    expectNoLeak(res.text);
    expect(logs.lines()).toBe(1);
    expect(logs.all()).toContain('XX000');
    db.fail('partnership_requests', 'POST', 500, 'XX000');
    expect((await postJson(createFormsHandler(), 'partnership', PARTNERSHIP)).body).toMatchObject({ error: 'Failed to submit your partnership request. Please try again.' });
    db.fail('future_launch', 'POST', 500, 'XX000');
    expect((await postJson(createFormsHandler(), 'early-access', { email: 'a@b.co' })).body).toMatchObject({ error: 'Something went wrong. Please try again.' });
  });

  it('answers 503 with the form’s database message when the database is not configured', async () => {
    delete process.env.SUPABASE_URL;
    vi.resetModules();
    const { createFormsHandler: fresh } = await import('../../netlify/functions/forms.mts');
    const res = await postJson(fresh(), 'idea', IDEA);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ error: 'Failed to submit your idea. Please try again.' });
    expect(logs.lines()).toBe(1);
  });

  it('refuses another site’s post (403), an unknown form (404), other methods (405), a body over 64 KB (413), bad JSON (400)', async () => {
    const h = createFormsHandler();
    expect((await postJson(h, 'idea', IDEA, '203.0.113.7', { origin: 'https://evil.example' })).status).toBe(403);
    expect((await postJson(h, 'newsletter', IDEA)).status).toBe(404);
    const put = await h(new Request(`${SITE}/api/forms/idea`, { method: 'PUT' }));
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('POST');
    expect((await h(new Request(`${SITE}/api/forms/idea`, { method: 'GET' }))).status).toBe(405);
    expect((await postJson(h, 'idea', { ...IDEA, padding: 'x'.repeat(70_000) })).status).toBe(413);
    const bad = await h(new Request(`${SITE}/api/forms/idea`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' }));
    expect(bad.status).toBe(400);
    expect(db.requests).toHaveLength(0);
  });

  it('answers GET ?check (the /debug probe) read-only: 200 when configured, 503 when not', async () => {
    const res = await handler(new Request(`${SITE}/api/forms?check`), {} as never);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    delete process.env.SUPABASE_SERVICE_ROLE_KEY;
    expect((await handler(new Request(`${SITE}/api/forms?check`), {} as never)).status).toBe(503);
    expect(db.requests).toHaveLength(0);
  });
});

describe('forms: a plain HTML form post (JavaScript off) gets a 303 back to /future with the outcome', () => {
  it('thanks, a validation message, a duplicate, a database failure', async () => {
    const h = createFormsHandler();
    expect(await postForm(h, 'idea', { name: '', email: 'Ada@Example.com', idea: 'Sunday gratitude circles', website: '' })).toEqual({
      status: 303,
      location: '/future/#idea-thanks',
    });
    expect(db.tables.community_ideas).toMatchObject([{ name: null, email: 'ada@example.com', idea_message: 'Sunday gratitude circles' }]);
    expect((await postForm(h, 'partnership', { name: 'Pat', email: 'pat@example.com', message: 'short', partnershipType: 'brand' })).location).toBe(
      '/future/#partnership-message-too-short',
    );
    expect((await postForm(h, 'early-access', { email: 'ada@example.com' })).location).toBe('/future/#early-access-thanks');
    expect((await postForm(h, 'early-access', { email: 'ada@example.com' }, '198.51.100.2')).location).toBe('/future/#early-access-duplicate');
    db.fail('partnership_requests', 'POST', 500, 'XX000');
    expect((await postForm(h, 'partnership', { name: 'Pat', email: 'pat@example.com', message: 'We host breathwork retreats in Lisbon.' })).location).toBe(
      '/future/#partnership-failed',
    );
  });

  it('names only outcomes the page has an element for', () => {
    expect(outcomesOf('idea').map((code) => outcomeId('idea', code))).toEqual([
      'idea-thanks',
      'idea-email-required',
      'idea-email-invalid',
      'idea-idea-required',
      'idea-idea-too-short',
      'idea-name-unstorable',
      'idea-idea-unstorable',
      'idea-failed',
      'idea-limited',
    ]);
  });
});

describe('forms: text PostgreSQL cannot store (NUL, a lone surrogate) is a 400 with the field’s message, never a 502', () => {
  it('as JSON: every stored field of every form', async () => {
    const h = createFormsHandler();
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['idea', { ...IDEA, idea: 'Sunday gratitude\u0000 circles' }, 'Please remove the unsupported character from your idea', 'idea'],
      ['idea', { ...IDEA, idea: 'Sunday gratitude circles \uD83D' }, 'Please remove the unsupported character from your idea', 'idea'],
      ['idea', { ...IDEA, name: 'Ada\u0000' }, 'Please remove the unsupported character from your name', 'name'],
      ['idea', { ...IDEA, email: 'ada\u0000@example.com' }, 'Please enter a valid email address', 'email'],
      ['partnership', { ...PARTNERSHIP, message: 'We host breathwork\uDC00 retreats in Lisbon.' }, 'Please remove the unsupported character from your partnership message', 'message'],
      ['partnership', { ...PARTNERSHIP, name: 'Pat\u0000 Doe' }, 'Please remove the unsupported character from your name', 'name'],
      ['early-access', { email: 'ada@example.com\u0000' }, 'Please enter a valid email address', 'email'],
    ];
    for (const [i, [form, body, message, field]] of cases.entries()) {
      const res = await postJson(h, form, body, `192.0.2.${i + 1}`);
      expect(res.status, message).toBe(400);
      expect(res.body).toMatchObject({ error: message, field });
    }
    expect(db.requests).toHaveLength(0);
  });

  it('as a plain HTML form post: 303 to the field’s message on /future', async () => {
    const h = createFormsHandler();
    expect((await postForm(h, 'idea', { name: '', email: 'ada@example.com', idea: 'Sunday gratitude\u0000 circles' })).location).toBe('/future/#idea-idea-unstorable');
    expect((await postForm(h, 'partnership', { name: 'Pat', email: 'pat@example.com', message: 'We host breathwork retreats\u0000 in Lisbon.' }, '192.0.2.9')).location).toBe(
      '/future/#partnership-message-unstorable',
    );
    expect((await postForm(h, 'early-access', { email: 'ada\u0000@example.com' }, '192.0.2.10')).location).toBe('/future/#early-access-email-invalid');
    expect(db.requests).toHaveLength(0);
  });
});

describe('forms: the flood test', () => {
  it('500 posts from one address in a minute store at most the limit; another address in the same minute is stored', async () => {
    let clock = Date.parse('2026-11-24T10:00:00Z');
    const h = createFormsHandler({ now: () => clock });
    const statuses: number[] = [];
    for (let i = 0; i < 500; i++) {
      clock += 100; // 500 posts over 50 seconds
      const res = await postJson(h, 'idea', { email: `bot${i}@example.com`, idea: `Cheap followers, offer number ${i}`, elapsed: 2000 }, '203.0.113.66');
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(IP_LIMIT.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(500 - IP_LIMIT.limit);
    expect(db.tables.community_ideas).toHaveLength(IP_LIMIT.limit);

    const visitor = await postJson(h, 'idea', IDEA, '198.51.100.23');
    expect(visitor.status).toBe(201);
    expect(db.tables.community_ideas).toHaveLength(IP_LIMIT.limit + 1);
    expect(db.tables.community_ideas?.at(-1)).toMatchObject({ email: 'ada@example.com' });

    // A minute after its first post, the flooding address has room again, up to the limit.
    clock += 60_000;
    expect((await postJson(h, 'idea', { email: 'late@example.com', idea: 'A real idea, after all', elapsed: 2000 }, '203.0.113.66')).status).toBe(201);
  });

  it('the same email from many addresses is stored at most its own limit per form', async () => {
    let clock = 0;
    const h = createFormsHandler({ now: () => clock });
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      clock += 1000;
      statuses.push((await postJson(h, 'partnership', PARTNERSHIP, `10.0.${i}.1`)).status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(EMAIL_LIMIT.limit);
    expect(db.tables.partnership_requests).toHaveLength(EMAIL_LIMIT.limit);
    // Another form is its own budget.
    expect((await postJson(h, 'idea', { ...IDEA, email: PARTNERSHIP.email }, '10.9.9.9')).status).toBe(201);
    const limited = await postJson(h, 'partnership', PARTNERSHIP, '10.9.9.10');
    expect(limited.body).toMatchObject({ error: 'Too many submissions. Please wait a few minutes and try again.', code: 'limited' });
  });

  it('refuses the honeypot and a sub-second submit without storing, as JSON and as a form post', async () => {
    const h = createFormsHandler();
    expect((await postJson(h, 'idea', { ...IDEA, website: 'http://spam.example' })).status).toBe(400);
    expect((await postJson(h, 'idea', { ...IDEA, elapsed: MIN_FILL_MS - 1 })).status).toBe(400);
    expect((await postJson(h, 'idea', { ...IDEA, elapsed: 'soon' })).status).toBe(400);
    expect((await postForm(h, 'early-access', { email: 'bot@example.com', website: 'x' })).location).toBe('/future/#early-access-failed');
    expect((await postForm(h, 'partnership', { ...PARTNERSHIP, elapsed: '120' } as unknown as Record<string, string>)).location).toBe('/future/#partnership-failed');
    expect(db.requests).toHaveLength(0);
    expect(logs.all()).toMatch(/refused \(honeypot\)/);
    expect(logs.all()).toMatch(/refused \(too-fast\)/);
    // A post without a time (JavaScript off) is not refused for it.
    expect((await postForm(h, 'early-access', { email: 'person@example.com', website: '' })).location).toBe('/future/#early-access-thanks');
  });
});
