/**
 * Disputes (chargebacks): the buyer disputes a charge with their bank (one dispute a charge, as
 * Stripe allows) and the bank decides (won or lost). GET /v1/disputes/:id.
 */
import type { ServerResponse } from 'node:http';
import { now, type StripeContext } from './context.ts';
import { send, stripeError, type ApiRequest } from './http.ts';
import { chargeFor } from './payments.ts';
import type { DoubleCharge, DoubleDispute } from './types.ts';

export type DisputeTarget = { session: string } | { subscription: string };

/** The charge a dispute is about: a paid session's, or the latest payment of a subscription. */
export const disputedCharge = (ctx: StripeContext, target: DisputeTarget): DoubleCharge | undefined => {
  const { state } = ctx;
  if ('session' in target) {
    const session = state.sessions.get(target.session);
    return session?.payment_intent && session.payment_status === 'paid' ? chargeFor(ctx, session.payment_intent, session.amount_total, session.currency, session.customer) : undefined;
  }
  const invoice = state.subscriptions.get(target.subscription)?.latest_invoice;
  const paid = state.invoicePayments.find((p) => p.invoice === invoice);
  return paid ? [...state.charges.values()].find((c) => c.payment_intent === paid.payment.payment_intent) : undefined;
};

/**
 * The buyer disputes the charge with their bank (one dispute a charge, as Stripe allows). Stripe
 * gives disputes ids that begin `dp_` and, for some, `du_`: `prefix` chooses (dp by default).
 */
export const openDispute = (ctx: StripeContext, target: DisputeTarget, prefix: 'dp' | 'du' = 'dp'): DoubleDispute => {
  const { state } = ctx;
  const charge = disputedCharge(ctx, target);
  if (!charge) throw new Error(`no payment to dispute for ${JSON.stringify(target)}`);
  const known = [...state.disputes.values()].find((d) => d.charge === charge.id);
  if (known) return known;
  const dispute: DoubleDispute = {
    id: ctx.next(prefix),
    object: 'dispute',
    amount: charge.amount,
    currency: charge.currency,
    charge: charge.id,
    payment_intent: charge.payment_intent,
    status: 'needs_response',
    reason: 'fraudulent',
    created: now(),
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
  };
  charge.disputed = true;
  state.disputes.set(dispute.id, dispute);
  return dispute;
};

/** The dispute of a payment intent's charge, or of a subscription's latest payment, if any. */
export const disputeOf = (ctx: StripeContext, paymentIntent: string) => [...ctx.state.disputes.values()].find((d) => d.payment_intent === paymentIntent);
export const disputeOfSubscription = (ctx: StripeContext, id: string) => {
  const charge = disputedCharge(ctx, { subscription: id });
  return charge ? disputeOf(ctx, charge.payment_intent) : undefined;
};

/** The bank decides; a closed dispute stays as it closed. */
export const closeDispute = (ctx: StripeContext, id: string, outcome: 'won' | 'lost'): DoubleDispute => {
  const dispute = ctx.state.disputes.get(id);
  if (!dispute) throw new Error(`no dispute ${id}`);
  if (dispute.status !== 'won' && dispute.status !== 'lost') dispute.status = outcome;
  return dispute;
};

export function disputesRoutes(ctx: StripeContext, { route }: ApiRequest, res: ServerResponse): boolean {
  const disputeRoute = /^GET \/v1\/disputes\/([^/]+)$/.exec(route);
  if (disputeRoute?.[1]) {
    const dispute = ctx.state.disputes.get(decodeURIComponent(disputeRoute[1]));
    if (!dispute) return stripeError(res, 404, `No such dispute: '${disputeRoute[1]}'`);
    return send(res, 200, dispute);
  }
  return false;
}
