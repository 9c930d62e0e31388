/**
 * The email stand-in (local-platform/email/email-standin.ts) against what Resend documents for the call
 * the functions make, POST /emails: its key check, its field checks and their error shape, the
 * Idempotency-Key (a repeat sends nothing, another body under the key is refused), failures on
 * demand, and the inbox it keeps (GET /messages, newest first, and the inbox page).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmailStandIn, TEST_EMAIL_API_KEY, type EmailStandIn } from '../../local-platform/email/email-standin';

let inbox: EmailStandIn;
beforeAll(async () => {
  inbox = await startEmailStandIn();
});
afterAll(() => inbox.close());
beforeEach(() => inbox.reset());

const message = (overrides: Record<string, unknown> = {}) => ({
  from: 'Inner Alchemy <hello@inneralchemy.coach>',
  to: ['ada@example.com'],
  reply_to: 'support@inneralchemy.coach',
  subject: 'Stillpoint is yours',
  text: 'Hi Ada,',
  html: '<p>Hi Ada,</p>',
  ...overrides,
});

async function post(body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${inbox.url}/emails`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_EMAIL_API_KEY}`, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const messages = async () => (await (await fetch(`${inbox.url}/messages`)).json()) as { to: string[]; subject: string; text: string; html: string; headers: Record<string, string>; attachments: unknown[] }[];

describe('POST /emails, as Resend answers it', () => {
  it('accepts a message with an id and keeps it; GET /messages lists what was sent, newest first', async () => {
    const first = await post(message());
    expect(first).toEqual({ status: 200, body: { id: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    await post(message({ subject: 'Second', headers: { 'List-Unsubscribe': '<https://example.com/u>' }, attachments: [{ filename: 'a.ics', content: Buffer.from('BEGIN:VCALENDAR').toString('base64'), content_type: 'text/calendar' }] }));
    const list = await messages();
    expect(list.map((m) => m.subject)).toEqual(['Second', 'Stillpoint is yours']);
    expect(list[0]).toMatchObject({ to: ['ada@example.com'], headers: { 'List-Unsubscribe': '<https://example.com/u>' }, attachments: [{ filename: 'a.ics', content_type: 'text/calendar', size: 15 }] });
    expect(list[1]).toMatchObject({ text: 'Hi Ada,', html: '<p>Hi Ada,</p>', headers: {} });
  });

  it('refuses a request without a key (401 missing_api_key) or with another key (403 invalid_api_key), in Resend’s error shape', async () => {
    const none = await fetch(`${inbox.url}/emails`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(message()) });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ statusCode: 401, name: 'missing_api_key' });
    const wrong = await post(message(), { authorization: 'Bearer re_wrong' });
    expect(wrong).toMatchObject({ status: 403, body: { statusCode: 403, name: 'invalid_api_key' } });
    expect(await messages()).toEqual([]);
  });

  it.each([
    ['no to', { to: undefined }, 'missing_required_field'],
    ['no subject', { subject: undefined }, 'missing_required_field'],
    ['neither html nor text', { html: undefined, text: undefined }, 'missing_required_field'],
    ['a sender that is not an address', { from: 'Inner Alchemy' }, 'validation_error'],
    ['more than 50 recipients', { to: Array.from({ length: 51 }, (_, i) => `m${i}@example.com`) }, 'validation_error'],
    ['a header that is not text', { headers: { 'X-Count': 3 } }, 'validation_error'],
  ])('answers 422 for %s', async (_, overrides, name) => {
    expect(await post(message(overrides))).toMatchObject({ status: 422, body: { statusCode: 422, name } });
    expect(await messages()).toEqual([]);
  });

  it('an Idempotency-Key seen before with the same body answers the same id and sends nothing; another body under it is 409', async () => {
    const first = await post(message(), { 'idempotency-key': 'outbox/1' });
    const again = await post(message(), { 'idempotency-key': 'outbox/1' });
    expect(again).toEqual(first);
    expect(await messages()).toHaveLength(1);
    expect(await post(message({ subject: 'Changed' }), { 'idempotency-key': 'outbox/1' })).toMatchObject({ status: 409, body: { name: 'invalid_idempotent_request' } });
    expect(await post(message(), { 'idempotency-key': 'x'.repeat(257) })).toMatchObject({ status: 400, body: { name: 'invalid_idempotency_key' } });
    expect(await messages()).toHaveLength(1);
  });

  it('fails the next sends on demand (5xx: application_error), then works again; also over HTTP', async () => {
    inbox.fail(503, 2);
    expect(await post(message())).toMatchObject({ status: 503, body: { name: 'application_error' } });
    expect(await post(message())).toMatchObject({ status: 503 });
    expect((await post(message())).status).toBe(200);
    await fetch(`${inbox.url}/__fail`, { method: 'POST', body: JSON.stringify({ status: 500 }) });
    expect((await post(message())).status).toBe(500);
    expect((await post(message())).status).toBe(200);
    expect(inbox.requests.map((r) => r.status)).toEqual([503, 503, 200, 500, 200]);
    expect(await messages()).toHaveLength(2);
  });

  it('shows the inbox page with each message, and a message with its text and its HTML', async () => {
    await post(message({ html: '<p>Hello <b>there</b></p>', text: 'Hello there' }));
    const page = await (await fetch(`${inbox.url}/`)).text();
    expect(page).toContain('Stillpoint is yours');
    expect(page).toContain('ada@example.com');
    const [stored] = inbox.messages;
    const one = await (await fetch(`${inbox.url}/messages/${stored!.id}`)).text();
    expect(one).toContain('<pre>Hello there</pre>');
    expect(one).toContain('srcdoc="&lt;p&gt;Hello &lt;b&gt;there&lt;/b&gt;&lt;/p&gt;"');
  });
});
