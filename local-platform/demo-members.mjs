/**
 * The demo members of `npm run dev:members`: one for each standing, with the same password
 * (the README lists them). Their accounts are made on the Firebase Auth emulator with fixed
 * ids on every start (the emulator keeps nothing between runs) through its Admin REST API, as
 * the project's owner (`Authorization: Bearer owner`, which the emulator accepts for a `demo-`
 * project; firebase-admin is not a dependency any more, docs/decisions/function-size.md), as
 * verified accounts (their email addresses proven, as a verification link leaves them: the coach
 * role is given only to such an account), with the `role: authenticated` claim auth-sync gives
 * every member (and `coach: true` for the coach, `owner: true` for the owner). Their rows (profile, Stripe customer and subscription, purchase) are written once as
 * the database owner and left alone after that (`on conflict do nothing`), so what a developer
 * did with them survives a restart.
 */

export const DEMO_PASSWORD = 'inner-alchemy-demo';

/**
 * @typedef {{ memberId: string, email: string, name: string, tier: 'Explorer' | 'Adventurer' | 'Alchemist',
 *   plan?: string, purchase?: { price: string, type: 'app' | 'membership' | 'course', amount: number }, coach?: true, owner?: true }} DemoMember
 */

/** @type {readonly DemoMember[]} */
export const DEMO_MEMBERS = [
  { memberId: 'demo-explorer', email: 'explorer@demo.local', name: 'Ella Explorer', tier: 'Explorer' },
  { memberId: 'demo-adventurer', email: 'adventurer@demo.local', name: 'Ari Adventurer', tier: 'Adventurer', plan: 'price_adventurer_monthly' },
  { memberId: 'demo-alchemist', email: 'alchemist@demo.local', name: 'Alma Alchemist', tier: 'Alchemist', plan: 'price_alchemist_monthly' },
  { memberId: 'demo-founding', email: 'founding@demo.local', name: 'Faye Founder', tier: 'Explorer', purchase: { price: 'price_founding_membership', type: 'membership', amount: 69000 } },
  { memberId: 'demo-app-buyer', email: 'appbuyer@demo.local', name: 'Abe Appbuyer', tier: 'Explorer', purchase: { price: 'price_app_stillpoint', type: 'app', amount: 2900 } },
  // The coach of Rapid Fire Coaching Live: the `coach` claim opens /coach (npm run coach:grant gives it in production).
  { memberId: 'demo-coach', email: 'coach@demo.local', name: 'Cora Coach', tier: 'Explorer', coach: true },
  // The one who runs Inner Alchemy: the `owner` claim opens /coach/numbers (npm run owner:grant gives it in production).
  { memberId: 'demo-owner', email: 'owner@demo.local', name: 'Olive Owner', tier: 'Explorer', owner: true },
];

/** What the demo plans bill a month (cents), as the Stripe stand-in's catalogue prices them (src/content/catalogue.json). */
const DEMO_PLAN_AMOUNTS = /** @type {Record<string, number>} */ ({ price_adventurer_monthly: 3900, price_alchemist_monthly: 6900 });

/** The Stripe customer and subscription ids of a demo member with a plan (the stand-in knows them too). */
export function demoBilling(/** @type {DemoMember} */ member) {
  const short = member.memberId.replace('demo-', '');
  return { customer: `cus_demo_${short}`, subscription: `sub_demo_${member.memberId}` };
}

/**
 * One call of the emulator's Admin API (Identity Toolkit v1, project-scoped), as the owner.
 * @param {string} emulatorHost host:port
 * @param {string} projectId
 * @param {string} method e.g. `accounts`, `accounts:update`
 * @param {Record<string, unknown>} body
 */
async function admin(emulatorHost, projectId, method, body) {
  const res = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/projects/${encodeURIComponent(projectId)}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify(body),
  });
  const answer = /** @type {{ error?: { message?: string } }} */ (await res.json().catch(() => ({})));
  return { ok: res.ok, message: answer.error?.message ?? `HTTP ${res.status}` };
}

/**
 * Makes the demo members' accounts on the emulator and writes their rows.
 * @param {{ emulatorHost: string, projectId: string, query: (sql: string, params?: unknown[]) => Promise<unknown> }} options
 *   `query` runs SQL as the database owner.
 */
