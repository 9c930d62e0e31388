/**
 * Every request the site makes to the database, sent as the site sends it (the PostgREST client's query
 * builder, the calls copied from the code that makes them) to the local PostgREST-compatible
 * endpoint (local-platform/postgrest/postgrest.mjs) over this test's Postgres, in the order a visitor becomes
 * a paying member: the browser's reads and writes (the anon key or a member's token) and each
 * function's service-role calls. Each must succeed, on a project created today (only the
 * migrations' grants) and where grants are broad (local-platform/database/database.mjs), so a missing
 * grant or an over-strict policy fails here before it fails in production. What was stored is
 * read back as the owner (SQL), whatever the API roles may read.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { member, migratedDatabase, owner, rows, visitor } from '../support/db';
import { dataApiClient } from '../support/postgrest';
import { emptyExport } from '../support/member-data';
import type { AdminDb } from '../../netlify/functions/_shared/supabase';
import { anonymisedMemberId, deleteMemberData, exportMemberData } from '../../src/features/account/server/member-data';
import { readMemberAccess } from '../../src/features/commerce/server/member-access';

let db: PGlite;
/** The functions' service-role client, a visitor's (the anon key) and Ada's (her token). */
let functions: AdminDb;
let visitorClient: AdminDb;
let adaClient: AdminDb;
const SESSION = '00000000-0000-4000-8000-0000000000a1';
const UID = 'firebase-uid-ada';
const ada = member(UID);

beforeAll(async () => {
  db = await migratedDatabase();
  // The site owner adds sessions in the table editor (as postgres).
  await db.query(`insert into public.coaching_sessions (id, starts_at, ends_at, max_spots) values ($1, '2099-01-29T17:00:00Z', '2099-01-29T18:00:00Z', 10)`, [SESSION]);
  functions = dataApiClient(db);
  visitorClient = dataApiClient(db, { who: visitor });
  adaClient = dataApiClient(db, { who: ada });
}, 60_000);

