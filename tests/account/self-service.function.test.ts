/**
 * The member's own account functions: the billing portal, exporting their data and deleting
 * their account, against the Stripe double, the local database (PGlite behind the PostgREST
 * endpoint) and the Auth emulator.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import portal, { config as portalConfig, NO_BILLING_ACCOUNT } from '../../netlify/functions/billing-portal.mts';
import exporter, { config as exportConfig } from '../../netlify/functions/account-export.mts';
import remover, { anonymisedMemberId, config as deleteConfig } from '../../netlify/functions/account-delete.mts';
import type { DoubleSubscription, StripeDouble } from '../../local-platform/stripe/stripe-standin';
import type { LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import { memberHash } from '../../netlify/functions/_shared/deleted-members';
import { call, createEmulatorUser, emulatorHost, expectNoLeak, SITE, type EmulatorUser, type LogSpies } from '../support/functions';
import { withStandIns } from '../support/stand-ins';
import { emptyExport } from '../support/member-data';

let stripe: StripeDouble;
let db: LocalSupabase;
let logs: LogSpies;

withStandIns({ stripe: {}, db: true }, (standIns, spies) => {
  ({ stripe, db } = standIns);
  logs = spies;
});
beforeEach(() => {
  stripe.subscriptions.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

const bearer = (m: EmulatorUser) => ({ authorization: `Bearer ${m.idToken}` });

function subscription(id: string, customer: string, status = 'active'): DoubleSubscription {
  return {
    id,
    object: 'subscription',
    customer,
    status,
    cancel_at_period_end: false,
    items: { object: 'list', data: [{ id: `si_${id}`, object: 'subscription_item', price: { id: 'price_1Dbl_adventurer_monthly', object: 'price' } }] },
    default_payment_method: null,
  };
}

const SESSION_ID = '5e55e55e-0000-4000-8000-000000000001';
const signupIds = new Map<string, string>();
/** A signup's id (a uuid, as the table makes them), the same for a customer throughout a test file. */
function signupId(customer: string): string {
  if (!signupIds.has(customer)) signupIds.set(customer, crypto.randomUUID());
  return signupIds.get(customer) ?? '';
}

/** A member with a Stripe customer, a subscription row, a profile, a signup and a purchase. */
async function memberWithData(customer: string) {
  const member = await createEmulatorUser();
  db.tables.profiles = [...(db.tables.profiles ?? []), { id: member.memberId, email: member.email, full_name: 'Ada', membership_tier: 'Adventurer', email_verified: true }];
  db.tables.stripe_customers = [...(db.tables.stripe_customers ?? []), { user_id: member.memberId, customer_id: customer }];
  db.tables.stripe_subscriptions = [
    ...(db.tables.stripe_subscriptions ?? []),
    { customer_id: customer, subscription_id: `sub_${customer}`, price_id: 'price_adventurer_monthly', subscription_status: 'active' },
  ];
  db.tables.coaching_sessions = [{ id: SESSION_ID, starts_at: '2099-01-29T17:00:00Z', ends_at: '2099-01-29T18:00:00Z', max_spots: 10 }];
  db.tables.coaching_session_signups = [
    ...(db.tables.coaching_session_signups ?? []),
    { id: signupId(customer), user_id: member.memberId, session_id: SESSION_ID, name: 'Ada', email: member.email, created_at: '2026-01-01T00:00:00Z' },
  ];
  db.tables.purchases = [
    ...(db.tables.purchases ?? []),
    { checkout_session_id: `cs_${customer}`, user_id: member.memberId, price_id: 'price_app_stillpoint', product_type: 'app', amount: 2900, currency: 'usd', status: 'paid' },
  ];
  // The Lounge: a breathing session, a journal page, a place in a story.
  db.tables.breathing_sessions = [...(db.tables.breathing_sessions ?? []), { user_id: member.memberId, pattern: 'box', seconds: 60, finished_at: '2026-11-25T07:00:00Z' }];
  db.tables.bloom_pages = [
    ...(db.tables.bloom_pages ?? []),
    { user_id: member.memberId, day: '2026-11-25', gratitude_1: `Grateful ${customer}`, gratitude_2: '', gratitude_3: '', prompt_text: '', answer: '' },
  ];
  db.tables.story_places = [...(db.tables.story_places ?? []), { user_id: member.memberId, story: 'the-night-garden', sentence: 7 }];
  // Rise Mode's day and own statement, Mindstage's scene and rehearsal, The Reset Room's reset.
  const add = (table: string, row: Record<string, unknown>) => (db.tables[table] = [...(db.tables[table] ?? []), { user_id: member.memberId, ...row }]);
  add('rise_days', { day: '2026-11-25', intention: `Intention ${customer}`, statement_text: 'I can feel nervous and still do the thing.', brave_action: '', lived: 'yes', note: 'I did.' });
  add('rise_statements', { text: `My words ${customer}`, created_at: '2026-11-25T07:00:00Z' });
  add('rehearsal_scenarios', { id: crypto.randomUUID(), title: 'Asking for a raise', scene: 'Her office.', going_well: 'I make my case.', coping: 'I ask again.', created_at: '2026-11-25T07:00:00Z' });
  add('rehearsals', { scenario: 'a-phone-call', suds_before: 7, suds_after: 4, finished_at: '2026-11-25T07:00:00Z' });
  add('resets', { feeling: 'anxiety', reset: 'stop-pause', intensity_before: 8, intensity_after: 5, finished_at: '2026-11-25T07:00:00Z' });
  return member;
}

