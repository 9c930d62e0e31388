/**
 * GET /api/content/<product>/<item>, the content gate, against the Auth emulator, the local
 * PostgREST endpoint over PGlite with our migrations (the member's subscription and purchases) and the Stripe double (the webhook that
 * records a purchase and its refund): 401, 403 with how to get access, 404, 405, 503 (kept by no
 * cache) and 200 with `Cache-Control: private, no-cache` (the member's own browser may keep it
 * for offline reading, as the service worker's rules say; a shared cache never); a refund or an ended subscription closes the door at
 * the next request; nothing a caller sends reaches the database; no lesson text is logged.
 * Every verified token is first checked against the account and its tombstone (_shared/auth.ts:
 * a read of deleted_members by the uid's hash); `accessReads` are the gate's own reads, after it.
 * A paid lesson served counts its member once a Berlin month as having opened a lesson
 * (private.course_openings, for the owner's numbers); a refusal or a preview counts nothing, and a
 * count that fails or is slow is logged while the lesson is served.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import handler, { config } from '../../netlify/functions/content.mts';
import webhook from '../../netlify/functions/stripe-webhook.mts';
import generated from '../../netlify/functions/_generated/gated-content.json';
import catalogue from '../../src/content/catalogue.json';
import { COURSE_PRICE_ID } from '../../src/features/course/outline';
import { mayKeep } from '../../integrations/service-worker/rules.js';
import type { LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import { stripePriceId, type StripeDouble } from '../../local-platform/stripe/stripe-standin';
import { call, createEmulatorUser, expectNoLeak, type EmulatorUser, type LogSpies } from '../support/functions';
import { memberHash } from '../../netlify/functions/_shared/deleted-members';
import { withStandIns } from '../support/stand-ins';
import { OPENING_WAIT_MS } from '../../src/features/course/server/openings';

type Lesson = { preview: boolean; title: string; html: string; order: number };
const lessons = Object.entries(generated.course as Record<string, Lesson>).sort(([, a], [, b]) => a.order - b.order);
const [previewSlug, preview] = lessons.find(([, l]) => l.preview)!;
const [paidSlug, paid] = lessons.find(([, l]) => !l.preview)!;
const SECRET = 'whsec_test_double_secret';
const BUY_OR_ALCHEMIST = 'This lesson is part of the Master Alchemist Course. Buy the course for lifetime access, or join the Alchemist plan, which includes it.';

let db: LocalSupabase;
let stripe: StripeDouble;
let logs: LogSpies;
let member: EmulatorUser;

/** The database reads of the gate itself (not the session check's read of the tombstone). */
const accessReads = () => db.requests.filter((r) => r.table !== 'deleted_members');
const read = (slug: string, who: EmulatorUser | null = member, method = 'GET', product = 'course') =>
  call(handler, `/api/content/${product}/${slug}`, { method, headers: who ? { authorization: `Bearer ${who.idToken}` } : {} });
const alchemist = (memberId: string, status = 'active') => {
  db.tables.stripe_customers = [{ user_id: memberId, customer_id: 'cus_gate' }];
  db.tables.stripe_subscriptions = [{ customer_id: 'cus_gate', price_id: 'price_alchemist_monthly', subscription_status: status }];
};

withStandIns({ stripe: { catalogue }, db: true, env: { STRIPE_WEBHOOK_SECRET: SECRET } }, (standIns, spies) => {
  ({ db, stripe } = standIns);
  logs = spies;
});
beforeAll(async () => {
  member = await createEmulatorUser();
});
afterEach(() => {
  // No log line ever carries a lesson's text.
  expect(logs.all()).not.toContain(paid.html.slice(0, 60));
});

