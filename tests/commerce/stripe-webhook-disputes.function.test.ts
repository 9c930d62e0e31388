/**
 * Chargebacks end to end on the Stripe stand-in: a member pays on the stand-in's payment page,
 * the stand-in's admin page opens a dispute on the payment and closes it (as won or lost), and
 * Stripe's signed events go to our real webhook function over HTTP (as Stripe sends them); the
 * content gate then answers as the member would find it, from the rows in Postgres.
 *   purchase     created: no access; won: access; lost: no access (and it can be bought again)
 *   membership   created: no access, Explorer; won: access, the plan's tier; lost: no access,
 *                the subscription cancelled at Stripe, Explorer
 * and each holds when Stripe delivers the same events again (the admin page's Resend). Disputes
 * whose ids begin dp_ (most of Stripe's) and du_ are recorded alike.
 */
import { describe, expect, it } from 'vitest';
import content from '../../netlify/functions/content.mts';
import checkoutFunction from '../../netlify/functions/stripe-checkout.mts';
import generated from '../../netlify/functions/_generated/gated-content.json';
import { call, SITE, type EmulatorUser } from '../support/functions';
import { webhookOverHttp } from '../support/webhook-over-http';

const SECRET = 'whsec_test_disputes';
const paidLesson = Object.entries(generated.course as Record<string, { preview: boolean }>).find(([, l]) => !l.preview)![0];
const web = webhookOverHttp(SECRET);
const { admin, buys } = web;

const opens = async (member: EmulatorUser, product: string, item: string) => (await call(content, `/api/content/${product}/${item}`, { headers: { authorization: `Bearer ${member.idToken}` } })).status;
const lastDispute = () => [...web.stripe.disputes.values()].pop()!;
const resendAll = async () => {
  for (const i of web.stripe.sent.map((_, i) => i)) await admin(`resend/${i}`);
};
const answersOk = () => expect(web.stripe.sent.filter((e) => e.status !== 200)).toEqual([]);

describe('a disputed purchase', () => {
  it('opened: no access; closed as won: access again; the same events again change nothing', async () => {
    const { member, session } = await buys('price_master_alchemist_course', 'payment');
    expect(await opens(member, 'course', paidLesson)).toBe(200);

    await admin(`dispute/${session}`);
    expect(web.stripe.sent.at(-1)?.type).toBe('charge.dispute.created');
    expect(await opens(member, 'course', paidLesson)).toBe(403);
    expect(web.db.tables.purchases?.find((p) => p.checkout_session_id === session)).toMatchObject({ status: 'paid', dispute_status: 'open' });

    await admin(`close-dispute/${lastDispute().id}`, { outcome: 'won' });
    expect(web.stripe.sent.at(-1)?.type).toBe('charge.dispute.closed');
    expect(await opens(member, 'course', paidLesson)).toBe(200);

    await resendAll();
    answersOk();
    expect(await opens(member, 'course', paidLesson)).toBe(200);
    expect(web.db.tables.disputes?.filter((d) => d.checkout_session_id === session)).toEqual([expect.objectContaining({ status: 'won', charge_id: lastDispute().charge })]);
  });

  it('closed as lost: no access, as after a refund, and the product can be bought again', async () => {
    const { member, session } = await buys('price_app_the_bloom_book', 'payment');
    expect(await opens(member, 'the-bloom-book', 'prompts')).toBe(200);
    await admin(`dispute/${session}`);
    await admin(`close-dispute/${lastDispute().id}`, { outcome: 'lost' });
    expect(await opens(member, 'the-bloom-book', 'prompts')).toBe(403);
    expect(web.db.tables.purchases?.find((p) => p.checkout_session_id === session)).toMatchObject({ dispute_status: 'lost', dispute_since: expect.any(String) });
    await resendAll();
    answersOk();
    expect(await opens(member, 'the-bloom-book', 'prompts')).toBe(403);
    const again = await call(checkoutFunction, '/api/stripe-checkout', {
      method: 'POST',
      headers: { authorization: `Bearer ${member.idToken}`, origin: SITE },
      body: { price_id: 'price_app_the_bloom_book', mode: 'payment', success_url: `${SITE}/success?session_id={CHECKOUT_SESSION_ID}`, cancel_url: `${SITE}/products` },
    });
    expect(again.status).toBe(200);
  });
});

