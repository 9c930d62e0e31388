/**
 * Starts the Stripe double, the email stand-in and the local database for an end-to-end run
 * (scripts/e2e.mjs, members phase): the served functions get `env` (Stripe SDK pointed at the
 * double, SUPABASE_URL at the local PostgREST endpoint over PGlite running our migrations,
 * local-platform/postgrest/local-supabase.ts; RESEND_API_URL at the email stand-in, local-platform/email/email-standin.ts),
 * Playwright gets `testEnv` (their addresses, to read what they recorded). The Stripe double
 * sells the built-in catalogue, each price with a Stripe-made id and the built-in id as lookup key;
 * its Pay button completes a checkout and delivers the signed webhook to the served site. Node runs the .ts fixtures directly
 * (type stripping).
 *
 * The members build's browser reads go to the same endpoint (`browserEnv`), so the doubles are
 * started before that build.
 *
 * Ports: E2E_STRIPE_DOUBLE_PORT, E2E_POSTGREST_PORT and E2E_EMAIL_STANDIN_PORT, or free ports when unset.
 */
import catalogue from '../src/content/catalogue.json' with { type: 'json' };
import { startStripeDouble } from './stripe/stripe-standin.ts';
import { startLocalSupabase } from './postgrest/local-supabase.ts';
import { startEmailStandIn } from './email/email-standin.ts';
import { createDemoMembers } from './demo-members.mjs';
import { freshCertificateKeyEnv } from './certificate-key.mjs';

/** The webhook secret the served stripe-webhook function and the Stripe double share. */
export const E2E_WEBHOOK_SECRET = 'whsec_e2e_double_secret';
/** The secret the served functions sign the links in emails with. */
export const E2E_EMAIL_LINK_SECRET = 'e2e-email-link-secret';

/**
 * `webhookUrl`: where the double's Pay button delivers checkout.session.completed (the served site).
 * `firebaseProjectId`: the Auth emulator's demo- project, whose ID tokens the endpoint accepts
 * (the browser's reads run as the member, row-level security deciding, as on Supabase).
 */
export async function startCommerceDoubles({ webhookUrl, firebaseProjectId } = {}) {
  const stripe = await startStripeDouble({
    port: Number(process.env.E2E_STRIPE_DOUBLE_PORT ?? 0),
    catalogue: catalogue.map(({ id: _id, ...product }) => product),
    ...(webhookUrl ? { webhook: { url: webhookUrl, secret: E2E_WEBHOOK_SECRET } } : {}),
  });
  const db = await startLocalSupabase({ port: Number(process.env.E2E_POSTGREST_PORT ?? 0), ...(firebaseProjectId ? { firebaseProjectId } : {}) });
  const email = await startEmailStandIn({ port: Number(process.env.E2E_EMAIL_STANDIN_PORT ?? 0) });
  return {
    env: { ...stripe.env, ...db.env, ...email.env, EMAIL_LINK_SECRET: E2E_EMAIL_LINK_SECRET, STRIPE_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET, ...freshCertificateKeyEnv() },
    testEnv: { STRIPE_DOUBLE_URL: stripe.url, POSTGREST_URL: db.url, EMAIL_STANDIN_URL: email.url },
    /** What the browser build is pointed at: the endpoint, with the local anon key. */
    browserEnv: { PUBLIC_SUPABASE_URL: db.url, PUBLIC_SUPABASE_ANON_KEY: db.keys.anon },
    /** The demo members of `npm run dev:members` (./demo-members.mjs), on the Auth emulator at `emulatorHost` and in this database. */
    addDemoMembers: (/** @type {string} */ emulatorHost) =>
      createDemoMembers({ emulatorHost, projectId: firebaseProjectId ?? 'demo-inner-alchemy', query: (sql, params) => db.query(sql, params) }),
    close: async () => {
      await stripe.close();
      await db.close();
      await email.close();
    },
  };
}