describe('content gate', () => {
  it('is served at /api/content/:product/:item with a rate limit, for every method (so a wrong one gets its 405)', () => {
    expect(config.path).toBe('/api/content/:product/:item');
    expect(config.method).toBeUndefined();
    expect(config.rateLimit?.aggregateBy).toEqual(['ip', 'domain']);
  });

  it('answers an Alchemist the lesson, for their own browser only: the worker may keep it, a shared cache never', async () => {
    alchemist(member.memberId);
    const res = await read(paidSlug);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(mayKeep({ ok: true, headers: res.headers }, true)).toBe(true);
    expect(res.body).toMatchObject({ product: 'course', item: paidSlug, title: paid.title, html: paid.html, preview: false });
    expect(paid.html).toMatch(/<h2[^>]*>(Practice|Reflection)/);
  });

  it('answers 403 with how to get access to an Explorer and an Adventurer, and the body is not in the answer', async () => {
    const explorer = await read(paidSlug);
    expect(explorer.status).toBe(403);
    expect(explorer.body).toEqual({ error: BUY_OR_ALCHEMIST });
    expect(explorer.headers.get('cache-control')).toBe('private, no-store');
    expect(mayKeep({ ok: true, headers: explorer.headers }, true)).toBe(false);
    db.tables.stripe_customers = [{ user_id: member.memberId, customer_id: 'cus_gate' }];
    db.tables.stripe_subscriptions = [{ customer_id: 'cus_gate', price_id: 'price_adventurer_monthly', subscription_status: 'active' }];
    const adventurer = await read(paidSlug);
    expect(adventurer.status).toBe(403);
    expect(adventurer.text).not.toContain(paid.html.slice(0, 40));
  });

  it('opens the free preview to any signed-in member without reading the database', async () => {
    const res = await read(previewSlug);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ item: previewSlug, html: preview.html, preview: true });
    expect(accessReads()).toEqual([]);
  });

  it('closes the door at the next request once the subscription has ended', async () => {
    alchemist(member.memberId);
    expect((await read(paidSlug)).status).toBe(200);
    db.tables.stripe_subscriptions = [{ ...db.tables.stripe_subscriptions![0]!, subscription_status: 'canceled' }];
    expect((await read(paidSlug)).status).toBe(403);
  });

  it('opens the course to a buyer, and closes it at the next request once Stripe refunds the purchase', async () => {
    const sdk = new Stripe(stripe.env.STRIPE_SECRET_KEY, { host: stripe.env.STRIPE_API_HOST, port: Number(stripe.env.STRIPE_API_PORT), protocol: 'http' });
    const session = await sdk.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: stripePriceId(COURSE_PRICE_ID), quantity: 1 }],
      client_reference_id: member.memberId,
      success_url: 'http://localhost:4321/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:4321/masteralchemist',
      metadata: { firebase_uid: member.memberId },
    });
    stripe.complete(session.id, 'paid');
    const deliver = async (event: { signature: string; body: string }) =>
      call(webhook, '/api/stripe-webhook', { method: 'POST', headers: { 'stripe-signature': event.signature, 'content-type': 'application/json' }, body: event.body });
    expect((await deliver(stripe.event('checkout.session.completed', { ...stripe.sessions.get(session.id), items: undefined }, SECRET))).status).toBe(200);
    expect((await read(paidSlug)).status).toBe(200);

    expect((await deliver(stripe.event('charge.refunded', stripe.refund(session.id), SECRET))).status).toBe(200);
    const after = await read(paidSlug);
    expect(after.status).toBe(403);
    expect(after.body).toEqual({ error: BUY_OR_ALCHEMIST });
  });

  it.each<[string, () => ReturnType<typeof read>, number]>([
    ['no token', () => read(paidSlug, null), 401],
    ['a malformed token', () => call(handler, `/api/content/course/${paidSlug}`, { headers: { authorization: 'Bearer not.a.token' } }), 401],
    ['an Authorization header that is not a bearer token', () => call(handler, `/api/content/course/${paidSlug}`, { headers: { authorization: 'Basic abc' } }), 401],
    ['an unknown lesson', () => read('no-such-lesson'), 404],
    ['an unknown product', () => read(paidSlug, member, 'GET', 'no-such-product'), 404],
    ['a product name that is an object key', () => read('toString', member, 'GET', 'constructor'), 404],
    ['an item with a path in it', () => call(handler, '/api/content/course/..%2F..%2Fetc', { headers: { authorization: `Bearer ${member.idToken}` } }), 404],
    ['an over-long item', () => read('a'.repeat(200)), 404],
    ['POST', () => read(paidSlug, member, 'POST'), 405],
    ['DELETE', () => read(paidSlug, member, 'DELETE'), 405],
  ])('answers %s with its status (%#), before any database read', async (_name, request, status) => {
    const res = await request();
    expect(res.status).toBe(status);
    // A refusal is kept by no cache (and removes the worker's kept copy: dropsKeptCopy).
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    expect(accessReads()).toEqual([]);
    expectNoLeak(res.text);
    expect(res.text).not.toContain(paid.html.slice(0, 40));
  });

  it('answers a wrong method with 405 and Allow: GET', async () => {
    const res = await read(paidSlug, member, 'PUT');
    expect(res.headers.get('allow')).toBe('GET');
  });

  it('queries the database with the verified uid only', async () => {
    alchemist(member.memberId);
    await read(paidSlug);
    expect(db.requests.map((r) => `${r.method} ${r.table}`).sort()).toEqual([
      'GET deleted_members',
      'GET purchases',
      'GET stripe_customers',
      'GET stripe_subscriptions',
      // The lesson served: its member counted as having opened one this month (by the verified uid).
      'POST rpc/course_count_opening',
    ]);
    expect(db.requestsTo('POST', 'rpc/course_count_opening')[0]!.body).toEqual({ member: member.memberId, opened_at: expect.any(String) });
    // The session check's tombstone read: by the uid's SHA-256, nothing from the path.
    expect(Object.entries(db.requestsTo('GET', 'deleted_members')[0]!.query).filter(([k]) => k !== 'select')).toEqual([['uid_sha256', `eq.${memberHash(member.memberId)}`]]);
    for (const r of accessReads().filter((r) => r.method === 'GET')) {
      const filters = Object.entries(r.query).filter(([k]) => !['select', 'limit'].includes(k));
      expect(filters).toEqual([[r.table === 'stripe_subscriptions' ? 'customer_id' : 'user_id', `eq.${r.table === 'stripe_subscriptions' ? 'cus_gate' : member.memberId}`]]);
    }
  });

  it('answers 503 with a message and one log line when the database fails', async () => {
    db.fail('purchases', 'GET', 500, 'XX000');
    const down = await read(paidSlug);
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ error: 'Your access could not be checked just now: our database is not answering. Please try again in a moment.' });
    expect(logs.error.mock.calls).toHaveLength(1);
    expectNoLeak(down.text);
  });
});

