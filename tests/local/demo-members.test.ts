/**
 * The demo members `npm run dev:members` makes (local-platform/demo-members.mjs), checked as a
 * developer would use them: sign in on the Auth emulator with the README's password, then read
 * your own rows through the local endpoint with that ID token (row-level security decides).
 * Runs inside the Auth emulator (`npm run test:unit`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBERS, DEMO_PASSWORD, billingOnRecord, createDemoMembers, demoBilling } from '../../local-platform/demo-members.mjs';
import { claimsOf } from '../../local-platform/jwt.mjs';
import { startLocalSupabase, type LocalSupabase } from '../../local-platform/postgrest/local-supabase';

const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST;
const PROJECT = process.env.FIREBASE_PROJECT_ID ?? 'demo-inner-alchemy';

async function signInAs(email: string, password: string): Promise<{ status: number; idToken?: string }> {
  const res = await fetch(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  return { status: res.status, ...((await res.json()) as { idToken?: string }) };
}

describe('the demo members of npm run dev:members', () => {
  let db: LocalSupabase;
  const seed = () => createDemoMembers({ emulatorHost: EMULATOR!, projectId: PROJECT, query: (sql, params) => db.query(sql, params) });

  beforeAll(async () => {
    if (!EMULATOR) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is unset: run inside the Auth emulator (node scripts/with-auth-emulator.mjs npx vitest run --project local)');
    db = await startLocalSupabase({ firebaseProjectId: PROJECT });
    await seed();
  });
  afterAll(async () => db?.close());

  /** A read through the endpoint as the member whose ID token this is. */
  const read = async (token: string, path: string) => {
    const res = await fetch(`${db.url}/rest/v1/${path}`, { headers: { apikey: db.keys.anon, authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>[];
  };

  it.each(DEMO_MEMBERS.map((m) => [m.email, m] as const))('%s signs in with the README password, a verified account, and reads their own standing', async (_, member) => {
    const { status, idToken } = await signInAs(member.email, DEMO_PASSWORD);
    expect(status).toBe(200);
    // A verified address (the coach role is given only to such an account: npm run coach:grant).
    expect(claimsOf(idToken!)).toMatchObject({ user_id: member.memberId, role: 'authenticated', email_verified: true });
    expect(claimsOf(idToken!)?.['coach']).toBe(member.coach ? true : undefined);
    expect(claimsOf(idToken!)?.['owner']).toBe(member.owner ? true : undefined);

    expect(await read(idToken!, 'profiles?select=id,full_name,membership_tier')).toEqual([{ id: member.memberId, full_name: member.name, membership_tier: member.tier }]);
    const subscriptions = await read(idToken!, 'stripe_subscriptions?select=subscription_id,price_id,subscription_status');
    if (member.plan) {
      expect(subscriptions).toEqual([{ subscription_id: demoBilling(member).subscription, price_id: member.plan, subscription_status: 'active' }]);
    } else expect(subscriptions).toEqual([]);
    const purchases = await read(idToken!, 'purchases?select=price_id,status');
    expect(purchases).toEqual(member.purchase ? [{ price_id: member.purchase.price, status: 'paid' }] : []);
  });

  it('a wrong password is refused', async () => {
    expect((await signInAs(DEMO_MEMBERS[0]!.email, 'not-the-password')).status).toBe(400);
  });

  it('a second start (the emulator still up, the data kept) changes nothing the developer did', async () => {
    const [explorer] = DEMO_MEMBERS;
    await db.query("update public.profiles set full_name = 'Renamed by the developer' where id = $1", [explorer!.memberId]);
    await seed();
    const rows = await db.query<{ full_name: string }>('select full_name from public.profiles where id = $1', [explorer!.memberId]);
    expect(rows).toEqual([{ full_name: 'Renamed by the developer' }]);
    expect(await db.query('select count(*)::int as n from public.profiles')).toEqual([{ n: DEMO_MEMBERS.length }]);
    expect((await signInAs(explorer!.email, DEMO_PASSWORD)).status).toBe(200);
  });

  it('the Stripe stand-in is told the customers and subscriptions on record, as the database has them', async () => {
    const billing = await billingOnRecord(async (sql) => ({ rows: await db.query(sql) }));
    const planned = DEMO_MEMBERS.filter((m) => m.plan);
    expect(billing.customers).toEqual(planned.map((m) => ({ id: demoBilling(m).customer, email: m.email, metadata: { firebase_uid: m.memberId } })));
    expect(billing.subscriptions).toEqual(
      planned.map((m) => expect.objectContaining({ id: demoBilling(m).subscription, customer: demoBilling(m).customer, price: m.plan, status: 'active', cancel_at_period_end: false })),
    );
    expect(billing.subscriptions.every((s) => typeof s.current_period_end === 'number' && s.current_period_end > Date.now() / 1000)).toBe(true);
  });
});
