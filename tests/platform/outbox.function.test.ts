/**
 * The outbox (netlify/functions/_shared/email/outbox.ts) and the hourly run
 * (netlify/functions/email-outbox.mts) against the email stand-in and the local database: each
 * message is sent once on its trigger and never again on a repeat, a duplicate, a second run,
 * two runs at once, or a crash between the provider's answer and its recording; a provider 5xx
 * is tried again by the next run, a few times, then given up and logged once; without email
 * settings nothing is queued and one line says so.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import run, { config } from '../../netlify/functions/email-outbox.mts';
import { MAX_ATTEMPTS, STALE_CLAIM_MS } from '../../netlify/functions/_shared/email/outbox';
import { queueEmail } from '../../netlify/functions/_registry/emails';
import { adminDb, supabaseAdmin } from '../../netlify/functions/_shared/supabase';
import type { EmailStandIn } from '../../local-platform/email/email-standin';
import type { LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import { call, type LogSpies } from '../support/functions';
import { expectWellFormed } from '../support/email';
import { withStandIns } from '../support/stand-ins';

let inbox: EmailStandIn;
let db: LocalSupabase;
let logs: LogSpies;

const ADA = 'uid_ada';
const purchase = (ref = 'cs_test_1') => ({ member: ADA, ref, params: { priceId: 'price_app_stillpoint', orderRef: ref } });
const outbox = () => db.tables.email_outbox ?? [];
const scheduledRun = () => call(run, '/.netlify/functions/email-outbox', { method: 'POST', body: { next_run: '2026-11-26T11:00:00.000Z' } });

withStandIns({ db: true, inbox: true }, (standIns, spies) => {
  ({ inbox, db } = standIns);
  logs = spies;
});
beforeEach(() => {
  db.tables.profiles = [{ id: ADA, email: 'ada@example.com', full_name: 'Ada Lovelace', membership_tier: 'Explorer', email_verified: true }];
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('queueEmail', () => {
  it('records the key, then sends the message at once; the row says what was sent, when and to whom', async () => {
    expect(await queueEmail(supabaseAdmin(), 'purchase_confirmation', purchase())).toBe('sent');
    expect(inbox.messages).toHaveLength(1);
    const [message] = inbox.messages;
    expect(message).toMatchObject({ to: ['ada@example.com'], from: 'Inner Alchemy <hello@inneralchemy.coach>', reply_to: ['support@inneralchemy.coach'], subject: 'Stillpoint is yours' });
    expectWellFormed(message!);
    expect(message!.text).toContain('Hi Ada,');
    expect(message!.text).toContain('cs_test_1');
    expect(outbox()).toMatchObject([{ kind: 'purchase_confirmation', user_id: ADA, ref: 'cs_test_1', status: 'sent', attempts: 1, recipient: 'ada@example.com', subject: 'Stillpoint is yours', provider_id: message!.id, last_error: null }]);
    // The key was on record before the provider was called: the first request to the database
    // is the insert, then the claim, and the provider's call carries the row's id.
    expect(db.requests.filter((r) => r.table === 'email_outbox').map((r) => r.method).slice(0, 2)).toEqual(['POST', 'PATCH']);
    expect(inbox.requests).toEqual([expect.objectContaining({ status: 200, idempotencyKey: `outbox/${outbox()[0]!.id}` })]);
    expect(logs.lines()).toBe(0);
  });

  it('sends nothing for the same key again (a retried webhook, a duplicate event), nor for two at once', async () => {
    const results = await Promise.all([1, 2, 3].map(() => queueEmail(supabaseAdmin(), 'purchase_confirmation', purchase())));
    expect(results.filter((r) => r === 'sent')).toHaveLength(1);
    expect(results.filter((r) => r === 'duplicate')).toHaveLength(2);
    expect(await queueEmail(supabaseAdmin(), 'purchase_confirmation', purchase())).toBe('duplicate');
    expect(inbox.messages).toHaveLength(1);
    expect(outbox()).toHaveLength(1);
    // Another purchase is another message.
    expect(await queueEmail(supabaseAdmin(), 'purchase_confirmation', purchase('cs_test_2'))).toBe('sent');
    expect(inbox.messages).toHaveLength(2);
  });

  it('a provider 5xx leaves the message failed (no log yet); the next run sends it, and a second run sends nothing', async () => {
    inbox.fail(503);
    expect(await queueEmail(supabaseAdmin(), 'purchase_confirmation', purchase())).toBe('failed');
    expect(inbox.messages).toHaveLength(0);
    expect(outbox()).toMatchObject([{ status: 'failed', attempts: 1, last_error: '503 application_error', sent_at: null }]);
    expect(logs.lines()).toBe(0);

    const first = await scheduledRun();
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ sent: 1, failed: 0, given_up: 0, skipped: 0, left: 0, waiting: 0, waiting_due: 0 });
    expect(inbox.messages).toHaveLength(1);
    expect(outbox()).toMatchObject([{ status: 'sent', attempts: 2, last_error: null }]);

    expect((await scheduledRun()).body).toEqual({ sent: 0, failed: 0, given_up: 0, skipped: 0, left: 0, waiting: 0, waiting_due: 0 });
    expect(inbox.messages).toHaveLength(1);
    // Both attempts used the same idempotency key.
    expect(new Set(inbox.requests.map((r) => r.idempotencyKey)).size).toBe(1);
  });

  it('gives up after MAX_ATTEMPTS failures and logs it once, without an address', async () => {
    inbox.fail(500, 100);
    expect(await queueEmail(supabaseAdmin(), 'purchase_confirmation', purchase())).toBe('failed');
    for (let run = 1; run < MAX_ATTEMPTS; run++) await scheduledRun();
    expect(outbox()).toMatchObject([{ status: 'given_up', attempts: MAX_ATTEMPTS, last_error: '500 application_error' }]);
    expect(inbox.requests).toHaveLength(MAX_ATTEMPTS);
    await scheduledRun();
    await scheduledRun();
    expect(inbox.requests).toHaveLength(MAX_ATTEMPTS);
    expect(logs.lines()).toBe(1);
    expect(logs.all()).toMatch(/\[email\] gave up on a purchase_confirmation message \(outbox [0-9a-f-]{36}\) after 4 attempts: 500 application_error/);
    expect(logs.all()).not.toContain('ada@example.com');
    expect(logs.all()).not.toContain('Stillpoint');
  });

  it('a message the provider refuses (422) is given up at once and logged once', async () => {
    inbox.fail(422);
    expect(await queueEmail(supabaseAdmin(), 'purchase_confirmation', purchase())).toBe('given_up');
    await scheduledRun();
    expect(inbox.requests).toHaveLength(1);
    expect(logs.lines()).toBe(1);
  });

  it('a member without a verified address on record is skipped, not tried again', async () => {
    db.tables.profiles = [...db.tables.profiles!, { id: 'uid_unproven', email: 'typed@example.com', full_name: 'Una', membership_tier: 'Explorer', email_verified: false }];
    expect(await queueEmail(supabaseAdmin(), 'purchase_confirmation', { ...purchase(), member: 'uid_nobody' })).toBe('skipped');
    expect(await queueEmail(supabaseAdmin(), 'purchase_confirmation', { ...purchase('cs_test_2'), member: 'uid_unproven' })).toBe('skipped');
    await scheduledRun();
    expect(inbox.requests).toHaveLength(0);
    expect(outbox()).toMatchObject([
      { status: 'skipped', last_error: 'no verified address on record' },
      { status: 'skipped', last_error: 'no verified address on record' },
    ]);
    expect(inbox.requests).toHaveLength(0);
  });

  it('a deleted member’s anonymised records send nothing and record nothing', async () => {
    expect(await queueEmail(supabaseAdmin(), 'access_ending', { member: 'deleted:0a1b', ref: 'cs_x', params: {} })).toBe('skipped');
    await db.settled();
    expect(outbox()).toEqual([]);
    expect(db.requestsTo('POST', 'email_outbox')).toEqual([]);
  });
});

describe('a crash between the provider’s answer and its recording', () => {
  it('leaves the claim; the run after it takes it again with the same key, and the provider sends nothing twice', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T10:00:00Z') });
    // The function stops right after the provider accepted: its next call to the database never arrives.
    const stopsAfterSending: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (inbox.messages.length > 0 && url.includes('/rest/v1/email_outbox') && init?.method === 'PATCH') throw new TypeError('fetch failed');
      return fetch(input, init);
    };
    const crashing = adminDb(db.env.SUPABASE_URL, db.env.SUPABASE_SERVICE_ROLE_KEY, stopsAfterSending);
    expect(await queueEmail(crashing, 'purchase_confirmation', purchase())).toBe('failed');
    expect(inbox.messages).toHaveLength(1);
    expect(outbox()).toMatchObject([{ status: 'sending', attempts: 1 }]);

    // A run while the claim is fresh leaves it (its sender may still be at work).
    expect((await scheduledRun()).body).toMatchObject({ sent: 0 });
    vi.setSystemTime(new Date(Date.now() + STALE_CLAIM_MS + 60_000));
    expect((await scheduledRun()).body).toMatchObject({ sent: 1 });
    expect(outbox()).toMatchObject([{ status: 'sent', attempts: 2 }]);
    expect(inbox.messages).toHaveLength(1);
    expect(inbox.requests.map((r) => r.status)).toEqual([200, 200]);
    expect(inbox.requests[0]!.idempotencyKey).toBe(inbox.requests[1]!.idempotencyKey);
  });
});

describe('the hourly run', () => {
  it('is a scheduled function, refuses GET, and two runs at once send each waiting message once', async () => {
    expect(config).toEqual({ schedule: '@hourly' });
    expect((await call(run, '/.netlify/functions/email-outbox')).status).toBe(405);
    inbox.fail(503, 3);
    for (const ref of ['cs_a', 'cs_b', 'cs_c']) await queueEmail(supabaseAdmin(), 'purchase_confirmation', purchase(ref));
    expect(inbox.messages).toHaveLength(0);
    const [a, b] = await Promise.all([scheduledRun(), scheduledRun()]);
    expect((a.body as { sent: number }).sent + (b.body as { sent: number }).sent).toBe(3);
    expect(inbox.messages.map((m) => m.text?.match(/cs_[abc]/)?.[0]).sort()).toEqual(['cs_a', 'cs_b', 'cs_c']);
    await scheduledRun();
    expect(inbox.messages).toHaveLength(3);
  });

  it('answers 503 without the database', async () => {
    delete process.env.SUPABASE_URL;
    const res = await scheduledRun();
    expect(res.status).toBe(503);
  });
});

describe('without email settings', () => {
  it('queues nothing and says so once, naming the variables; the run answers configured: false', async () => {
    vi.resetModules();
    delete process.env.RESEND_API_KEY;
    const fresh = await import('../../netlify/functions/_registry/emails');
    const { supabaseAdmin: admin } = await import('../../netlify/functions/_shared/supabase');
    expect(await fresh.queueEmail(admin(), 'purchase_confirmation', purchase())).toBe('not configured');
    expect(await fresh.queueEmail(admin(), 'purchase_confirmation', purchase('cs_test_2'))).toBe('not configured');
    expect(outbox()).toEqual([]);
    expect(logs.lines()).toBe(1);
    expect(logs.all()).toContain('[email] not configured (RESEND_API_KEY unset)');
    const freshRun = (await import('../../netlify/functions/email-outbox.mts')).default;
    expect((await call(freshRun, '/.netlify/functions/email-outbox', { method: 'POST', body: {} })).body).toEqual({ configured: false });
    expect(logs.lines()).toBe(1);
  });
});