describe('billing-portal', () => {
  const open = (headers: Record<string, string>) => call(portal, '/api/billing-portal', { method: 'POST', headers });

  it('is served at /api/billing-portal with a rate limit per ip and domain', () => {
    expect(portalConfig.path).toBe('/api/billing-portal');
    expect(portalConfig.rateLimit?.aggregateBy).toEqual(['ip', 'domain']);
  });

  it("opens the portal for the member's own customer and returns to this site's dashboard", async () => {
    const member = await memberWithData('cus_portal_1');
    stripe.subscriptions.set('sub_cus_portal_1', subscription('sub_cus_portal_1', 'cus_portal_1'));
    const res = await open(bearer(member));
    expect(res.status).toBe(200);
    const [session] = stripe.portalSessions;
    expect(session?.id).toMatch(/^bps_/);
    expect(res.body).toEqual({ url: session?.url });
    expect(stripe.requestsTo('POST /v1/billing_portal/sessions')[0]?.form).toEqual({ customer: 'cus_portal_1', return_url: `${SITE}/dashboard` });
    expect(db.requestsTo('GET', 'stripe_customers')[0]?.query).toMatchObject({ user_id: `eq.${member.memberId}` });
  });

  it('says there is no billing account yet for a member who never bought anything', async () => {
    const member = await createEmulatorUser();
    const res = await open(bearer(member));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: NO_BILLING_ACCOUNT });
    expect(stripe.portalSessions).toHaveLength(0);
  });

  it('answers 502 with a safe message when Stripe refuses (an unknown customer), logged once', async () => {
    const member = await createEmulatorUser();
    db.tables.stripe_customers = [{ user_id: member.memberId, customer_id: 'cus_gone' }];
    const res = await open(bearer(member));
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: 'The billing portal could not be opened. Please try again.' });
    expectNoLeak(res.text);
    expect(logs.lines()).toBe(1);
    expect(logs.all()).toContain('No such customer');
  });

  it('refuses without a token, with a bad one, another method, and from another site', async () => {
    expect((await open({})).status).toBe(401);
    expect((await open({ authorization: 'Bearer nope' })).status).toBe(401);
    expect((await call(portal, '/api/billing-portal', { method: 'GET' })).status).toBe(405);
    const member = await createEmulatorUser();
    expect((await open({ ...bearer(member), origin: 'https://evil.example' })).status).toBe(403);
  });

  it('answers 503 when Stripe is not configured', async () => {
    delete process.env.STRIPE_SECRET_KEY;
    const member = await createEmulatorUser();
    expect((await open(bearer(member))).status).toBe(503);
  });
});

