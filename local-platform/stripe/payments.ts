/**
 * What a payment leaves at Stripe: the charge of a payment intent (a paid one-off session's, or a
 * plan's), a subscription's invoice and its invoice payment, and refunds. GET /v1/charges/:id,
 * GET /v1/invoices/:id, GET /v1/invoice_payments (by `payment[payment_intent]` or `invoice`,
 * `expand[]=data.invoice`).
 */
import type { ServerResponse } from 'node:http';
import type { StripeContext } from './context.ts';
import { arrayParam, send, stripeError, type ApiRequest } from './http.ts';
import type { DoubleCharge, DoubleInvoice, DoubleSubscription } from './types.ts';

/** The charge of a payment intent, made when the payment is taken (once). */
export const chargeFor = (ctx: StripeContext, paymentIntent: string, amount: number, currency: string, customer: string | null): DoubleCharge => {
  const { state } = ctx;
  const existing = [...state.charges.values()].find((c) => c.payment_intent === paymentIntent);
  if (existing) return existing;
  const charge: DoubleCharge = { id: ctx.next('ch'), object: 'charge', payment_intent: paymentIntent, amount, amount_refunded: 0, refunded: false, currency, customer, disputed: false };
  state.charges.set(charge.id, charge);
  return charge;
};

/**
 * A subscription's payment, as Stripe bills a paid plan: an invoice for its first price (its
 * parent names the subscription), paid through a payment intent whose charge is the card's.
 * Nothing for a free plan.
 */
export const billSubscription = (ctx: StripeContext, subscription: DoubleSubscription): void => {
  const { state } = ctx;
  const price = state.prices.find((p) => p.id === subscription.items.data[0]?.price.id);
  const amount = price?.unit_amount ?? 0;
  if (!price || amount <= 0) return;
  const paymentIntent = ctx.next('pi');
  chargeFor(ctx, paymentIntent, amount, price.currency, subscription.customer);
  const invoice: DoubleInvoice = {
    id: ctx.next('in'),
    object: 'invoice',
    customer: subscription.customer,
    status: 'paid',
    amount_paid: amount,
    currency: price.currency,
    parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: subscription.metadata ?? null } },
  };
  state.invoices.set(invoice.id, invoice);
  state.invoicePayments.push({
    id: ctx.next('inpay'),
    object: 'invoice_payment',
    invoice: invoice.id,
    amount_paid: amount,
    currency: price.currency,
    status: 'paid',
    is_default: true,
    payment: { type: 'payment_intent', payment_intent: paymentIntent },
  });
  subscription.latest_invoice = invoice.id;
};

/** Refunds the session's charge (in full unless `amount` is given); returns the charge. */
export const refund = (ctx: StripeContext, sessionId: string, amount?: number): DoubleCharge => {
  const session = ctx.state.sessions.get(sessionId);
  if (!session?.payment_intent) throw new Error(`session ${sessionId} has no payment`);
  const charge = chargeFor(ctx, session.payment_intent, session.amount_total, session.currency, session.customer);
  charge.amount_refunded = Math.min(charge.amount, charge.amount_refunded + (amount ?? charge.amount));
  charge.refunded = charge.amount_refunded >= charge.amount;
  return charge;
};

export function paymentsRoutes(ctx: StripeContext, { route, query }: ApiRequest, res: ServerResponse): boolean {
  const { state } = ctx;
  const chargeRoute = /^GET \/v1\/charges\/([^/]+)$/.exec(route);
  if (chargeRoute?.[1]) {
    const charge = state.charges.get(decodeURIComponent(chargeRoute[1]));
    if (!charge) return stripeError(res, 404, `No such charge: '${chargeRoute[1]}'`);
    return send(res, 200, charge);
  }
  if (route === 'GET /v1/invoice_payments') {
    // As Stripe: by the payment they were made with (payment[type]=payment_intent), or by invoice.
    const intent = query['payment[payment_intent]'];
    const expandInvoice = arrayParam(query, 'expand').includes('data.invoice');
    const data = state.invoicePayments
      .filter((p) => (!intent || p.payment.payment_intent === intent) && (!query.invoice || p.invoice === query.invoice))
      .map((p) => (expandInvoice ? { ...p, invoice: state.invoices.get(p.invoice) ?? p.invoice } : p));
    return send(res, 200, { object: 'list', url: '/v1/invoice_payments', has_more: false, data });
  }
  const invoiceRoute = /^GET \/v1\/invoices\/([^/]+)$/.exec(route);
  if (invoiceRoute?.[1]) {
    const invoice = state.invoices.get(decodeURIComponent(invoiceRoute[1]));
    if (!invoice) return stripeError(res, 404, `No such invoice: '${invoiceRoute[1]}'`);
    return send(res, 200, invoice);
  }
  return false;
}