describe('disputes as Stripe names them', () => {
  it('records a dispute whose id begins dp_ and one whose id begins du_ alike, each moving access as before', async () => {
    for (const prefix of ['dp', 'du'] as const) {
      const { member, session } = await buys('price_app_the_reset_room', 'payment');
      expect(await opens(member, 'the-reset-room', 'resets')).toBe(200);
      await admin(`dispute/${session}`, { prefix });
      expect(lastDispute().id.startsWith(`${prefix}_`)).toBe(true);
      answersOk();
      expect(await opens(member, 'the-reset-room', 'resets')).toBe(403);
      await admin(`close-dispute/${lastDispute().id}`, { outcome: 'won' });
      answersOk();
      expect(await opens(member, 'the-reset-room', 'resets')).toBe(200);
      expect(web.db.tables.disputes?.filter((d) => d.checkout_session_id === session)).toEqual([expect.objectContaining({ dispute_id: lastDispute().id, status: 'won' })]);
    }
  });
});

describe('a disputed membership payment', () => {
  const row = (customer: string) => web.db.tables.stripe_subscriptions?.find((s) => s.customer_id === customer);
  const tier = (memberId: string) => web.db.tables.profiles?.find((p) => p.id === memberId)?.membership_tier;

  it('opened: no access and Explorer; closed as won: access and Alchemist again', async () => {
    const { member } = await buys('price_alchemist_monthly', 'subscription');
    const customer = web.db.tables.stripe_customers!.find((c) => c.user_id === member.memberId)!.customer_id as string;
    const subscription = row(customer)!.subscription_id as string;
    expect(await opens(member, 'course', paidLesson)).toBe(200);
    expect(tier(member.memberId)).toBe('Alchemist');

    await admin(`dispute-subscription/${encodeURIComponent(subscription)}`);
    expect(await opens(member, 'course', paidLesson)).toBe(403);
    expect(await opens(member, 'rise-mode', 'statements')).toBe(403);
    expect(row(customer)).toMatchObject({ subscription_status: 'active', dispute_status: 'open' });
    expect(tier(member.memberId)).toBe('Explorer');

    await admin(`close-dispute/${lastDispute().id}`, { outcome: 'won' });
    expect(await opens(member, 'course', paidLesson)).toBe(200);
    expect(tier(member.memberId)).toBe('Alchemist');
    await resendAll();
    answersOk();
    expect(await opens(member, 'course', paidLesson)).toBe(200);
    expect(tier(member.memberId)).toBe('Alchemist');
  });

  it('closed as lost: no access, the subscription cancelled at Stripe (no further charge), Explorer; the same events again change nothing', async () => {
    const { member } = await buys('price_adventurer_monthly', 'subscription');
    const customer = web.db.tables.stripe_customers!.find((c) => c.user_id === member.memberId)!.customer_id as string;
    const subscription = row(customer)!.subscription_id as string;
    expect(await opens(member, 'rise-mode', 'statements')).toBe(200);
    await admin(`dispute-subscription/${encodeURIComponent(subscription)}`);
    await admin(`close-dispute/${lastDispute().id}`, { outcome: 'lost' });
    expect(web.stripe.subscriptions.get(subscription)?.status).toBe('canceled');
    expect(await opens(member, 'rise-mode', 'statements')).toBe(403);
    expect(row(customer)).toMatchObject({ subscription_status: 'canceled', dispute_status: 'lost' });
    expect(tier(member.memberId)).toBe('Explorer');
    await resendAll();
    answersOk();
    expect(row(customer)).toMatchObject({ subscription_status: 'canceled', dispute_status: 'lost' });
    expect(await opens(member, 'rise-mode', 'statements')).toBe(403);
  });
});