describe('members who opened a lesson (the owner’s numbers)', () => {
  /** This month in Berlin, as the owner's numbers count months. */
  const berlinMonth = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit' }).format(new Date());
  const openings = () => db.query<{ key: string; month: string }>(`select key, to_char(month, 'YYYY-MM') as month from private.course_openings`);
  beforeEach(async () => {
    // The endpoint's reset empties the API's tables; the private one is emptied here.
    await db.query('delete from private.course_openings');
  });

  it('counts a member with the course once in the month, however many lessons they open', async () => {
    alchemist(member.memberId);
    expect((await read(paidSlug)).status).toBe(200);
    expect((await read(paidSlug)).status).toBe(200);
    const [otherSlug] = lessons.filter(([, l]) => !l.preview)[1]!;
    expect((await read(otherSlug)).status).toBe(200);
    const rows = await openings();
    expect(rows).toEqual([{ key: expect.stringMatching(/^[0-9a-f]{64}$/), month: berlinMonth() }]);
    // What is stored does not name the member.
    expect(JSON.stringify(rows)).not.toContain(member.memberId);
    expect(logs.error).not.toHaveBeenCalled();
  });

  it('counts nothing for a refusal (no access, no token, a bad token) or a free preview', async () => {
    expect((await read(paidSlug)).status).toBe(403); // an Explorer
    expect((await read(paidSlug, null)).status).toBe(401);
    expect((await call(handler, `/api/content/course/${paidSlug}`, { headers: { authorization: 'Bearer not.a.token' } })).status).toBe(401);
    expect((await read(previewSlug)).status).toBe(200);
    expect(await openings()).toEqual([]);
    expect(db.requestsTo('POST', 'rpc/course_count_opening')).toEqual([]);
  });

  it('serves the lesson when the count fails, with one log line', async () => {
    alchemist(member.memberId);
    await db.query('revoke execute on function public.course_count_opening(text, timestamptz) from service_role');
    try {
      const res = await read(paidSlug);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ item: paidSlug, html: paid.html });
    } finally {
      await db.query('grant execute on function public.course_count_opening(text, timestamptz) to service_role');
    }
    expect(await openings()).toEqual([]);
    expect(logs.error.mock.calls).toHaveLength(1);
    expect(String(logs.error.mock.calls[0]![0])).toMatch(/^\[content\] served course, not recorded \(course_count_opening.*42501/);
  });

  it('serves the lesson when the count is slow, without waiting past its limit', async () => {
    alchemist(member.memberId);
    db.fail('rpc/course_count_opening', 'POST', 0, '', { delayMs: OPENING_WAIT_MS + 2000 });
    const started = Date.now();
    const res = await read(paidSlug);
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(OPENING_WAIT_MS + 1500);
    expect(logs.error.mock.calls).toHaveLength(1);
    expect(String(logs.error.mock.calls[0]![0])).toMatch(/^\[content\] served course, not recorded/);
  });
});
