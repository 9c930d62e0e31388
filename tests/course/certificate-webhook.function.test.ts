/**
 * Revocation through the real webhook (issue 45): a member who bought the Master Alchemist Course
 * pays on the Stripe stand-in, completes every lesson and claims the certificate through
 * POST /api/certificate; then the stand-in's admin page refunds the payment, or opens a dispute and
 * closes it as lost, and Stripe's signed events reach our webhook over HTTP. The webhook's own
 * write (the purchase refunded, the dispute lost) revokes the certificate in the same statement
 * (the database's trigger): its public page then says "revoked". A dispute still open or won
 * revokes nothing.
 */
import { describe, expect, it } from 'vitest';
import claim from '../../netlify/functions/certificate-claim.mts';
import verify from '../../netlify/functions/certificate-verify.mts';
import { call, SITE, type EmulatorUser } from '../support/functions';
import { webhookOverHttp } from '../support/webhook-over-http';
import { COURSE_ID } from '../../src/features/course/certificate';

const SECRET = 'whsec_test_certificate';
const web = webhookOverHttp(SECRET);
const { admin, buys } = web;

/** The member completes every lesson (their rows) and claims the certificate; its code. */
async function certified(member: EmulatorUser): Promise<string> {
  await web.db.query(`insert into public.lesson_progress (member_id, lesson_slug) select $1, slug from private.course_lessons where course = $2`, [member.memberId, COURSE_ID]);
  const res = await call(claim, '/api/certificate', { method: 'POST', headers: { authorization: `Bearer ${member.idToken}`, origin: SITE }, body: { name: 'Ada Lima' } });
  expect(res.status).toBe(201);
  return (res.body as { certificate: { code: string } }).certificate.code;
}
const page = async (code: string) => (await call(verify, `/verify/${code}`)).text;
const lastDispute = () => [...web.stripe.disputes.values()].pop()!;

describe('a certificate and the purchase that gave the course', () => {
  it('a refund through the webhook revokes it', async () => {
    const { member, session } = await buys('price_master_alchemist_course', 'payment');
    const code = await certified(member);
    expect(await page(code)).toContain('This certificate is valid.');
    await admin(`refund/${session}`);
    expect(web.stripe.sent.at(-1)?.type).toBe('charge.refunded');
    expect(web.db.tables.purchases?.find((p) => p.checkout_session_id === session)).toMatchObject({ status: 'refunded' });
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
    expect(web.stripe.sent.at(-1)?.type).toBe('charge.dispute.closed');
    expect(await page(code)).toContain('This certificate has been revoked.');
    expect(await page(kept)).toContain('This certificate is valid.');
  });
});