describe('account-export', () => {
  it('is served at /api/account-export with a rate limit', () => {
    expect(exportConfig.path).toBe('/api/account-export');
    expect(exportConfig.rateLimit?.aggregateBy).toEqual(['ip', 'domain']);
  });

  it("gives the member a JSON file of their own profile, signups, subscription and purchases, and nobody else's", async () => {
    const member = await memberWithData('cus_export_1');
    const other = await memberWithData('cus_export_2');
    const res = await call(exporter, '/api/account-export', { headers: bearer(member) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="inner-alchemy-my-data.json"');
    expect(res.body).toMatchObject({
      account: { id: member.memberId, email: member.email },
      profile: { id: member.memberId, full_name: 'Ada' },
      coaching_signups: [{ id: signupId('cus_export_1'), session_id: SESSION_ID, coaching_sessions: { date: '2099-01-29', time: '6:00 PM – 7:00 PM CET' } }],
      stripe_customer: { customer_id: 'cus_export_1' },
      subscription: { customer_id: 'cus_export_1', price_id: 'price_adventurer_monthly' },
      purchases: [{ checkout_session_id: 'cs_cus_export_1', price_id: 'price_app_stillpoint' }],
      stillpoint_sessions: [{ pattern: 'box', seconds: 60, finished_at: '2026-11-25T07:00:00+00:00' }], // as PostgREST prints a timestamptz
      bloom_book_pages: [{ day: '2026-11-25', gratitude_1: 'Grateful cus_export_1' }],
      whispers_story_places: [{ story: 'the-night-garden', sentence: 7 }],
      rise_mode_days: [{ day: '2026-11-25', intention: 'Intention cus_export_1', lived: 'yes', note: 'I did.' }],
      rise_mode_own_statements: [{ text: 'My words cus_export_1' }],
      mindstage_own_scenarios: [{ title: 'Asking for a raise', scene: 'Her office.' }],
      mindstage_rehearsals: [{ scenario: 'a-phone-call', suds_before: 7, suds_after: 4 }],
      reset_room_resets: [{ feeling: 'anxiety', reset: 'stop-pause', intensity_before: 8, intensity_after: 5 }],
    });
    expect(res.text).not.toContain(other.memberId);
    expect(res.text).not.toContain('cus_export_2');
  });

  it('exports an empty account as empty, and refuses without a token', async () => {
    const member = await createEmulatorUser();
    const res = await call(exporter, '/api/account-export', { headers: bearer(member) });
    expect(res.body).toMatchObject(emptyExport());
    expect((await call(exporter, '/api/account-export')).status).toBe(401);
  });

  it('answers 502 once-logged when the database fails', async () => {
    const member = await createEmulatorUser();
    db.fail('purchases', 'GET', 500, 'XX000');
    const res = await call(exporter, '/api/account-export', { headers: bearer(member) });
    expect(res.status).toBe(502);
    expectNoLeak(res.text);
    expect(logs.lines()).toBe(1);
  });
});

async function userExists(memberId: string): Promise<boolean> {
  const res = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: [memberId] }),
  });
  const data = (await res.json()) as { users?: unknown[] };
  return (data.users ?? []).length > 0;
}

