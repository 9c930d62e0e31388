/**
 * Stripe's events racing, made to happen: the real stripe-webhook function, its
 * Stripe reads answered by the Stripe double, its database requests run on PGlite with our
 * migrations as PostgREST runs them (tests/support/postgrest.ts, as service_role). For each pair of
 * events about one object, the first delivery reads Stripe's older state and is then held
 * before one of its database requests (its read or its write, or for a subscription before it
 * sets the tier) while the second delivery runs after Stripe's state moved on; then the first
 * is let go, so its stale read is written last. 20 rounds a pair or more (see ROUNDS), each with
 * another hold point, other delays between the second delivery's requests, and the first let go
 * either once the second has finished or as the second makes its last request. Every round must
 * end in the state Stripe has now:
 *   completed + charge.refunded              refunded (the refund is final)
 *   completed (unpaid) + async_payment_failed  failed (never back to pending)
 *   subscription updated + deleted           canceled, and the member's tier Explorer
 *   older subscription updated + newer created  the newer one, and its tier (Stripe's created decides)
 *   dispute created + closed (lost or won), of a purchase or of a membership: lost (nothing
 *     granted; a membership cancelled, Explorer) or won (granted again; its tier), read before
 *     and after a retry of the first delivery (which changes nothing)
 * Before the database kept the order rules these rounds failed (see
 * docs/decisions/webhook-ordering.md).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import handler from '../../netlify/functions/stripe-webhook.mts';
import { startStripeDouble, stripePriceId, type SignedEvent, type StripeDouble } from '../../local-platform/stripe/stripe-standin';
import catalogue from '../../src/content/catalogue.json';
import { migratedDatabase, owner, rows } from '../support/db';
import { openCheckout } from '../support/stripe-session';
import { dataApiFetch } from '../support/postgrest';

const SECRET = 'whsec_test_races';
const DATA_API = 'http://data-api.test';
/**
 * RACE_ROUNDS=100 runs every pair 100 rounds (the count before 2026-11-29). By default a pair
 * runs 20 rounds, and more until each hold point has been held both ways (let go early and
 * late): on the code before each one's fix, 20 of 20 runs of 20 rounds failed
 * (docs/decisions/testing.md).
 */
const ROUNDS = process.env.RACE_ROUNDS ? Number(process.env.RACE_ROUNDS) : undefined;
/** How many hold points the current pair's rounds choose from. */
let holdPoints = 0;

let db: PGlite;
let stripe: StripeDouble;
const saved = { ...process.env };
const realFetch = globalThis.fetch;

/** Which delivery a request belongs to ('first' or 'second'), across its awaits. */
const delivery = new AsyncLocalStorage<'first' | 'second'>();

/** Hooks the current round installs on the database requests of each delivery. */
let hooks: { first?: (request: string, index: number) => Promise<void>; second?: (request: string, index: number) => Promise<void> } = {};
const counts = { first: 0, second: 0 };

/** A small seeded generator (mulberry32), so a failing round can be replayed. */
function random(seed: number): () => number {
  let state = (seed * 0x9e3779b9) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

beforeAll(async () => {
  db = await migratedDatabase();
  stripe = await startStripeDouble({ catalogue });
  const api = dataApiFetch(db, {
    onRequest: async (request) => {
      const who = delivery.getStore();
      if (!who) return;
      const index = counts[who]++;
      await hooks[who]?.(request, index);
    },
  });
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return url.startsWith(DATA_API) ? api(input, init) : realFetch(input, init);
  }) as typeof fetch;
  Object.assign(process.env, stripe.env, { STRIPE_WEBHOOK_SECRET: SECRET, SUPABASE_URL: DATA_API, SUPABASE_SERVICE_ROLE_KEY: 'service-role-key' });
}, 60_000);

afterAll(async () => {
  globalThis.fetch = realFetch;
  process.env = { ...saved };
  await stripe.close();
});

