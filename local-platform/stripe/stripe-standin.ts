/**
 * A local HTTP server that answers the Stripe API calls the functions make, records every
 * request (method, path, query and the form-encoded body, flattened to `a[b][0]`-style keys),
 * and can be told to fail. The functions' SDK is pointed at it with STRIPE_API_HOST,
 * STRIPE_API_PORT and STRIPE_API_PROTOCOL (see `env`).
 *
 * Answers: GET /v1/prices (with `expand[]=data.product`), GET /v1/customers/search,
 * POST /v1/customers, POST /v1/checkout/sessions, GET /v1/subscriptions/:id (with
 * `expand[]=default_payment_method` and `expand[]=items.data.price.product`), GET /v1/subscriptions
 * (by customer and status), DELETE /v1/subscriptions/:id, GET /v1/checkout/sessions/:id (with
 * `expand[]=line_items` or `expand[]=line_items.data.price.product`), GET /v1/checkout/sessions
 * (by payment_intent), GET /v1/charges/:id, POST /v1/billing_portal/sessions (the Customer
 * Portal: a known customer and a valid return_url, as Stripe checks them).
 *
 * Checkout Sessions are kept: created `open` and `unpaid` with their line items, amount_total
 * and currency, as Stripe does; `complete()` completes one (paid, or unpaid for a delayed
 * payment method, with a payment intent), `settle()` settles a delayed one, `refund()` refunds
 * its charge, and `event()` signs an event as Stripe signs webhooks. A subscription checkout,
 * once completed, has what Checkout makes for it: a customer when the session named none (with
 * its customer_email), a card payment method, and an `active` subscription whose items are the
 * session's prices, whose period (now to a month later) is both at the top level and on each
 * item (older and newer API versions), whose metadata is the session's
 * `subscription_data[metadata]` and whose default payment method is the card; the session
 * names the customer and the subscription. (A subscription is paid by card only here: the bank
 * debit is offered for one-off payments.) `seed()` or the `seed` option registers customers and
 * subscriptions that exist from the start (the demo members of dev:members).
 * Test helpers over HTTP:
 * GET /pay/:session (the page a checkout lands on, with a Pay button), POST /pay/:session (pays:
 * completes the session, delivers the signed events to the webhook address given as `webhook`,
 * then redirects to the success address, as Checkout does), GET /portal/:session (the portal's
 * stand-in, with a link back to its return_url), GET /__requests (the record, for end-to-end
 * tests), POST /__reset.
 *
 * With `webhook`, the events Stripe sends, each signed with the webhook secret at delivery:
 * paying a one-off session sends checkout.session.completed; paying a subscription session
 * sends customer.created (when Checkout made the customer), customer.subscription.created, then
 * checkout.session.completed, in that order (Stripe does not promise one: our webhook re-reads
 * from Stripe and converges); DELETE /v1/subscriptions/:id answers first and then sends
 * customer.subscription.deleted, as Stripe does not deliver within the API call (so the
 * webhook's replacing of an old plan is told back to it). `deliveries()` waits for every
 * delivery under way; `sent` lists them with the webhook's answers.
 *
 * For `npm run dev:members` (with `webhook`): the payment page also has Decline (the card is
 * refused: nothing is sent, the session stays open, as Checkout keeps the customer on the page)
 * and, for a one-off payment, "Bank debit" (the session completes unpaid,
 * checkout.session.completed is sent, and `settleAfterMs` later
 * checkout.session.async_payment_succeeded, as a SEPA debit settles). GET /__admin lists the
 * sessions, every subscription (customer, price by lookup key, status, cancel_at_period_end)
 * and every event sent with its answer. Its buttons: Refund (charge.refunded), Resend (the same
 * event again), and for a subscription not yet canceled: Cancel now (canceled, with canceled_at
 * and ended_at; customer.subscription.deleted), Cancel at period end (cancel_at_period_end and
 * cancel_at; customer.subscription.updated) and Switch to another recurring price (the item
 * keeps its id and takes the price; customer.subscription.updated). Updated events carry
 * `previous_attributes` as Stripe's do.
 *
 * Payments have what Stripe makes for them: a charge for a paid one-off session (when the card
 * pays, or a bank debit settles), and for a paid plan an invoice (its parent names the
 * subscription), an invoice payment and its payment intent's charge, so a dispute can be traced
 * to what it bought: GET /v1/disputes/:id, GET /v1/invoice_payments (by
 * `payment[payment_intent]`, `expand[]=data.invoice`), GET /v1/invoices/:id. `dispute()` opens a
 * dispute (a chargeback) on a session's charge or a subscription's latest payment, and
 * `closeDispute()` closes it as won or lost; the admin page's Dispute, Dispute latest payment
 * and Close as won / lost do the same and send charge.dispute.created and .closed, signed.
 *
 * GET /v1/checkout/sessions also filters by `customer` and `status`, and POST
 * /v1/checkout/sessions/:id/expire expires an open session (its page can no longer be paid), as
 * account deletion asks.
 *
 * `untagged` lists catalogue ids whose product carries no `productType` metadata, as a product
 * made by hand in Stripe's dashboard (the site must know it by its price's lookup key alone).
 *
 * Runs in vitest and, unchanged, under plain Node (type stripping) for the e2e members build.
 *
 * Split by Stripe resource: checkout-sessions.ts, customers.ts (and the portal), subscriptions.ts,
 * payments.ts (charges, invoices, refunds), disputes.ts, prices.ts and catalogue.ts, events.ts
 * (signing and delivering webhooks), payment-page.ts and admin-page.ts; this file starts the
 * server and gives the test's handle (StripeDouble, types.ts).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { adminAction, adminPage } from './admin-page.ts';
import { checkoutSessionsRoutes, complete, settle } from './checkout-sessions.ts';
import { createContext } from './context.ts';
import { customersRoutes, portalPage } from './customers.ts';
import { closeDispute, disputesRoutes, openDispute } from './disputes.ts';
import { deliveries, signedEvent } from './events.ts';
import { TEST_SECRET_KEY, bodyOf, flatten, send, stripeError, type ApiRequest } from './http.ts';
import { paymentPage } from './payment-page.ts';
import { paymentsRoutes, refund } from './payments.ts';
import { pricesRoutes } from './prices.ts';
import { seed, subscriptionsRoutes } from './subscriptions.ts';
import type { DoublePrice, DoubleProduct, StripeDouble, StripeDoubleOptions } from './types.ts';

export type {
  CatalogueLike,
  DoubleCharge,
  DoubleCustomer,
  DoubleDispute,
  DoubleInvoice,
  DoubleInvoicePayment,
  DoublePaymentMethod,
  DoublePortalSession,
  DoublePrice,
  DoubleProduct,
  DoubleSession,
  DoubleSubscription,
  RecordedRequest,
  SignedEvent,
  StripeDouble,
  StripeDoubleOptions,
  StripeDoubleSeed,
} from './types.ts';
export { catalogueAsStripe, stripePriceId } from './catalogue.ts';
export { signPayload, signedEvent } from './events.ts';
export { TEST_SECRET_KEY } from './http.ts';

/** The API's resources, each answering its own routes (false: not one of mine). */
const RESOURCES = [pricesRoutes, customersRoutes, checkoutSessionsRoutes, paymentsRoutes, disputesRoutes, subscriptionsRoutes];