describe('every request the site makes', () => {
  it('forms: the forms function stores the three future-page forms with the service role', async () => {
    expect((await functions.from('future_launch').insert({ email: 'vi@example.com' })).error).toBeNull();
    expect((await functions.from('community_ideas').insert({ name: null, email: 'vi@example.com', idea_message: 'A gratitude circle every Sunday' })).error).toBeNull();
    expect((await functions.from('community_ideas').insert({ name: 'Vi', email: 'vi@example.com', idea_message: 'Audio versions of each journey' })).error).toBeNull();
    expect(
      (await functions.from('partnership_requests').insert({ name: 'Vi', email: 'vi@example.com', message: 'We run breathwork retreats in Lisbon.', partnership_type: 'brand' })).error,
    ).toBeNull();
  });

  it('forms: a second early-access signup with the same email fails with 23505, which the function answers as 409', async () => {
    const { error } = await functions.from('future_launch').insert({ email: 'vi@example.com' });
    expect(error?.code).toBe('23505');
  });

  it('visitors: the coaching sessions on the home page and the coaching dialog', async () => {
    // src/features/coaching/api.ts, fetchUpcomingSessions.
    const { data, error } = await visitorClient
      .from('coaching_sessions')
      .select('id, date, time, is_active, spots_available, max_spots, starts_at, ends_at, time_zone')
      .eq('is_active', true)
      .gt('ends_at', new Date().toISOString())
      .order('starts_at', { ascending: true });
    expect(error).toBeNull();
    expect(data?.map((s) => s.id)).toEqual([SESSION]);
  });

  it('newsletter-signup: stores the address with the service role', async () => {
    expect((await functions.from('monthly_newsletter').insert({ email: 'vi@example.com' })).error).toBeNull();
  });

  it('auth-sync: creates the member’s Explorer profile, and a second sign-in leaves it alone', async () => {
    const profile = { id: UID, email: 'ada@example.com', full_name: 'Ada Lovelace', membership_tier: 'Explorer' as const };
    expect((await functions.from('profiles').upsert(profile, { onConflict: 'id', ignoreDuplicates: true })).error).toBeNull();
    expect((await functions.from('profiles').upsert({ ...profile, full_name: 'Someone Else' }, { onConflict: 'id', ignoreDuplicates: true })).error).toBeNull();
    expect(await rows(db, owner, `select full_name from public.profiles where id = $1`, [UID])).toEqual([{ full_name: 'Ada Lovelace' }]);
  });

  it('members: the dashboard and the nav badge read the profile', async () => {
    // src/core/profile/api.ts.
    const { data, error } = await adaClient.from('profiles').select('*').eq('id', UID).single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: UID, membership_tier: 'Explorer' });
  });

  it('members: sign up for a session, then read their signups with the session embedded', async () => {
    // src/features/coaching/api.ts, insertCoachingSignup and fetchCoachingSignups. Ada's address
    // is verified (auth-sync writes it from her token): a signup asks for it.
    expect((await functions.from('profiles').update({ email_verified: true }).eq('id', UID)).error).toBeNull();
    expect((await adaClient.from('coaching_session_signups').insert({ user_id: UID, session_id: SESSION, name: 'Ada Lovelace', email: 'ada@example.com' })).error).toBeNull();
    const { data, error } = await adaClient
      .from('coaching_session_signups')
      .select('id, name, email, created_at, coaching_sessions(id, date, time, starts_at, ends_at, time_zone, cancelled_at)')
      .eq('user_id', UID)
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(data).toMatchObject([{ name: 'Ada Lovelace', coaching_sessions: { id: SESSION, time: '6:00 PM – 7:00 PM CET', cancelled_at: null } }]);
  });

  it('stripe-checkout: finds no customer, records the new one, reads the subscription', async () => {
    const stored = await functions.from('stripe_customers').select('customer_id').eq('user_id', UID).maybeSingle();
    expect(stored).toMatchObject({ data: null, error: null });
    expect((await functions.from('stripe_customers').upsert({ user_id: UID, customer_id: 'cus_Ada' }, { onConflict: 'user_id' })).error).toBeNull();
    expect(await readMemberAccess(functions, UID, 'cus_Ada')).toEqual({ subscription: null, purchases: [] });
  });

  it('stripe-webhook: records the customer, syncs the subscription and sets the tier', async () => {
    // netlify/functions/stripe-webhook.mts: rememberCustomer, syncSubscription, updateTier.
    expect((await functions.from('stripe_customers').upsert({ user_id: UID, customer_id: 'cus_Ada' }, { onConflict: 'user_id' })).error).toBeNull();
    const existing = await functions.from('stripe_subscriptions').select('subscription_id, subscription_status').eq('customer_id', 'cus_Ada').maybeSingle();
    expect(existing).toMatchObject({ data: null, error: null });
    const subscription = {
      customer_id: 'cus_Ada',
      subscription_id: 'sub_Ada',
      price_id: 'price_alchemist_monthly',
      subscription_status: 'active' as const,
      current_period_start: 1_763_000_000,
      current_period_end: 1_765_600_000,
      cancel_at_period_end: false,
      payment_method_brand: 'visa',
      payment_method_last4: '4242',
      updated_at: new Date().toISOString(),
    };
    const written = await functions.from('stripe_subscriptions').upsert(subscription, { onConflict: 'customer_id' }).select('subscription_id, subscription_status');
    expect(written.error).toBeNull();
    expect(written.data).toEqual([{ subscription_id: 'sub_Ada', subscription_status: 'active' }]);
    // A later event of the same subscription updates the row in place.
    const later = await functions.from('stripe_subscriptions').upsert({ ...subscription, cancel_at_period_end: true }, { onConflict: 'customer_id' }).select('subscription_id, subscription_status');
    expect(later.error).toBeNull();
    const memberOf = await functions.from('stripe_customers').select('user_id').eq('customer_id', 'cus_Ada').maybeSingle();
    expect(memberOf).toMatchObject({ data: { user_id: UID }, error: null });
    expect((await functions.from('profiles').update({ membership_tier: 'Alchemist' }).eq('id', UID)).error).toBeNull();
    expect(await rows(db, owner, `select customer_id, cancel_at_period_end from public.stripe_subscriptions`)).toEqual([{ customer_id: 'cus_Ada', cancel_at_period_end: true }]);
  });

  it('members: /products and the dashboard read their customer and subscription', async () => {
    // src/core/access/api.ts, fetchCustomerId and fetchSubscription; src/core/profile/api.ts.
    const customer = await adaClient.from('stripe_customers').select('customer_id').eq('user_id', UID).single();
    expect(customer).toMatchObject({ data: { customer_id: 'cus_Ada' }, error: null });
    const subscription = await adaClient
      .from('stripe_subscriptions')
      .select('subscription_id, price_id, subscription_status, current_period_start, current_period_end, cancel_at_period_end, payment_method_brand, payment_method_last4')
      .eq('customer_id', 'cus_Ada')
      .single();
    expect(subscription.error).toBeNull();
    expect(subscription.data).toMatchObject({ price_id: 'price_alchemist_monthly', subscription_status: 'active', cancel_at_period_end: true });
    const profile = await adaClient.from('profiles').select('*').eq('id', UID).single();
    expect(profile.data).toMatchObject({ membership_tier: 'Alchemist' });
  });

  it('stripe-webhook: records a one-time purchase on its session id, again on a repeat, then its refund', async () => {
    // src/features/commerce/server/purchases.ts: the purchase's row by session id, then the upsert.
    const session = 'cs_test_ada_stillpoint';
    const existing = await functions.from('purchases').select('status, refunded_at').eq('checkout_session_id', session).maybeSingle();
    expect(existing).toMatchObject({ data: null, error: null });
    const purchase = {
      user_id: UID,
      price_id: 'price_app_stillpoint',
      product_type: 'app' as const,
      checkout_session_id: session,
      payment_intent_id: 'pi_ada',
      amount: 2900,
      currency: 'usd',
      status: 'paid' as const,
      purchased_at: '2026-11-20T10:00:00.000Z',
      refunded_at: null,
    };
    for (let i = 0; i < 2; i += 1) {
      const written = await functions.from('purchases').upsert(purchase, { onConflict: 'checkout_session_id' }).select('status');
      expect(written).toMatchObject({ data: [{ status: 'paid' }], error: null });
    }
    // A refund finds the purchase by its payment intent.
    const found = await functions.from('purchases').select('checkout_session_id').eq('payment_intent_id', 'pi_ada').maybeSingle();
    expect(found).toMatchObject({ data: { checkout_session_id: session }, error: null });
    const refunded = await functions.from('purchases').upsert({ ...purchase, status: 'refunded', refunded_at: '2026-11-21T10:00:00.000Z' }, { onConflict: 'checkout_session_id' }).select('status');
    expect(refunded).toMatchObject({ data: [{ status: 'refunded' }], error: null });
    // The member buys it again later: a second session, a second row.
    const again = await functions
      .from('purchases')
      .upsert({ ...purchase, checkout_session_id: 'cs_test_ada_again', payment_intent_id: 'pi_ada_2' }, { onConflict: 'checkout_session_id' })
      .select('status');
    expect(again).toMatchObject({ data: [{ status: 'paid' }], error: null });
    expect(await rows(db, owner, `select count(*)::int as n from public.purchases where user_id = $1`, [UID])).toEqual([{ n: 2 }]);
  });

  it('stripe-checkout and checkout-summary: read the member’s purchases and a session’s purchase with the service role', async () => {
    expect((await readMemberAccess(functions, UID)).purchases).toHaveLength(2);
    // netlify/functions/checkout-summary.mts.
    expect(await functions.from('purchases').select('status').eq('checkout_session_id', 'cs_test_ada_again').maybeSingle()).toMatchObject({ data: { status: 'paid' }, error: null });
    expect(await functions.from('stripe_subscriptions').select('subscription_id').eq('subscription_id', 'sub_Ada').maybeSingle()).toMatchObject({
      data: { subscription_id: 'sub_Ada' },
      error: null,
    });
  });

  it('members: the library, /products, the app pages and the badge read their purchases', async () => {
    // src/core/access/api.ts, fetchPurchases.
    const { data, error } = await adaClient
      .from('purchases')
      .select('price_id, product_type, status, purchased_at, refunded_at, checkout_session_id')
      .eq('user_id', UID)
      .order('purchased_at', { ascending: true });
    expect(error).toBeNull();
    expect(data).toMatchObject([
      { price_id: 'price_app_stillpoint', status: 'refunded' },
      { price_id: 'price_app_stillpoint', status: 'paid' },
    ]);
  });

  it('stripe-webhook: the upserts return the row stored (return=representation), which needs SELECT as well', async () => {
    const client = functions;
    const sub = await client
      .from('stripe_subscriptions')
      .upsert({ customer_id: 'cus_Ada', subscription_id: 'sub_Ada', subscription_status: 'active', price_id: 'price_alchemist_monthly' }, { onConflict: 'customer_id' })
      .select('subscription_id, subscription_status');
    expect(sub.error).toBeNull();
    expect(sub.data).toEqual([{ subscription_id: 'sub_Ada', subscription_status: 'active' }]);
    const bought = await client
      .from('purchases')
      .upsert({ user_id: UID, price_id: 'price_app_stillpoint', product_type: 'app', checkout_session_id: 'cs_test_ada_again', payment_intent_id: 'pi_ada_2', amount: 2900, currency: 'usd', status: 'paid' }, { onConflict: 'checkout_session_id' })
      .select('status');
    expect(bought.error).toBeNull();
    expect(bought.data).toEqual([{ status: 'paid' }]);
  });

  it('billing-portal: finds the member’s customer with the service role', async () => {
    expect(await functions.from('stripe_customers').select('customer_id').eq('user_id', UID).maybeSingle()).toMatchObject({ data: { customer_id: 'cus_Ada' }, error: null });
  });

  it('members: the course player marks a lesson complete (twice: one row) and reads their progress', async () => {
    const client = adaClient;
    for (let i = 0; i < 2; i += 1) {
      const { error } = await client.from('lesson_progress').upsert({ member_id: UID, lesson_slug: 'the-weather-inside' }, { onConflict: 'member_id,lesson_slug', ignoreDuplicates: true });
      expect(error).toBeNull();
    }
    const { data, error } = await client.from('lesson_progress').select('lesson_slug, completed_at').eq('member_id', UID);
    expect(error).toBeNull();
    expect(data).toEqual([{ lesson_slug: 'the-weather-inside', completed_at: expect.any(String) }]);
  });

  it('members: the Lounge apps log a breathing session, save a journal page twice (one page), and keep a place twice (one row)', async () => {
    const client = adaClient;
    // Stillpoint (src/features/lounge/stillpoint/api.ts): log a finished session, read the history.
    const logged = await client.from('breathing_sessions').insert({ user_id: UID, pattern: 'box', seconds: 60 }).select('pattern, seconds, finished_at').single();
    expect(logged.error).toBeNull();
    expect(logged.data).toMatchObject({ pattern: 'box', seconds: 60 });
    const history = await client.from('breathing_sessions').select('pattern, seconds, finished_at').eq('user_id', UID).order('finished_at', { ascending: false }).limit(50);
    expect(history.error).toBeNull();
    expect(history.data).toHaveLength(1);
    // The Bloom Book (src/features/lounge/the-bloom-book/api.ts): save today's page, edit it, read, delete.
    for (const answer of ['A quiet morning.', 'A quiet morning, and tea.']) {
      const saved = await client
        .from('bloom_pages')
        .upsert(
          { user_id: UID, day: '2026-11-25', gratitude_1: 'Sun', gratitude_2: '', gratitude_3: '', prompt_id: 'what-went-well-and-why', prompt_text: 'What went well today?', answer },
          { onConflict: 'user_id,day' },
        );
      expect(saved.error).toBeNull();
    }
    const book = await client.from('bloom_pages').select('day, gratitude_1, gratitude_2, gratitude_3, prompt_id, prompt_text, answer').eq('user_id', UID).order('day', { ascending: false });
    expect(book.error).toBeNull();
    // (The stand-in gives dates as PGlite serialises them; PostgREST answers '2026-11-25'.)
    expect(book.data).toEqual([expect.objectContaining({ day: expect.stringMatching(/^2026-11-25/), answer: 'A quiet morning, and tea.' })]);
    expect((await client.from('bloom_pages').delete().eq('user_id', UID).eq('day', '2026-11-25')).error).toBeNull();
    expect((await client.from('bloom_pages').select('day').eq('user_id', UID)).data).toEqual([]);
    await client.from('bloom_pages').upsert({ user_id: UID, day: '2026-11-24', gratitude_1: 'Rain' }, { onConflict: 'user_id,day' });
    // Whispers Before Sleep (src/features/lounge/whispers-before-sleep/api.ts): keep the place, move it, read it.
    for (const sentence of [4, 12]) {
      expect((await client.from('story_places').upsert({ user_id: UID, story: 'snow-on-the-way-home', sentence }, { onConflict: 'user_id,story' })).error).toBeNull();
    }
    const places = await client.from('story_places').select('story, sentence').eq('user_id', UID);
    expect(places.error).toBeNull();
    expect(places.data).toEqual([{ story: 'snow-on-the-way-home', sentence: 12 }]);
  });

  it('members: Rise Mode saves the morning twice (one day, the check-in kept), checks in, keeps and removes a statement; Mindstage adds a scene and logs a rehearsal; The Reset Room logs a reset', async () => {
    const client = adaClient;
    // Rise Mode (src/features/lounge/rise-mode/api.ts).
    const morning = { user_id: UID, day: '2026-11-25', intention: 'Go gently', statement_id: 'feel-nervous-still-do-thing', statement_text: 'I can feel nervous and still do the thing.', brave_action: 'Ask one question' };
    expect((await client.from('rise_days').upsert(morning, { onConflict: 'user_id,day' })).error).toBeNull();
    expect((await client.from('rise_days').update({ lived: 'partly', note: 'I asked.' }).eq('user_id', UID).eq('day', '2026-11-25')).error).toBeNull();
    expect((await client.from('rise_days').upsert({ ...morning, intention: 'Go gently, and rest' }, { onConflict: 'user_id,day' })).error).toBeNull();
    const days = await client.from('rise_days').select('day, intention, statement_id, statement_text, brave_action, lived, note').eq('user_id', UID).order('day', { ascending: false }).limit(120);
    expect(days.error).toBeNull();
    expect(days.data).toEqual([expect.objectContaining({ intention: 'Go gently, and rest', lived: 'partly', note: 'I asked.' })]);
    const kept = await client.from('rise_statements').insert({ user_id: UID, text: 'I am learning to rest.' }).select('id, text').single();
    expect(kept.error).toBeNull();
    expect((await client.from('rise_statements').delete().eq('user_id', UID).eq('id', kept.data!.id)).error).toBeNull();
    expect((await client.from('rise_statements').select('id, text').eq('user_id', UID).order('created_at')).data).toEqual([]);
    // Mindstage (src/features/lounge/mindstage/api.ts).
    const scene = await client
      .from('rehearsal_scenarios')
      .insert({ user_id: UID, title: 'A raise', scene: 'Her office.', going_well: 'I make my case.', coping: 'I ask what would change it.' })
      .select('id, title, scene, going_well, coping')
      .single();
    expect(scene.error).toBeNull();
    const rehearsal = await client.from('rehearsals').insert({ user_id: UID, scenario: `own-${scene.data!.id}`, suds_before: 8, suds_after: 5 }).select('scenario, suds_before, suds_after, finished_at').single();
    expect(rehearsal.error).toBeNull();
    expect((await client.from('rehearsals').select('scenario, suds_before, suds_after, finished_at').eq('user_id', UID).order('finished_at').limit(500)).data).toHaveLength(1);
    // The Reset Room (src/features/lounge/the-reset-room/api.ts).
    const reset = await client
      .from('resets')
      .insert({ user_id: UID, feeling: 'anxiety', reset: 'grounding-five-senses', intensity_before: 7, intensity_after: 4 })
      .select('feeling, reset, intensity_before, intensity_after, finished_at')
      .single();
    expect(reset.error).toBeNull();
    expect(reset.data).toMatchObject({ feeling: 'anxiety', intensity_before: 7, intensity_after: 4 });
  });

  it('content gate and stripe-checkout: read the member’s subscription and purchases with the service role', async () => {
    const rowsRead = await readMemberAccess(functions, UID);
    expect(rowsRead.subscription).toMatchObject({ price_id: 'price_alchemist_monthly', subscription_status: 'active' });
    expect(rowsRead.purchases.map((p) => p.status).sort()).toEqual(['paid', 'refunded']);
  });

  it('account-export: reads every member table, the signups with their session embedded', async () => {
    const result = await exportMemberData(functions, UID);
    expect(result).toMatchObject({
      data: {
        profile: { id: UID },
        coaching_signups: [{ coaching_sessions: { time: '6:00 PM – 7:00 PM CET' } }],
        stripe_customer: { customer_id: 'cus_Ada' },
        subscription: { subscription_id: 'sub_Ada' },
        lesson_progress: [{ lesson_slug: 'the-weather-inside' }],
        stillpoint_sessions: [{ pattern: 'box', seconds: 60 }],
        bloom_book_pages: [{ gratitude_1: 'Rain' }],
        whispers_story_places: [{ story: 'snow-on-the-way-home', sentence: 12 }],
      },
    });
  });

  it('account-delete: deletes the member’s rows and keeps their purchases anonymised', async () => {
    expect(await deleteMemberData(functions, UID, anonymisedMemberId(UID))).toBeNull();
    expect(await rows(db, owner, `select count(*)::int as n from public.purchases where user_id = $1`, [anonymisedMemberId(UID)])).toEqual([{ n: 2 }]);
    expect(await exportMemberData(functions, UID)).toEqual({
      data: emptyExport(),
    });
  });
});