async function deliver(event: SignedEvent): Promise<{ status: number; body: unknown }> {
  const res = await handler(
    new Request('http://localhost:4321/api/stripe-webhook', { method: 'POST', headers: { 'stripe-signature': event.signature, 'content-type': 'application/json' }, body: event.body }),
  );
  return { status: res.status, body: await res.json() };
}

interface Race {
  /** The first delivery (its read of Stripe is the older one), and the requests it may be held before. */
  first: () => Promise<{ status: number; body: unknown }>;
  holdBefore: string[];
  /** Moves Stripe's state on, and returns the second delivery. */
  then: () => () => Promise<{ status: number; body: unknown }>;
}

/**
 * Runs one round: the first delivery until it is about to send `holdBefore[choice]`, then
 * Stripe moves on and the second delivery runs (with delays between its requests), then the
 * first is let go. Both must answer 200.
 */
async function race(round: number, { first, holdBefore, then }: Race): Promise<string> {
  const next = random(round + 1);
  holdPoints = holdBefore.length;
  const hold = holdBefore[round % holdBefore.length]!;
  const releaseEarly = next() < 0.3;
  counts.first = 0;
  counts.second = 0;
  const reached = gate();
  const release = gate();
  let held = false;
  hooks = {
    first: async (request) => {
      if (!held && request === hold) {
        held = true;
        reached.open();
        await release.wait;
      }
    },
    second: async () => {
      await sleep(Math.floor(next() * 3));
    },
  };
  const firstDone = delivery.run('first', first);
  await Promise.race([reached.wait, firstDone]);
  expect(held, `round ${round}: the first delivery reached ${hold}`).toBe(true);
  const second = then();
  if (releaseEarly) {
    // Let the first go as the second sends its last database request.
    const previous = hooks.second!;
    hooks.second = async (request, index) => {
      await previous(request, index);
      if (request.startsWith('POST') || request.startsWith('PATCH')) release.open();
    };
  }
  const secondAnswer = await delivery.run('second', second);
  release.open();
  const firstAnswer = await firstDone;
  hooks = {};
  expect(firstAnswer.status, `round ${round} first: ${JSON.stringify(firstAnswer.body)}`).toBe(200);
  expect(secondAnswer.status, `round ${round} second: ${JSON.stringify(secondAnswer.body)}`).toBe(200);
  return `${hold}${releaseEarly ? ' (let go early)' : ''}`;
}

/** A member with a Stripe customer, and a paid Checkout Session of an app in the double. */
async function memberWithSession(tag: string, paymentStatus: 'paid' | 'unpaid'): Promise<string> {
  const memberId = `uid_${tag}`;
  const customer = `cus_${tag}`;
  await db.query(`insert into public.profiles (id, email, membership_tier) values ($1, $2, 'Explorer')`, [memberId, `${tag}@example.com`]);
  await db.query(`insert into public.stripe_customers (user_id, customer_id) values ($1, $2)`, [memberId, customer]);
  const session = await openCheckout(stripe, { memberId, customer });
  stripe.complete(session, paymentStatus);
  return session;
}

const about = (type: string, sessionId: string) => stripe.event(type, { ...stripe.sessions.get(sessionId), items: undefined }, SECRET);
const purchase = async (sessionId: string) =>
  (await rows<{ status: string; refunded_at: string | null }>(db, owner, `select status, refunded_at from public.purchases where checkout_session_id = $1`, [sessionId]))[0];

/** Runs the rounds and reports each failed one, so a failure says how many and which. */
async function rounds(name: string, run: (round: number) => Promise<{ how: string; problem: string | null }>): Promise<void> {
  const count = ROUNDS;
  const failed: string[] = [];
  const held = new Set<string>();
  let round = 0;
  for (; count === undefined ? round < 20 || (held.size < 2 * holdPoints && round < 100) : round < count; round++) {
    const { how, problem } = await run(round);
    held.add(how);
    if (problem) failed.push(`round ${round} (held before ${how}): ${problem}`);
  }
  expect(failed, `${name}: ${failed.length} of ${round} rounds ended wrong`).toEqual([]);
  if (count === undefined) expect(held.size, `${name}: every hold point held both ways`).toBe(2 * holdPoints);
}

