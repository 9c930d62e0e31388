/**
 * Every request the site makes to the database, as PostgREST runs it, in the order a visitor
 * becomes a paying member: the browser's reads and writes (the PostgREST client with the anon key or a
 * member's token) and each function's service-role calls. Each must succeed, on a project
 * created today (only the migrations' grants) and where grants are broad (see harness.ts), so
 * a missing grant or an over-strict policy fails here before it fails in production.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { failure, member, migratedDatabase, rows, service, visitor, type Who } from '../support/db';
import { dataApiClient } from '../support/postgrest';
import { anonymisedUserId, deleteMemberData, exportMemberData } from '../../netlify/functions/_shared/member-data';
import { readMemberAccess } from '../../netlify/functions/_shared/member-access';

let db: PGlite;
const SESSION = '00000000-0000-4000-8000-0000000000a1';
const UID = 'firebase-uid-ada';
const ada = member(UID);

beforeAll(async () => {
  db = await migratedDatabase();
  // The site owner adds sessions in the table editor (as postgres).
  await db.query(`insert into public.coaching_sessions (id, date, time, spots_available, max_spots) values ($1, current_date + 7, '6:00 PM CET', 10, 10)`, [SESSION]);
}, 60_000);

/**
 * An insert as PostgREST writes it for the PostgREST client's `insert()` / `upsert()` with
 * `Prefer: return=minimal`: the JSON body through json_populate_record, and for an upsert
 * `on conflict (...) do nothing` (ignoreDuplicates) or `do update set` every sent column.
 */
function postgrestInsert(table: string, body: Record<string, unknown>, upsert?: { onConflict: string; ignoreDuplicates?: boolean }): [string, unknown[]] {
  const columns = Object.keys(body).sort();
  const list = columns.map((c) => `"${c}"`).join(', ');
  let sql =
    `insert into "public"."${table}" (${list}) ` +
    `select ${columns.map((c) => `pgrst_body."${c}"`).join(', ')} ` +
    `from (select $1::json as json_data) pgrst_payload, ` +
    `lateral (select ${list} from json_populate_record(null::"public"."${table}", pgrst_payload.json_data)) pgrst_body`;
  if (upsert) {
    sql += upsert.ignoreDuplicates
      ? ` on conflict ("${upsert.onConflict}") do nothing`
      : ` on conflict ("${upsert.onConflict}") do update set ${columns.map((c) => `"${c}" = excluded."${c}"`).join(', ')}`;
  }
  return [sql, [JSON.stringify(body)]];
}

/** Runs the request as `who` and expects it to succeed (no SQLSTATE). */
async function succeeds(who: Who, [sql, params]: [string, unknown[]]): Promise<void> {
  expect(await failure(db, who, sql, params), sql).toBeNull();
}