describe('account-delete', () => {
  const remove = (headers: Record<string, string>, body: unknown = { confirm: 'DELETE' }) =>
    call(remover, '/api/account-delete', { method: 'POST', headers, body });

  it('is served at /api/account-delete with a rate limit', () => {
    expect(deleteConfig.path).toBe('/api/account-delete');
    expect(deleteConfig.rateLimit?.aggregateBy).toEqual(['ip', 'domain']);
  });

  it('cancels live subscriptions, deletes the rows, keeps purchases without the member id, and deletes the user', async () => {
    const member = await memberWithData('cus_del_1');
    const other = await memberWithData('cus_del_2');
    stripe.subscriptions.set('sub_live', subscription('sub_live', 'cus_del_1'));
    stripe.subscriptions.set('sub_old', subscription('sub_old', 'cus_del_1', 'canceled'));
    stripe.subscriptions.set('sub_other', subscription('sub_other', 'cus_del_2'));

    const res = await remove(bearer(member));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true });

    // Stripe: the live one cancelled now; the ended one and the other member's untouched.
    expect(stripe.requestsTo('DELETE /v1/subscriptions/sub_live')).toHaveLength(1);
    expect(stripe.requestsTo('DELETE /v1/subscriptions/sub_old')).toHaveLength(0);
    expect(stripe.subscriptions.get('sub_live')?.status).toBe('canceled');
    expect(stripe.subscriptions.get('sub_other')?.status).toBe('active');

    // The database: nothing of the member left but anonymous purchases; the other member intact.
    const mine = (table: string, column = 'user_id') => (db.tables[table] ?? []).filter((r) => r[column] === member.memberId);
    expect(mine('profiles', 'id')).toEqual([]);
    expect(mine('coaching_session_signups')).toEqual([]);
    expect(mine('stripe_customers')).toEqual([]);
    for (const table of ['breathing_sessions', 'bloom_pages', 'story_places', 'rise_days', 'rise_statements', 'rehearsal_scenarios', 'rehearsals', 'resets']) {
      expect(mine(table), table).toEqual([]);
      expect((db.tables[table] ?? []).filter((r) => r.user_id === other.memberId), table).toHaveLength(1);
    }
    expect((db.tables.stripe_subscriptions ?? []).map((r) => r.customer_id)).toMatchObject(['cus_del_2']);
    expect(mine('purchases')).toEqual([]);
    const kept = (db.tables.purchases ?? []).find((r) => r.checkout_session_id === 'cs_cus_del_1');
    expect(kept).toMatchObject({ user_id: anonymisedMemberId(member.memberId), amount: 2900, status: 'paid' });
    expect(String(kept?.user_id)).toMatch(/^deleted:[0-9a-f]{32}$/);
    expect((db.tables.profiles ?? []).map((r) => r.id)).toMatchObject([other.memberId]);
    expect((db.tables.purchases ?? []).find((r) => r.checkout_session_id === 'cs_cus_del_2')?.user_id).toBe(other.memberId);
    for (const request of db.requests.filter((r) => r.method !== 'GET' && r.table !== 'deleted_members' && r.table !== 'rpc/count_member_request')) {
      expect(Object.values(request.query).some((v) => v === `eq.${member.memberId}`), `${request.method} ${request.table}`).toBe(true);
    }
    // The per-member rate limit counted this member's request.
    expect(db.requestsTo('POST', 'rpc/count_member_request').map((r) => r.body)).toEqual([{ member: member.memberId, door: 'account-delete', window_seconds: 600 }]);
    // The tombstone, left before the rows went: the SHA-256 of the uid, nothing else of the member.
    expect(db.tables.deleted_members).toEqual([{ uid_sha256: memberHash(member.memberId), deleted_at: expect.any(String) }]);
    expect(db.requests.findIndex((r) => r.table === 'deleted_members')).toBeLessThan(db.requests.findIndex((r) => r.method === 'DELETE'));

    // Firebase: the sign-in is gone; the other member's stays.
    expect(await userExists(member.memberId)).toBe(false);
    expect(await userExists(other.memberId)).toBe(true);
  });

  it("expires the member's open Checkout Sessions first: a payment page left open can no longer be paid", async () => {
    const member = await memberWithData('cus_del_open');
    const session = (id: string, customer: string, status: 'open' | 'complete', mode = 'subscription') =>
      stripe.sessions.set(id, {
        id,
        object: 'checkout.session',
        mode,
        status,
        payment_status: status === 'complete' ? 'paid' : 'unpaid',
        customer,
        customer_email: null,
        client_reference_id: customer === 'cus_del_open' ? member.memberId : 'uid_someone_else',
        metadata: {},
        payment_intent: null,
        subscription: null,
        amount_total: 6900,
        currency: 'usd',
        created: Math.floor(Date.now() / 1000),
        success_url: `${SITE}/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${SITE}/products`,
        url: status === 'open' ? `${stripe.url}/pay/${id}` : null,
        items: [],
      });
    session('cs_open_plan', 'cus_del_open', 'open');
    session('cs_open_app', 'cus_del_open', 'open', 'payment');
    session('cs_paid_before', 'cus_del_open', 'complete', 'payment');
    session('cs_someone_else', 'cus_other_member', 'open');

    expect((await remove(bearer(member))).body).toEqual({ deleted: true });
    expect(stripe.requestsTo('GET /v1/checkout/sessions')[0]?.query).toMatchObject({ customer: 'cus_del_open', status: 'open' });
    expect(stripe.requests.filter((r) => r.path.endsWith('/expire')).map((r) => r.path).sort()).toEqual([
      '/v1/checkout/sessions/cs_open_app/expire',
      '/v1/checkout/sessions/cs_open_plan/expire',
    ]);
    expect(stripe.sessions.get('cs_open_plan')?.status).toBe('expired');
    expect(stripe.sessions.get('cs_someone_else')?.status).toBe('open');
    // The tab left open: Pay does nothing any more.
    const paid = await fetch(`${stripe.url}/pay/cs_open_plan`, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' });
    expect(paid.status).toBe(200);
    expect(stripe.sessions.get('cs_open_plan')).toMatchObject({ status: 'expired', subscription: null });
  });

  it('stops before deleting anything when an open Checkout Session cannot be expired, and says so', async () => {
    const member = await memberWithData('cus_del_stuck');
    stripe.fail('GET /v1/checkout/sessions', 500);
    const res = await remove(bearer(member));
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: 'A checkout you started could not be closed, so nothing was deleted. Please try again.' });
    expect((db.tables.profiles ?? []).some((r) => r.id === member.memberId)).toBe(true);
    expect(db.tables.deleted_members ?? []).toEqual([]);
    expect(await userExists(member.memberId)).toBe(true);
  });

  it('matches Postgres: the anonymised id is md5 of the member’s id', () => {
    expect(anonymisedMemberId('abc')).toBe('deleted:900150983cd24fb0d6963f7d28e17f72');
  });

  it('refuses a sign-in older than 5 minutes, deleting nothing', async () => {
    const member = await memberWithData('cus_del_3');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6 * 60 * 1000);
    const res = await remove(bearer(member));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Session token is too old; please sign in again' });
    vi.useRealTimers();
    expect((db.tables.profiles ?? []).some((r) => r.id === member.memberId)).toBe(true);
    expect(await userExists(member.memberId)).toBe(true);
  });

  it('needs the confirmation in the body', async () => {
    const member = await createEmulatorUser();
    expect((await remove(bearer(member), {})).status).toBe(400);
    expect((await remove(bearer(member), 'not json')).status).toBe(400);
    expect(await userExists(member.memberId)).toBe(true);
  });

  it('stops before deleting anything when Stripe cannot cancel, and says so', async () => {
    const member = await memberWithData('cus_del_4');
    stripe.subscriptions.set('sub_d4', subscription('sub_d4', 'cus_del_4'));
    stripe.fail('DELETE /v1/subscriptions/sub_d4', 500);
    const res = await remove(bearer(member));
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: 'Your subscription could not be cancelled, so nothing was deleted. Please try again.' });
    expectNoLeak(res.text);
    expect((db.tables.profiles ?? []).some((r) => r.id === member.memberId)).toBe(true);
    expect(db.requests.filter((r) => r.method === 'DELETE' || r.method === 'PATCH')).toEqual([]);
    expect(await userExists(member.memberId)).toBe(true);
    expect(logs.lines()).toBe(1);
  });

  // Without a service account (outside the emulator) the data is deleted and the answer is 503
  // NO_CREDENTIAL: id-tokens.test.ts, against a stand-in for Google rather than a mock.
});
