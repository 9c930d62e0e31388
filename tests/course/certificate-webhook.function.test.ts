/**
 * Revocation through the real webhook (issue 45): a member who bought the Master Alchemist Course
 * pays on the Stripe stand-in, completes every lesson and claims the certificate through
 * POST /api/certificate; then the stand-in's admin page refunds the payment, or opens a dispute and
 * closes it as lost, and Stripe's signed events reach our webhook over HTTP. The webhook's own
 * write (the purchase refunded, the dispute lost) revokes the certificate in the same statement
 * (the database's trigger): its public page then says "revoked". A dispute still open or won
 * revokes nothing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webhook from '../../netlify/functions/stripe-webhook.mts';
import checkoutFunction from '../../netlify/functions/stripe-checkout.mts';
import claim from '../../netlify/functions/certificate-claim.mts';
import verify from '../../netlify/functions/certificate-verify.mts';
import type { StripeDouble } from '../../local-platform/stripe/stripe-standin';
import type { LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import catalogue from '../../src/content/catalogue.json';
import { call, createEmulatorUser, SITE, type EmulatorUser } from '../support/functions';
import { withStandIns } from '../support/stand-ins';
import { COURSE_ID } from '../../src/features/course/certificate';

const SECRET = 'whsec_test_certificate';
let stripe: StripeDouble;
let db: LocalSupabase;
let hook: Server;
let port: number;

beforeAll(async () => {
  // Our webhook behind HTTP, as the site serves it at /api/stripe-webhook.
  hook = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    const response = await webhook(new Request(`${SITE}${req.url ?? '/'}`, { method: req.method, headers, body: Buffer.concat(chunks).toString('utf8') }));
    res.writeHead(response.status, { 'content-type': 'application/json' });
    res.end(await response.text());
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  ({ port } = hook.address() as AddressInfo);
});
afterAll(async () => {
  hook.closeAllConnections();
  await new Promise<void>((resolve) => hook.close(() => resolve()));
});
// The tests build on each other: the stand-ins are not reset between them.
withStandIns(
  {
    stripe: () => ({ catalogue, webhook: { url: `http://127.0.0.1:${port}/api/stripe-webhook`, secret: SECRET } }),
    db: true,
    env: { STRIPE_WEBHOOK_SECRET: SECRET },
    unset: ['URL', 'SITE_URL'],
    reset: false,
  },
  (standIns) => ({ stripe, db } = standIns),
);

/** The admin page's buttons, as a developer presses them (a form POST; the page redirects back). */
async function admin(action: string, form: Record<string, string> = {}): Promise<void> {
  const res = await fetch(`${stripe.url}/__admin/${action}`, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });
  expect(res.status).toBe(303);
  await stripe.deliveries();
}

/** A member who buys `priceId` through the site's checkout and pays on the stand-in's page. */
async function buys(priceId: string, mode: 'payment' | 'subscription'): Promise<{ member: EmulatorUser; session: string }> {
  const member = await createEmulatorUser();
  db.tables.profiles = [...(db.tables.profiles ?? []), { id: member.memberId, email: member.email.toLowerCase(), membership_tier: 'Explorer' }];
  const started = await call(checkoutFunction, '/api/stripe-checkout', {
    method: 'POST',
    headers: { authorization: `Bearer ${member.idToken}`, origin: SITE },
    body: { price_id: priceId, mode, success_url: `${SITE}/success?session_id={CHECKOUT_SESSION_ID}`, cancel_url: `${SITE}/products` },
  });
  expect(started.status).toBe(200);
  const { url } = started.body as { url: string };
  const paid = await fetch(url, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' });
  expect(paid.status).toBe(303);
  await stripe.deliveries();
  return { member, session: url.split('/').pop()! };
}

/** The member completes every lesson (their rows) and claims the certificate; its code. */
async function certified(member: EmulatorUser): Promise<string> {
  await db.query(`insert into public.lesson_progress (member_id, lesson_slug) select $1, slug from private.course_lessons where course = $2`, [member.memberId, COURSE_ID]);
  const res = await call(claim, '/api/certificate', { method: 'POST', headers: { authorization: `Bearer ${member.idToken}`, origin: SITE }, body: { name: 'Ada Lima' } });
  expect(res.status).toBe(201);
  return (res.body as { certificate: { code: string } }).certificate.code;
}
const page = async (code: string) => (await call(verify, `/verify/${code}`)).text;
const lastDispute = () => [...stripe.disputes.values()].pop()!;

describe('a certificate and the purchase that gave the course', () => {
  it('a refund through the webhook revokes it', async () => {
    const { member, session } = await buys('price_master_alchemist_course', 'payment');
    const code = await certified(member);
    expect(await page(code)).toContain('This certificate is valid.');
    await admin(`refund/${session}`);
    expect(stripe.sent.at(-1)?.type).toBe('charge.refunded');
    expect(db.tables.purchases?.find((p) => p.checkout_session_id === session)).toMatchObject({ status: 'refunded' });
    expect(await page(code)).toContain('This certificate has been revoked.');
  });

  it('a dispute opened and won revokes nothing; one lost through the webhook revokes it', async () => {
    const won = await buys('price_master_alchemist_course', 'payment');
    const kept = await certified(won.member);
    await admin(`dispute/${won.session}`);
    expect(await page(kept)).toContain('This certificate is valid.');
    await admin(`close-dispute/${lastDispute().id}`, { outcome: 'won' });
    expect(await page(kept)).toContain('This certificate is valid.');

    const lost = await buys('price_master_alchemist_course', 'payment');
    const code = await certified(lost.member);
    await admin(`dispute/${lost.session}`);
    await admin(`close-dispute/${lastDispute().id}`, { outcome: 'lost' });
    expect(stripe.sent.at(-1)?.type).toBe('charge.dispute.closed');
    expect(await page(code)).toContain('This certificate has been revoked.');
    expect(await page(kept)).toContain('This certificate is valid.');
  });
});