describe('stripe-webhook deliveries racing on Postgres', () => {
  it('checkout.session.completed read before charge.refunded, written after it: refunded, every round', async () => {
    await rounds('completed + refunded', async (round) => {
      const id = await memberWithSession(`refund_${round}`, 'paid');
      const completed = about('checkout.session.completed', id);
      const how = await race(round, {
        first: () => deliver(completed),
        holdBefore: ['GET purchases', 'POST purchases'],
        then: () => {
          const refunded = stripe.event('charge.refunded', stripe.refund(id), SECRET);
          return () => deliver(refunded);
        },
      });
      const row = await purchase(id);
      return { how, problem: row?.status === 'refunded' && row.refunded_at ? null : `ended ${JSON.stringify(row)}` };
    });
  });

  it('checkout.session.completed (unpaid) read before async_payment_failed, written after it: failed, every round', async () => {
    await rounds('completed + async_payment_failed', async (round) => {
      const id = await memberWithSession(`failed_${round}`, 'unpaid');
      const completed = about('checkout.session.completed', id);
      const how = await race(round, {
        first: () => deliver(completed),
        holdBefore: ['GET purchases', 'POST purchases'],
        then: () => {
          stripe.settle(id, false);
          const failedEvent = about('checkout.session.async_payment_failed', id);
          return () => deliver(failedEvent);
        },
      });
      const row = await purchase(id);
      return { how, problem: row?.status === 'failed' && row.refunded_at === null ? null : `ended ${JSON.stringify(row)}` };
    });
  });

  it('customer.subscription.updated read before the cancellation, written after it: canceled and Explorer, every round', async () => {
    stripe.paymentMethods.set('pm_race', { id: 'pm_race', object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242' } });
    await rounds('subscription updated + deleted', async (round) => {
      const tag = `sub_${round}`;
      const memberId = `uid_${tag}`;
      const customer = `cus_${tag}`;
      const subId = `sub_race_${round}`;
      await db.query(`insert into public.profiles (id, email, membership_tier) values ($1, $2, 'Alchemist')`, [memberId, `${tag}@example.com`]);
      await db.query(`insert into public.stripe_customers (user_id, customer_id) values ($1, $2)`, [memberId, customer]);
      await db.query(
        `insert into public.stripe_subscriptions (customer_id, subscription_id, price_id, subscription_status) values ($1, $2, 'price_alchemist_monthly', 'active')`,
        [customer, subId],
      );
      const subscription = {
        id: subId,
        object: 'subscription' as const,
        customer,
        status: 'active',
        cancel_at_period_end: true,
        items: {
          object: 'list',
          data: [{ id: `si_${round}`, object: 'subscription_item', price: { id: stripePriceId('price_alchemist_monthly'), object: 'price' }, current_period_start: 1_767_225_600, current_period_end: 1_769_904_000 }],
        },
        default_payment_method: 'pm_race',
      };
      stripe.subscriptions.set(subId, subscription as never);
      const updated = stripe.event('customer.subscription.updated', subscription, SECRET);
      const how = await race(round, {
        first: () => deliver(updated),
        holdBefore: ['GET stripe_subscriptions', 'POST stripe_subscriptions', 'GET stripe_customers', 'PATCH profiles'],
        then: () => {
          stripe.subscriptions.get(subId)!.status = 'canceled';
          const deleted = stripe.event('customer.subscription.deleted', stripe.subscriptions.get(subId), SECRET);
          return () => deliver(deleted);
        },
      });
      const [row] = await rows<{ subscription_status: string }>(db, owner, `select subscription_status from public.stripe_subscriptions where customer_id = $1`, [customer]);
      const [profile] = await rows<{ membership_tier: string }>(db, owner, `select membership_tier from public.profiles where id = $1`, [memberId]);
      const right = row?.subscription_status === 'canceled' && profile?.membership_tier === 'Explorer';
      return { how, problem: right ? null : `ended ${row?.subscription_status} with tier ${profile?.membership_tier}` };
    });
  });
  it('an older live subscription read before a newer one is written, written after it: the newer one and its tier, every round', async () => {
    stripe.paymentMethods.set('pm_switch', { id: 'pm_switch', object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242' } });
    const live = (id: string, price: string, created: number) => ({
      id,
      object: 'subscription' as const,
      customer: '',
      status: 'active',
      cancel_at_period_end: false,
      created,
      items: { object: 'list', data: [{ id: `si_${id}`, object: 'subscription_item', price: { id: stripePriceId(price), object: 'price' }, current_period_start: created, current_period_end: created + 2_592_000 }] },
      default_payment_method: 'pm_switch',
    });
    await rounds('older updated + newer created', async (round) => {
      const tag = `switch_${round}`;
      const memberId = `uid_${tag}`;
      const customer = `cus_${tag}`;
      await db.query(`insert into public.profiles (id, email, membership_tier) values ($1, $2, 'Adventurer')`, [memberId, `${tag}@example.com`]);
      await db.query(`insert into public.stripe_customers (user_id, customer_id) values ($1, $2)`, [memberId, customer]);
      const older = { ...live(`sub_adv_${round}`, 'price_adventurer_monthly', 1_767_225_600), customer };
      const newer = { ...live(`sub_alc_${round}`, 'price_alchemist_monthly', 1_767_225_600 + 600), customer };
      // The Adventurer subscription, as the webhook recorded it when it started.
      stripe.subscriptions.set(older.id, older as never);
      expect((await deliver(stripe.event('customer.subscription.created', older, SECRET))).status).toBe(200);
      // The member moves to Alchemist: Stripe has both, the older still live when its "updated" is read.
      const updated = stripe.event('customer.subscription.updated', older, SECRET);
      const how = await race(round, {
        first: () => deliver(updated),
        holdBefore: ['GET stripe_subscriptions', 'POST stripe_subscriptions', 'GET stripe_customers', 'PATCH profiles'],
        then: () => {
          stripe.subscriptions.set(newer.id, newer as never);
          const created = stripe.event('customer.subscription.created', newer, SECRET);
          return () => deliver(created);
        },
      });
      const [row] = await rows<{ subscription_id: string; price_id: string }>(db, owner, `select subscription_id, price_id from public.stripe_subscriptions where customer_id = $1`, [customer]);
      const [profile] = await rows<{ membership_tier: string }>(db, owner, `select membership_tier from public.profiles where id = $1`, [memberId]);
      const right = row?.subscription_id === newer.id && profile?.membership_tier === 'Alchemist';
      return { how, problem: right ? null : `ended ${row?.subscription_id} (${row?.price_id}) with tier ${profile?.membership_tier}` };
    });
  });
  /** A paid purchase of Stillpoint, recorded by the webhook, whose charge the buyer then disputes. */
  async function disputedPurchase(tag: string): Promise<{ session: string; dispute: string }> {
    const session = await memberWithSession(tag, 'paid');
    expect((await deliver(about('checkout.session.completed', session))).status).toBe(200);
    return { session, dispute: stripe.dispute({ session }).id };
  }
  /**
   * What is wrong once both deliveries have answered (`wrong` answers null when all is right),
   * and again after Stripe retries the first delivery: nothing may move back. Read before the
   * retry too, as the retry re-reads Stripe (closed by then) and writes the closed status again,
   * which mended a stale write before anyone read it.
   */
  async function settledThenRetried(wrong: () => Promise<string | null>, retry: () => Promise<{ status: number }>): Promise<string | null> {
    const settled = await wrong();
    expect((await retry()).status).toBe(200);
    const retried = await wrong();
    if (settled) return `ended ${settled} before the retry${retried ? `, ${retried} after it` : ''}`;
    return retried ? `ended ${retried} after the retry` : null;
  }
  const disputeEvent = (type: string, id: string) => stripe.event(type, stripe.disputes.get(id), SECRET);
  const purchaseDispute = async (session: string) =>
    (await rows<{ status: string; dispute_status: string | null }>(db, owner, `select status, dispute_status from public.purchases where checkout_session_id = $1`, [session]))[0];

  it.each(['lost', 'won'] as const)('charge.dispute.created of a purchase read before it closed %s, written after: that outcome, every round, and a retry changes nothing', { timeout: 240_000 }, async (outcome) => {
    await rounds(`purchase dispute created + closed ${outcome}`, async (round) => {
      const { session, dispute } = await disputedPurchase(`dispute_${outcome}_${round}`);
      const created = disputeEvent('charge.dispute.created', dispute);
      const how = await race(round, {
        first: () => deliver(created),
        holdBefore: ['GET purchases', 'POST disputes'],
        then: () => {
          stripe.closeDispute(dispute, outcome);
          const closed = disputeEvent('charge.dispute.closed', dispute);
          return () => deliver(closed);
        },
      });
      const wrong = async () => {
        const row = await purchaseDispute(session);
        return row?.status === 'paid' && row.dispute_status === outcome ? null : JSON.stringify(row);
      };
      return { how, problem: await settledThenRetried(wrong, () => deliver(created)) };
    });
  });

  it.each(['lost', 'won'] as const)('charge.dispute.created of a membership read before it closed %s, written after: that outcome, every round, and a retry changes nothing', { timeout: 240_000 }, async (outcome) => {
    stripe.paymentMethods.set('pm_dispute', { id: 'pm_dispute', object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242' } });
    await rounds(`membership dispute created + closed ${outcome}`, async (round) => {
      const tag = `member_dispute_${outcome}_${round}`;
      const memberId = `uid_${tag}`;
      const customer = `cus_${tag}`;
      const subId = `sub_${tag}`;
      await db.query(`insert into public.profiles (id, email, membership_tier) values ($1, $2, 'Explorer')`, [memberId, `${tag}@example.com`]);
      await db.query(`insert into public.stripe_customers (user_id, customer_id) values ($1, $2)`, [memberId, customer]);
      // An Alchemist who paid their first month by card, as the webhook recorded it.
      stripe.seed({ subscriptions: [{ id: subId, customer, price: 'price_alchemist_monthly' }] });
      expect((await deliver(stripe.event('customer.subscription.created', stripe.subscriptions.get(subId), SECRET))).status).toBe(200);
      const dispute = stripe.dispute({ subscription: subId }).id;
      const created = disputeEvent('charge.dispute.created', dispute);
      const how = await race(round, {
        first: () => deliver(created),
        holdBefore: ['POST disputes', 'GET stripe_subscriptions', 'POST stripe_subscriptions', 'GET stripe_customers', 'PATCH profiles'],
        then: () => {
          stripe.closeDispute(dispute, outcome);
          const closed = disputeEvent('charge.dispute.closed', dispute);
          return () => deliver(closed);
        },
      });
      const expected =
        outcome === 'lost'
          ? { subscription_status: 'canceled', dispute_status: 'lost', tier: 'Explorer', atStripe: 'canceled' }
          : { subscription_status: 'active', dispute_status: 'won', tier: 'Alchemist', atStripe: 'active' };
      const wrong = async () => {
        const [row] = await rows<{ subscription_status: string; dispute_status: string | null }>(
          db,
          owner,
          `select subscription_status, dispute_status from public.stripe_subscriptions where customer_id = $1`,
          [customer],
        );
        const [profile] = await rows<{ membership_tier: string }>(db, owner, `select membership_tier from public.profiles where id = $1`, [memberId]);
        const got = { subscription_status: row?.subscription_status, dispute_status: row?.dispute_status, tier: profile?.membership_tier, atStripe: stripe.subscriptions.get(subId)?.status };
        return JSON.stringify(got) === JSON.stringify(expected) ? null : JSON.stringify(got);
      };
      return { how, problem: await settledThenRetried(wrong, () => deliver(created)) };
    });
  });
});
