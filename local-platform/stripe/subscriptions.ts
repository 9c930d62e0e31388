/**
 * Subscriptions: made by a paid subscription checkout (with the customer and card Checkout makes)
 * or seeded (the demo members), answered with their prices (and products when expanded),
 * canceled at once. GET /v1/subscriptions (by customer and status), GET /v1/subscriptions/:id
 * (`expand[]=default_payment_method`, `expand[]=items.data.price.product`),
 * DELETE /v1/subscriptions/:id (answers, then sends customer.subscription.deleted).
 */
import type { ServerResponse } from 'node:http';
import { monthAfter, now, priceOf, type StripeContext } from './context.ts';
import { deliver } from './events.ts';
import { arrayParam, send, stripeError, type ApiRequest } from './http.ts';
import { billSubscription } from './payments.ts';
import type { DoubleCustomer, DoublePaymentMethod, DoublePrice, DoubleSession, DoubleSubscription, StripeDoubleSeed } from './types.ts';

export const createSubscription = (
  ctx: StripeContext,
  fields: {
    id?: string;
    customer: string;
    prices: DoublePrice[];
    status?: string;
    cancel_at_period_end?: boolean;
    current_period_start?: number;
    current_period_end?: number;
    metadata?: Record<string, string>;
    default_payment_method?: string | null;
  },
): DoubleSubscription => {
  const start = fields.current_period_start ?? now();
  const end = fields.current_period_end ?? monthAfter(start);
  const status = fields.status ?? 'active';
  const atPeriodEnd = fields.cancel_at_period_end ?? false;
  const subscription: DoubleSubscription = {
    id: fields.id ?? ctx.next('sub'),
    object: 'subscription',
    customer: fields.customer,
    status,
    cancel_at_period_end: atPeriodEnd,
    cancel_at: atPeriodEnd ? end : null,
    canceled_at: atPeriodEnd || status === 'canceled' ? start : null,
    ended_at: status === 'canceled' ? start : null,
    created: start,
    metadata: fields.metadata ?? {},
    // Both places: older API versions read the period at the top level, newer ones on the item.
    current_period_start: start,
    current_period_end: end,
    items: {
      object: 'list',
      data: fields.prices.map((price) => ({
        id: ctx.next('si'),
        object: 'subscription_item' as const,
        price: { id: price.id, object: 'price' as const },
        quantity: 1,
        current_period_start: start,
        current_period_end: end,
      })),
    },
    default_payment_method: fields.default_payment_method ?? null,
  };
  ctx.state.subscriptions.set(subscription.id, subscription);
  return subscription;
};

/**
 * What Checkout does when a subscription session is paid: a customer when the session had
 * none (with the email it was given), the card as a payment method, and the subscription
 * (active, its items the session's prices, the card its default payment method).
 */
