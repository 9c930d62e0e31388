/**
 * Checkout Sessions: created `open` and `unpaid` with their line items, amount_total and
 * currency, completed when paid (a subscription's made then), settled when a bank debit settles,
 * expired on request. POST /v1/checkout/sessions, GET /v1/checkout/sessions (by payment_intent,
 * customer, status), GET /v1/checkout/sessions/:id (`expand[]=line_items` or
 * `expand[]=line_items.data.price.product`), POST /v1/checkout/sessions/:id/expire.
 */
import type { ServerResponse } from 'node:http';
import type { StripeContext } from './context.ts';
import { arrayParam, send, stripeError, type ApiRequest } from './http.ts';
import { chargeFor } from './payments.ts';
import { startSubscription } from './subscriptions.ts';
import type { DoubleSession } from './types.ts';

/** A session as Stripe answers it: line items only when expanded (with their products when asked). */
export const sessionView = (ctx: StripeContext, session: DoubleSession, expand: string[]) => {
  const { state } = ctx;
  const { items, ...rest } = session;
  const withItems = expand.includes('line_items') || expand.includes('line_items.data.price.product');
  if (!withItems) return rest;
  const data = items.map((item, i) => {
    const price = state.prices.find((p) => p.id === item.price);
    const product = price && expand.includes('line_items.data.price.product') ? (state.products.find((p) => p.id === price.product) ?? price.product) : price?.product;
    const amount = (price?.unit_amount ?? 0) * item.quantity;
    return {
      id: `li_double_${session.id}_${i}`,
      object: 'item',
      amount_subtotal: amount,
      amount_total: amount,
      currency: price?.currency ?? session.currency,
      description: typeof product === 'object' ? product.name : null,
      price: price ? { ...price, product } : { id: item.price, object: 'price' },
      quantity: item.quantity,
    };
  });
  return { ...rest, line_items: { object: 'list', url: `/v1/checkout/sessions/${session.id}/line_items`, has_more: false, data } };
};

/** A session as an event carries it (no line items). */
export const eventObject = (ctx: StripeContext, session: DoubleSession) => sessionView(ctx, session, []);

/**
 * Completes a session as Checkout does when the customer pays: `paid` for a card, `unpaid`
 * for a delayed method (a bank debit) that settles later. Gives it a payment intent.
 */
export const complete = (ctx: StripeContext, sessionId: string, paymentStatus: 'paid' | 'unpaid' = 'paid'): DoubleSession => {
  const session = ctx.state.sessions.get(sessionId);
  if (!session) throw new Error(`no session ${sessionId}`);
  if (session.mode === 'subscription' && paymentStatus === 'unpaid') throw new Error('the Stripe double pays a subscription checkout by card only (a bank debit is not modelled)');
  session.status = 'complete';
  // Stripe: a subscription checkout of nothing to pay (a free plan) needs no payment.
  session.payment_status = session.mode === 'subscription' && session.amount_total === 0 ? 'no_payment_required' : paymentStatus;
  session.url = null;
  if (session.mode === 'payment') session.payment_intent ??= ctx.next('pi');
  // The card is charged at once; a bank debit's charge comes when it settles.
  if (session.mode === 'payment' && session.payment_status === 'paid') chargeFor(ctx, session.payment_intent!, session.amount_total, session.currency, session.customer);
  if (session.mode === 'subscription' && !session.subscription) startSubscription(ctx, session);
  return session;
};

/** Settles a delayed payment: paid when `succeeded` (its charge made), left unpaid otherwise. */
export const settle = (ctx: StripeContext, sessionId: string, succeeded: boolean): DoubleSession => {
  const session = ctx.state.sessions.get(sessionId);
  if (!session) throw new Error(`no session ${sessionId}`);
  if (succeeded) {
    session.payment_status = 'paid';
    if (session.payment_intent) chargeFor(ctx, session.payment_intent, session.amount_total, session.currency, session.customer);
  }
  return session;
};

export function checkoutSessionsRoutes(ctx: StripeContext, { route, query, form }: ApiRequest, res: ServerResponse): boolean {
  const { state } = ctx;
  if (route === 'POST /v1/checkout/sessions') {
    const id = ctx.next('cs_test');
    const metadata: Record<string, string> = {};
    const items: { price: string; quantity: number }[] = [];
    for (const [key, value] of Object.entries(form)) {
      const m = /^metadata\[(.+)\]$/.exec(key);
      if (m?.[1]) metadata[m[1]] = value;
      const sd = /^subscription_data\[metadata\]\[(.+)\]$/.exec(key);
      if (sd?.[1]) ctx.subscriptionData.set(id, { ...ctx.subscriptionData.get(id), [sd[1]]: value });
      const li = /^line_items\[(\d+)\]\[(price|quantity)\]$/.exec(key);
      if (li?.[1]) {
        const item = (items[Number(li[1])] ??= { price: '', quantity: 1 });
        if (li[2] === 'price') item.price = value;
        else item.quantity = Number(value);
      }
    }
    const unknown = items.find((item) => !state.prices.some((p) => p.id === item.price));
    if (unknown) return stripeError(res, 400, `No such price: '${unknown.price}'`);
    const prices = items.map((item) => state.prices.find((p) => p.id === item.price)!);
    const session: DoubleSession = {
      id,
      object: 'checkout.session',
      mode: form.mode ?? 'payment',
      status: 'open',
      payment_status: 'unpaid',
      customer: form.customer ?? null,
      customer_email: form.customer_email ?? null,
      client_reference_id: form.client_reference_id ?? null,
      metadata,
      payment_intent: null,
      subscription: null,
      amount_total: items.reduce((sum, item, i) => sum + (prices[i]?.unit_amount ?? 0) * item.quantity, 0),
      currency: prices[0]?.currency ?? 'usd',
      created: Math.floor(Date.now() / 1000),
      success_url: form.success_url ?? '',
      cancel_url: form.cancel_url ?? '',
      url: `${ctx.base}/pay/${id}`,
      items,
    };
    state.sessions.set(id, session);
    return send(res, 200, sessionView(ctx, session, []));
  }
  if (route === 'GET /v1/checkout/sessions') {
    const data = [...state.sessions.values()]
      .filter((s) => !query.payment_intent || s.payment_intent === query.payment_intent)
      .filter((s) => (!query.customer || s.customer === query.customer) && (!query.status || s.status === query.status))
      .map((s) => sessionView(ctx, s, arrayParam(query, 'expand').map((e) => e.replace(/^data\./, ''))));
    return send(res, 200, { object: 'list', url: '/v1/checkout/sessions', has_more: false, data });
  }
  const expireRoute = /^POST \/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(route);
  if (expireRoute?.[1]) {
    // As Stripe: only an open session expires; its page can no longer be paid.
    const session = state.sessions.get(decodeURIComponent(expireRoute[1]));
    if (!session) return stripeError(res, 404, `No such checkout.session: '${expireRoute[1]}'`);
    if (session.status !== 'open') return stripeError(res, 400, `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
    session.status = 'expired';
    session.url = null;
    return send(res, 200, sessionView(ctx, session, []));
  }
  const sessionRoute = /^GET \/v1\/checkout\/sessions\/([^/]+)$/.exec(route);
  if (sessionRoute?.[1]) {
    const session = state.sessions.get(decodeURIComponent(sessionRoute[1]));
    if (!session) return stripeError(res, 404, `No such checkout.session: '${sessionRoute[1]}'`);
    return send(res, 200, sessionView(ctx, session, arrayParam(query, 'expand')));
  }
  return false;
}
