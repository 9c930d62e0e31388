/**
 * The webhook as Stripe reaches it: our stripe-webhook function behind HTTP (as the site serves
 * it at /api/stripe-webhook), the Stripe stand-in sending its signed events there, and PGlite
 * behind the local data API. For the function tests that go the whole way: a member pays on the
 * stand-in's page (`buys`), the stand-in's admin page refunds or disputes it (`admin`), and the
 * webhook records it. The tests of a file build on each other: the stand-ins are not reset.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import webhook from '../../netlify/functions/stripe-webhook.mts';
import checkoutFunction from '../../netlify/functions/stripe-checkout.mts';
import type { StripeDouble } from '../../local-platform/stripe/stripe-standin';
import type { LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import catalogue from '../../src/content/catalogue.json';
import { call, createEmulatorUser, SITE, type EmulatorUser } from './functions';
import { withStandIns } from './stand-ins';

export interface WebhookOverHttp {
  /** The stand-ins of the running test file (set once they have started). */
  readonly stripe: StripeDouble;
  readonly db: LocalSupabase;
  /** The admin page's buttons, as a developer presses them (a form POST; the page redirects back). */
  admin(action: string, form?: Record<string, string>): Promise<void>;
  /** A member who buys `priceId` through the site's checkout and pays on the stand-in's page. */
  buys(priceId: string, mode: 'payment' | 'subscription'): Promise<{ member: EmulatorUser; session: string }>;
}

/** Starts the webhook behind HTTP and the stand-ins for this test file, with the webhook's `secret`. */
export function webhookOverHttp(secret: string): WebhookOverHttp {
  let hook: Server;
  let port: number;
  let stripe: StripeDouble | undefined;
  let db: LocalSupabase | undefined;

  beforeAll(async () => {
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
  withStandIns(
    {
      stripe: () => ({ catalogue, webhook: { url: `http://127.0.0.1:${port}/api/stripe-webhook`, secret } }),
      db: true,
      env: { STRIPE_WEBHOOK_SECRET: secret },
      unset: ['URL', 'SITE_URL'],
      reset: false,
    },
    (standIns) => ({ stripe, db } = standIns),
  );

  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('webhookOverHttp: the stand-ins have not started (use them inside a test)');
    return value;
  };

  return {
    get stripe() {
      return started(stripe);
    },
    get db() {
      return started(db);
    },
    async admin(action, form = {}) {
      const res = await fetch(`${started(stripe).url}/__admin/${action}`, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });
      expect(res.status).toBe(303);
      await started(stripe).deliveries();
    },
    async buys(priceId, mode) {
      const member = await createEmulatorUser();
      const tables = started(db).tables;
      tables.profiles = [...(tables.profiles ?? []), { id: member.memberId, email: member.email.toLowerCase(), membership_tier: 'Explorer' }];
      const checkout = await call(checkoutFunction, '/api/stripe-checkout', {
        method: 'POST',
        headers: { authorization: `Bearer ${member.idToken}`, origin: SITE },
        body: { price_id: priceId, mode, success_url: `${SITE}/success?session_id={CHECKOUT_SESSION_ID}`, cancel_url: `${SITE}/products` },
      });
      expect(checkout.status).toBe(200);
      const { url } = checkout.body as { url: string };
      const paid = await fetch(url, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' });
      expect(paid.status).toBe(303);
      await started(stripe).deliveries();
      return { member, session: url.split('/').pop()! };
    },
  };
}
