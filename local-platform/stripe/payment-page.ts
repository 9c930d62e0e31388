/**
 * GET /pay/:session, the page a checkout lands on, and POST /pay/:session, which pays as Checkout
 * does: completes the session, sends the signed events to the webhook (for a subscription: the
 * customer Checkout made, the subscription, then the session), and redirects to the success
 * address. With a webhook (dev:members) the page also has Decline (nothing is sent, the session
 * stays open) and, for a one-off payment, "Bank debit" (completed unpaid, settled `settleAfterMs`
 * later with checkout.session.async_payment_succeeded).
 */
import type { ServerResponse } from 'node:http';
import { complete, eventObject } from './checkout-sessions.ts';
import { priceOf, type StripeContext } from './context.ts';
import { deliver } from './events.ts';
import { escape, html, page } from './http.ts';
import { chargeFor } from './payments.ts';
import { subscriptionView } from './subscriptions.ts';

export async function paymentPage(ctx: StripeContext, method: string | undefined, id: string, raw: string, res: ServerResponse): Promise<true> {
  const { state, options } = ctx;
  const session = state.sessions.get(id);
  const action = new URLSearchParams(raw).get('action') ?? 'pay';
  const subscriptionMode = session?.mode === 'subscription';
  // The stand-in offers the bank debit for one-off payments only.
  const refused = action === 'decline' || (action === 'bank' && subscriptionMode);
  if (method === 'POST' && session && session.status === 'open' && !refused) {
    const bank = action === 'bank';
    const hadCustomer = session.customer !== null;
    complete(ctx, id, bank ? 'unpaid' : 'paid');
    if (subscriptionMode) {
      // As Stripe: the customer Checkout made, the subscription, then the session.
      const customer = hadCustomer ? undefined : state.customers.find((c) => c.id === session.customer);
      if (customer) await deliver(ctx, 'customer.created', customer);
      const subscription = session.subscription ? state.subscriptions.get(session.subscription) : undefined;
      if (subscription) await deliver(ctx, 'customer.subscription.created', subscriptionView(ctx, subscription));
    }
    await deliver(ctx, 'checkout.session.completed', eventObject(ctx, session));
    if (bank) {
      // The debit settles later: the session becomes paid and Stripe says so.
      setTimeout(() => {
        session.payment_status = 'paid';
        if (session.payment_intent) chargeFor(ctx, session.payment_intent, session.amount_total, session.currency, session.customer);
        void deliver(ctx, 'checkout.session.async_payment_succeeded', eventObject(ctx, session));
      }, options.settleAfterMs ?? 10_000).unref();
    }
    res.writeHead(303, { Location: session.success_url.replace('{CHECKOUT_SESSION_ID}', id) });
    res.end();
    return true;
  }
  const declined = method === 'POST' && action === 'decline';
  const noBank = method === 'POST' && action === 'bank' && subscriptionMode;
  const total = session ? `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}${subscriptionMode ? ' a month' : ''}` : '';
  const names = (session?.items ?? []).map((item) => {
    const price = priceOf(ctx, item.price);
    return state.products.find((p) => p.id === price?.product)?.name ?? item.price;
  });
  return html(
    res,
    declined ? 402 : noBank ? 400 : 200,
    page(
      'Test checkout',
      `<p>${escape(id)}</p>${names.length ? `<p>${names.map(escape).join(', ')}</p>` : ''}${total ? `<p>Total: ${escape(total)}</p>` : ''}` +
        (declined ? '<p role="alert">Your card was declined. (Test stand-in: nothing was charged and no event was sent.)</p>' : '') +
        (noBank ? '<p role="alert">The stand-in offers the bank debit for one-off payments only.</p>' : '') +
        (session?.status === 'open'
          ? `<form method="post"><button type="submit" name="action" value="pay">Pay</button>` +
            (options.webhook ? `<button type="submit" name="action" value="decline">Decline</button>` : '') +
            (options.webhook && !subscriptionMode ? `<button type="submit" name="action" value="bank">Bank debit (settles later)</button>` : '') +
            `</form>` +
            (session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Back</a></p>` : '')
          : ''),
    ),
  );
}