export const startSubscription = (ctx: StripeContext, session: DoubleSession) => {
  const { state } = ctx;
  if (!session.customer) {
    const customer: DoubleCustomer = { id: ctx.next('cus'), object: 'customer', email: session.customer_email, metadata: {} };
    state.customers.push(customer);
    session.customer = customer.id;
  }
  let method: string | null = null;
  if (session.payment_status === 'paid') {
    const card: DoublePaymentMethod = { id: ctx.next('pm'), object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242' } };
    state.paymentMethods.set(card.id, card);
    method = card.id;
  }
  const prices = session.items.map((item) => priceOf(ctx, item.price)).filter((price): price is DoublePrice => price !== undefined);
  const subscription = createSubscription(ctx, { customer: session.customer, prices, metadata: ctx.subscriptionData.get(session.id) ?? {}, default_payment_method: method });
  if (method) billSubscription(ctx, subscription);
  session.subscription = subscription.id;
  return subscription;
};

/** A subscription as Stripe answers it: each item's price in full, its product only when expanded. */
export const subscriptionView = (ctx: StripeContext, subscription: DoubleSubscription, expand: string[] = []) => {
  const { state } = ctx;
  const method = subscription.default_payment_method;
  const data = subscription.items.data.map((item) => {
    const price = state.prices.find((p) => p.id === item.price.id);
    if (!price) return { ...item };
    const product = expand.includes('items.data.price.product') ? (state.products.find((p) => p.id === price.product) ?? price.product) : price.product;
    return { ...item, price: { ...price, product } };
  });
  return {
    ...subscription,
    items: { ...subscription.items, data },
    default_payment_method: expand.includes('default_payment_method') && method ? (state.paymentMethods.get(method) ?? method) : method,
  };
};

/** Cancels at once, as DELETE /v1/subscriptions/:id and the admin page's "Cancel now" do. */
export const cancelNow = (ctx: StripeContext, subscription: DoubleSubscription) => {
  subscription.status = 'canceled';
  subscription.canceled_at = now();
  subscription.ended_at = subscription.canceled_at;
  return subscriptionView(ctx, subscription);
};

/** The customers seeded: they existed before, so reset() keeps them as it keeps subscriptions. */
const addSeededCustomer = (ctx: StripeContext, customer: DoubleCustomer) => {
  const { seededCustomers, state } = ctx;
  if (!seededCustomers.some((known) => known.id === customer.id)) seededCustomers.push(customer);
  if (!state.customers.some((known) => known.id === customer.id)) state.customers.push(customer);
};

/** Registers customers and subscriptions that existed before (see StripeDoubleSeed); sends no event. */
export const seed = (ctx: StripeContext, what: StripeDoubleSeed) => {
  const subscriptions = (what.subscriptions ?? []).map((s) => {
    const price = priceOf(ctx, s.price);
    if (!price || price.type !== 'recurring') throw new Error(`stripe double seed: ${s.id}: no recurring price ${s.price}`);
    return { ...s, price };
  });
  for (const c of what.customers ?? []) addSeededCustomer(ctx, { id: c.id, object: 'customer', email: c.email ?? null, metadata: c.metadata ?? {} });
  for (const s of subscriptions) {
    addSeededCustomer(ctx, { id: s.customer, object: 'customer', email: null, metadata: {} });
    const subscription = createSubscription(ctx, { ...s, prices: [s.price] });
    if (subscription.status === 'active' || subscription.status === 'past_due') billSubscription(ctx, subscription);
  }
};

export function subscriptionsRoutes(ctx: StripeContext, { route, query }: ApiRequest, res: ServerResponse): boolean {
  const { state } = ctx;
  if (route === 'GET /v1/subscriptions') {
    // As Stripe: without a status filter, every subscription that is not canceled.
    const data = [...state.subscriptions.values()].filter(
      (s) => (!query.customer || s.customer === query.customer) && (query.status === 'all' || (query.status ? s.status === query.status : s.status !== 'canceled')),
    );
    return send(res, 200, { object: 'list', url: '/v1/subscriptions', has_more: false, data });
  }
  const cancel = /^DELETE \/v1\/subscriptions\/([^/]+)$/.exec(route);
  if (cancel?.[1]) {
    const subscription = state.subscriptions.get(decodeURIComponent(cancel[1]));
    if (!subscription) return stripeError(res, 404, `No such subscription: '${cancel[1]}'`);
    if (subscription.status === 'canceled') return stripeError(res, 400, `A canceled subscription can only update its cancellation_details and metadata.`);
    const canceled = cancelNow(ctx, subscription);
    send(res, 200, canceled);
    // Stripe tells the webhook afterwards, not within the API call.
    void deliver(ctx, 'customer.subscription.deleted', canceled);
    return true;
  }
  const sub = /^GET \/v1\/subscriptions\/([^/]+)$/.exec(route);
  if (sub?.[1]) {
    const subscription = state.subscriptions.get(decodeURIComponent(sub[1]));
    if (!subscription) return stripeError(res, 404, `No such subscription: '${sub[1]}'`);
    // Each item's price as the double's prices have it (so it names its product), with the
    // product itself when `items.data.price.product` is expanded.
    return send(res, 200, subscriptionView(ctx, subscription, arrayParam(query, 'expand')));
  }
  return false;
}