export async function startStripeDouble(options: StripeDoubleOptions = {}): Promise<StripeDouble> {
  const host = options.host ?? '127.0.0.1';
  const ctx = createContext(options);
  const { state, failures, sent } = ctx;

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://double');
    const raw = req.method === 'POST' || req.method === 'DELETE' ? await bodyOf(req) : '';
    const query = flatten(url.searchParams);
    const form = flatten(new URLSearchParams(raw));
    const route = `${req.method} ${url.pathname}`;

    if (url.pathname === '/__requests') return send(res, 200, state.requests);
    if (url.pathname === '/__reset') {
      state.requests.length = 0;
      failures.clear();
      return send(res, 200, { ok: true });
    }
    if (url.pathname.startsWith('/pay/')) return paymentPage(ctx, req.method, decodeURIComponent(url.pathname.slice(5)), raw, res);
    if (url.pathname === '/__admin' || url.pathname.startsWith('/__admin/')) {
      return req.method === 'POST' ? adminAction(ctx, url.pathname, form, res) : adminPage(ctx, res);
    }
    if (req.method === 'GET' && url.pathname.startsWith('/portal/')) return portalPage(ctx, url.pathname.slice(8), res);

    state.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query,
      form,
      authorization: req.headers.authorization ?? null,
      idempotencyKey: (req.headers['idempotency-key'] as string | undefined) ?? null,
    });

    const failure = failures.get(route);
    if (failure) return stripeError(res, failure, 'The double was told to fail.', failure >= 500 ? 'api_error' : 'invalid_request_error');
    if (req.headers.authorization !== `Bearer ${TEST_SECRET_KEY}`) return stripeError(res, 401, 'Invalid API Key provided.');

    const request: ApiRequest = { route, query, form };
    for (const resource of RESOURCES) if (resource(ctx, request, res)) return;
    return stripeError(res, 404, `Unrecognized request URL (${route}).`);
  });

  if (options.seed) seed(ctx, options.seed);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  ctx.base = `http://${host}:${port}`;

  const api: StripeDouble = {
    url: ctx.base,
    env: { STRIPE_SECRET_KEY: TEST_SECRET_KEY, STRIPE_API_HOST: host, STRIPE_API_PORT: String(port), STRIPE_API_PROTOCOL: 'http' },
    get requests() {
      return state.requests;
    },
    get products() {
      return state.products;
    },
    set products(value: DoubleProduct[]) {
      state.products = value;
    },
    get prices() {
      return state.prices;
    },
    set prices(value: DoublePrice[]) {
      state.prices = value;
    },
    get customers() {
      return state.customers;
    },
    subscriptions: state.subscriptions,
    paymentMethods: state.paymentMethods,
    get portalSessions() {
      return state.portalSessions;
    },
    sessions: state.sessions,
    charges: state.charges,
    invoices: state.invoices,
    invoicePayments: state.invoicePayments,
    disputes: state.disputes,
    dispute: (target, prefix) => openDispute(ctx, target, prefix),
    closeDispute: (disputeId, outcome) => closeDispute(ctx, disputeId, outcome),
    complete: (sessionId, paymentStatus) => complete(ctx, sessionId, paymentStatus),
    seed: (what) => seed(ctx, what),
    deliveries: () => deliveries(ctx),
    sent,
    settle: (sessionId, succeeded) => settle(ctx, sessionId, succeeded),
    refund: (sessionId, amount) => refund(ctx, sessionId, amount),
    event: (type, object, secret) => signedEvent(type, object, secret),
    fail(route, status) {
      failures.set(route, status);
    },
    reset() {
      state.requests.length = 0;
      state.customers.splice(0, state.customers.length, ...ctx.seededCustomers);
      state.portalSessions.length = 0;
      state.sessions.clear();
      // The subscriptions stay, and so do their payments.
      const billed = new Set(state.invoicePayments.map((p) => p.payment.payment_intent));
      for (const [id, charge] of state.charges) if (!billed.has(charge.payment_intent)) state.charges.delete(id);
      for (const charge of state.charges.values()) charge.disputed = false;
      state.disputes.clear();
      sent.length = 0;
      failures.clear();
    },
    requestsTo(route) {
      return state.requests.filter((r) => `${r.method} ${r.path}` === route);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return api;
}