export async function createDemoMembers({ emulatorHost, projectId, query }) {
  for (const m of DEMO_MEMBERS) {
    const created = await admin(emulatorHost, projectId, 'accounts', { localId: m.memberId, email: m.email, password: DEMO_PASSWORD, displayName: m.name });
    // Already there when the emulator outlived an earlier start: the account is reused as it is.
    if (!created.ok && !/DUPLICATE_LOCAL_ID|EMAIL_EXISTS/.test(created.message)) {
      throw new Error(`the Auth emulator refused the demo account ${m.email}: ${created.message}`);
    }
    const claims = { role: 'authenticated', ...(m.coach ? { coach: true } : {}), ...(m.owner ? { owner: true } : {}) };
    const claimed = await admin(emulatorHost, projectId, 'accounts:update', { localId: m.memberId, emailVerified: true, customAttributes: JSON.stringify(claims) });
    if (!claimed.ok) throw new Error(`the Auth emulator refused the claims of ${m.email}: ${claimed.message}`);

    // Verified accounts, as after opening the verification link: their profile says so (mail goes only to a verified address).
    await query('insert into public.profiles (id, email, full_name, membership_tier, email_verified) values ($1, $2, $3, $4, true) on conflict (id) do update set email_verified = true', [m.memberId, m.email, m.name, m.tier]);
    if (m.plan) {
      const { customer, subscription } = demoBilling(m);
      await query('insert into public.stripe_customers (user_id, customer_id) values ($1, $2) on conflict do nothing', [m.memberId, customer]);
      const now = Math.floor(Date.now() / 1000);
      await query(
        `insert into public.stripe_subscriptions (customer_id, subscription_id, price_id, subscription_status, current_period_start, current_period_end,
           plan_amount, plan_currency, plan_interval, plan_interval_count)
         values ($1, $2, $3, 'active', $4, $5, $6, 'usd', 'month', 1) on conflict do nothing`,
        [customer, subscription, m.plan, now, now + 30 * 24 * 3600, DEMO_PLAN_AMOUNTS[m.plan] ?? null],
      );
    }
    if (m.purchase) {
      await query(
        `insert into public.purchases (user_id, price_id, product_type, checkout_session_id, amount, currency, status)
         values ($1, $2, $3, $4, $5, 'usd', 'paid') on conflict do nothing`,
        [m.memberId, m.purchase.price, m.purchase.type, `cs_demo_${m.memberId}`, m.purchase.amount],
      );
    }
  }
}

/**
 * What Stripe would know of the members on record: every Stripe customer in the database (with
 * its member's email and id) and each subscription with a price, as the stand-in's `seed`
 * takes them (local-platform/stripe/stripe-standin.ts). The stand-in keeps nothing between runs while
 * the database does; seeded from it on every start, the Customer Portal and the stand-in's admin
 * page (cancel, switch) work for the demo members and for what a developer bought earlier.
 * @param {(sql: string) => Promise<{ rows: unknown[] }>} query SQL as the database owner
 */
export async function billingOnRecord(query) {
  const customers = /** @type {{ id: string, email: string | null, memberId: string }[]} */ (
    (await query('select c.customer_id as id, p.email, c.user_id as "memberId" from public.stripe_customers c left join public.profiles p on p.id = c.user_id order by c.created_at')).rows
  );
  const subscriptions = /** @type {{ id: string, customer: string, price: string, status: string, cancel_at_period_end: boolean, current_period_start: number | null, current_period_end: number | null }[]} */ (
    (
      await query(
        `select subscription_id as id, customer_id as customer, price_id as price, subscription_status as status, cancel_at_period_end,
                current_period_start::float8 as current_period_start, current_period_end::float8 as current_period_end
           from public.stripe_subscriptions where subscription_id is not null and price_id is not null order by updated_at`,
      )
    ).rows
  );
  return {
    customers: customers.map((c) => ({ id: c.id, email: c.email, metadata: { firebase_uid: c.memberId } })),
    subscriptions: subscriptions.map(({ current_period_start, current_period_end, ...s }) => ({
      ...s,
      ...(current_period_start !== null ? { current_period_start } : {}),
      ...(current_period_end !== null ? { current_period_end } : {}),
    })),
  };
}