describe('every request the site makes', () => {
  it('forms: the forms function stores the three future-page forms with the service role', async () => {
    await succeeds(service, postgrestInsert('future_launch', { email: 'vi@example.com' }));
    await succeeds(service, postgrestInsert('community_ideas', { name: null, email: 'vi@example.com', idea_message: 'A gratitude circle every Sunday' }));
    await succeeds(service, postgrestInsert('community_ideas', { name: 'Vi', email: 'vi@example.com', idea_message: 'Audio versions of each journey' }));
    await succeeds(
      service,
      postgrestInsert('partnership_requests', { name: 'Vi', email: 'vi@example.com', message: 'We run breathwork retreats in Lisbon.', partnership_type: 'brand' }),
    );
  });

  it('forms: a second early-access signup with the same email fails with 23505, which the function answers as 409', async () => {
    const [sql, params] = postgrestInsert('future_launch', { email: 'vi@example.com' });
    expect(await failure(db, service, sql, params)).toBe('23505');
  });

  it('visitors: the coaching sessions on the home page and the coaching dialog', async () => {
    const sessions = await rows(
      db,
      visitor,
      `select id, date, time, is_active, spots_available, max_spots from public.coaching_sessions where is_active = true and date >= current_date order by date`,
    );
    expect(sessions.map((s) => s.id)).toEqual([SESSION]);
  });

  it('newsletter-signup: stores the address with the service role', async () => {
    await succeeds(service, postgrestInsert('monthly_newsletter', { email: 'vi@example.com' }));
  });

  it('auth-sync: creates the member’s Explorer profile, and a second sign-in leaves it alone', async () => {
    const profile = { id: UID, email: 'ada@example.com', full_name: 'Ada Lovelace', membership_tier: 'Explorer' };
    await succeeds(service, postgrestInsert('profiles', profile, { onConflict: 'id', ignoreDuplicates: true }));
    await succeeds(service, postgrestInsert('profiles', { ...profile, full_name: 'Someone Else' }, { onConflict: 'id', ignoreDuplicates: true }));
    expect(await rows(db, service, `select full_name from public.profiles where id = $1`, [UID])).toEqual([{ full_name: 'Ada Lovelace' }]);
  });

  it('members: the dashboard and the nav badge read the profile', async () => {
    expect(await rows(db, ada, `select * from public.profiles where id = $1`, [UID])).toMatchObject([{ id: UID, membership_tier: 'Explorer' }]);
  });

  it('members: sign up for a session, then read their signups with the session embedded', async () => {
    await succeeds(ada, postgrestInsert('coaching_session_signups', { user_id: UID, session_id: SESSION, name: 'Ada Lovelace', email: 'ada@example.com' }));
    const signups = await rows(
      db,
      ada,
      `select s.id, s.name, s.email, s.created_at, to_jsonb(c) as coaching_sessions
       from public.coaching_session_signups s
       left join lateral (select c.id, c.date, c.time from public.coaching_sessions c where c.id = s.session_id) c on true
       where s.user_id = $1 order by s.created_at desc`,
      [UID],
    );
    expect(signups).toMatchObject([{ name: 'Ada Lovelace', coaching_sessions: { id: SESSION, time: '6:00 PM CET' } }]);
  });

  it('stripe-checkout: finds no customer, records the new one, reads the subscription', async () => {
    expect(await rows(db, service, `select customer_id from public.stripe_customers where user_id = $1`, [UID])).toEqual([]);
    await succeeds(service, postgrestInsert('stripe_customers', { user_id: UID, customer_id: 'cus_Ada' }, { onConflict: 'user_id' }));
    expect(await rows(db, service, `select price_id, subscription_status from public.stripe_subscriptions where customer_id = $1`, ['cus_Ada'])).toEqual([]);
  });

  it('stripe-webhook: records the customer, syncs the subscription and sets the tier', async () => {
    await succeeds(service, postgrestInsert('stripe_customers', { user_id: UID, customer_id: 'cus_Ada' }, { onConflict: 'user_id' }));
    expect(await rows(db, service, `select subscription_id, subscription_status from public.stripe_subscriptions where customer_id = $1`, ['cus_Ada'])).toEqual([]);
    const subscription = {
      customer_id: 'cus_Ada',
      subscription_id: 'sub_Ada',
      price_id: 'price_alchemist_monthly',
      subscription_status: 'active',
      current_period_start: 1_763_000_000,
      current_period_end: 1_765_600_000,
      cancel_at_period_end: false,
      payment_method_brand: 'visa',
      payment_method_last4: '4242',
      updated_at: new Date().toISOString(),
    };
    await succeeds(service, postgrestInsert('stripe_subscriptions', subscription, { onConflict: 'customer_id' }));
    // A later event of the same subscription updates the row in place.
    await succeeds(service, postgrestInsert('stripe_subscriptions', { ...subscription, cancel_at_period_end: true }, { onConflict: 'customer_id' }));
    expect(await rows(db, service, `select user_id from public.stripe_customers where customer_id = $1`, ['cus_Ada'])).toEqual([{ user_id: UID }]);
    expect(await failure(db, service, `update public.profiles set membership_tier = $1 where id = $2`, ['Alchemist', UID])).toBeNull();
  });

  it('members: /products and the dashboard read their customer and subscription', async () => {
    expect(await rows(db, ada, `select customer_id from public.stripe_customers where user_id = $1`, [UID])).toEqual([{ customer_id: 'cus_Ada' }]);
    expect(
      await rows(
        db,
        ada,
        `select subscription_id, price_id, subscription_status, current_period_start, current_period_end, cancel_at_period_end, payment_method_brand, payment_method_last4
         from public.stripe_subscriptions where customer_id = $1`,
        ['cus_Ada'],
      ),
    ).toMatchObject([{ price_id: 'price_alchemist_monthly', subscription_status: 'active', cancel_at_period_end: true }]);
    expect(await rows(db, ada, `select membership_tier from public.profiles where id = $1`, [UID])).toEqual([{ membership_tier: 'Alchemist' }]);
  });

  it('stripe-webhook: records a one-time purchase on its session id, again on a repeat, then its refund (issue 13)', async () => {
    const session = 'cs_test_ada_stillpoint';
    expect(await rows(db, service, `select status, refunded_at from public.purchases where checkout_session_id = $1`, [session])).toEqual([]);
    const purchase = {
      user_id: UID,
      price_id: 'price_app_stillpoint',
      product_type: 'app',
      checkout_session_id: session,
      payment_intent_id: 'pi_ada',
      amount: 2900,
      currency: 'usd',
      status: 'paid',
      purchased_at: '2026-11-20T10:00:00.000Z',
      refunded_at: null,
    };
    await succeeds(service, postgrestInsert('purchases', purchase, { onConflict: 'checkout_session_id' }));
    await succeeds(service, postgrestInsert('purchases', purchase, { onConflict: 'checkout_session_id' }));
    expect(await rows(db, service, `select checkout_session_id from public.purchases where payment_intent_id = $1`, ['pi_ada'])).toEqual([{ checkout_session_id: session }]);
    await succeeds(service, postgrestInsert('purchases', { ...purchase, status: 'refunded', refunded_at: '2026-11-21T10:00:00.000Z' }, { onConflict: 'checkout_session_id' }));
    // The member buys it again later: a second session, a second row.
    await succeeds(service, postgrestInsert('purchases', { ...purchase, checkout_session_id: 'cs_test_ada_again', payment_intent_id: 'pi_ada_2' }, { onConflict: 'checkout_session_id' }));
  });

  it('stripe-checkout and checkout-session: read the member’s purchases and a session’s purchase with the service role', async () => {
    expect(await rows(db, service, `select price_id, product_type, status, purchased_at, refunded_at from public.purchases where user_id = $1`, [UID])).toHaveLength(2);
    expect(await rows(db, service, `select status from public.purchases where checkout_session_id = $1`, ['cs_test_ada_again'])).toEqual([{ status: 'paid' }]);
    expect(await rows(db, service, `select subscription_id from public.stripe_subscriptions where subscription_id = $1`, ['sub_Ada'])).toEqual([{ subscription_id: 'sub_Ada' }]);
  });

  it('members: the library, /products, the app pages and the badge read their purchases', async () => {
    expect(
      await rows(db, ada, `select price_id, product_type, status, purchased_at, refunded_at, checkout_session_id from public.purchases where user_id = $1 order by purchased_at asc`, [UID]),
    ).toMatchObject([
      { price_id: 'price_app_stillpoint', status: 'refunded' },
      { price_id: 'price_app_stillpoint', status: 'paid' },
    ]);
  });

  it('stripe-webhook: the upserts return the row stored (return=representation), which needs SELECT as well', async () => {
    const client = dataApiClient(db);
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
    expect(await rows(db, service, `select customer_id from public.stripe_customers where user_id = $1`, [UID])).toEqual([{ customer_id: 'cus_Ada' }]);
  });

  it('members: the course player marks a lesson complete (twice: one row) and reads their progress (issue 20)', async () => {
    const client = dataApiClient(db, { who: ada });
    for (let i = 0; i < 2; i += 1) {
      const { error } = await client.from('lesson_progress').upsert({ member_id: UID, lesson_slug: 'the-weather-inside' }, { onConflict: 'member_id,lesson_slug', ignoreDuplicates: true });
      expect(error).toBeNull();
    }
    const { data, error } = await client.from('lesson_progress').select('lesson_slug, completed_at').eq('member_id', UID);
    expect(error).toBeNull();
    expect(data).toEqual([{ lesson_slug: 'the-weather-inside', completed_at: expect.any(String) }]);
  });

  it('members: the Lounge apps log a breathing session, save a journal page twice (one page), and keep a place twice (one row) (issue 21)', async () => {
    const client = dataApiClient(db, { who: ada });
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

  it('members: Rise Mode saves the morning twice (one day, the check-in kept), checks in, keeps and removes a statement; Mindstage adds a scene and logs a rehearsal; The Reset Room logs a reset (issue 22)', async () => {
    const client = dataApiClient(db, { who: ada });
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
    const rowsRead = await readMemberAccess(dataApiClient(db), UID);
    expect(rowsRead.subscription).toMatchObject({ price_id: 'price_alchemist_monthly', subscription_status: 'active' });
    expect(rowsRead.purchases.map((p) => p.status).sort()).toEqual(['paid', 'refunded']);
  });

  it('account-export: reads every member table, the signups with their session embedded (issue 24: 42501 before)', async () => {
    const result = await exportMemberData(dataApiClient(db), UID);
    expect(result).toMatchObject({
      data: {
        profile: { id: UID },
        coaching_signups: [{ coaching_sessions: { time: '6:00 PM CET' } }],
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
    expect(await deleteMemberData(dataApiClient(db), UID, anonymisedUserId(UID))).toBeNull();
    expect(await rows(db, service, `select count(*)::int as n from public.purchases where user_id = $1`, [anonymisedUserId(UID)])).toEqual([{ n: 2 }]);
    expect(await exportMemberData(dataApiClient(db), UID)).toEqual({
      data: {
        coaching_signups: [],
        purchases: [],
        stillpoint_sessions: [],
        bloom_book_pages: [],
        whispers_story_places: [],
        rise_mode_days: [],
        rise_mode_own_statements: [],
        mindstage_own_scenarios: [],
        mindstage_rehearsals: [],
        reset_room_resets: [],
        subscription: null,
        stripe_customer: null,
        lesson_progress: [],
        profile: null,
      },
    });
  });
});
