/**
 * GET /__admin (dev:members): the sessions, every subscription (customer, price by lookup key,
 * status, cancel_at_period_end), the disputes and every event sent with its answer. Its buttons
 * (POST /__admin/<what>/<id>) do what Stripe's dashboard or a bank would, and send the signed
 * events: Refund (charge.refunded), Resend (the same event again), Cancel now
 * (customer.subscription.deleted), Cancel at period end and Switch to another recurring price
 * (customer.subscription.updated, with `previous_attributes`), Dispute, Dispute latest payment
 * (charge.dispute.created) and Close as won / lost (charge.dispute.closed).
 */
import type { ServerResponse } from 'node:http';
import { now, priceOf, type StripeContext } from './context.ts';
import { closeDispute, disputedCharge, disputeOf, disputeOfSubscription, openDispute } from './disputes.ts';
import { deliver, post } from './events.ts';
import { escape, html, page } from './http.ts';
import { refund } from './payments.ts';
import { cancelNow, subscriptionView } from './subscriptions.ts';

/** POST /__admin/<what>/<id>: acts, then back to the page. */
export async function adminAction(ctx: StripeContext, pathname: string, form: Record<string, string>, res: ServerResponse): Promise<true> {
  const { state, sent } = ctx;
  const [, , what, arg = ''] = pathname.split('/');
  if (what === 'refund') {
    const session = state.sessions.get(decodeURIComponent(arg));
    if (session?.payment_intent && session.status === 'complete') {
      const charge = refund(ctx, session.id);
      await deliver(ctx, 'charge.refunded', charge);
    }
  } else if (what === 'dispute' || what === 'dispute-subscription') {
    // The buyer disputes the payment with their bank: Stripe opens a dispute on its charge.
    const target = what === 'dispute' ? { session: decodeURIComponent(arg) } : { subscription: decodeURIComponent(arg) };
    if (disputedCharge(ctx, target)) await deliver(ctx, 'charge.dispute.created', openDispute(ctx, target, form.prefix === 'du' ? 'du' : 'dp'));
  } else if (what === 'close-dispute') {
    const dispute = state.disputes.get(decodeURIComponent(arg));
    const outcome = form.outcome === 'won' ? 'won' : form.outcome === 'lost' ? 'lost' : null;
    if (dispute && outcome && dispute.status !== 'won' && dispute.status !== 'lost') await deliver(ctx, 'charge.dispute.closed', closeDispute(ctx, dispute.id, outcome));
  } else if (what === 'resend') {
    const record = sent[Number(arg)];
    if (record) await post(ctx, record.body, record);
  } else if (what === 'cancel' || what === 'cancel-at-period-end' || what === 'switch') {
    const subscription = state.subscriptions.get(decodeURIComponent(arg));
    if (subscription && subscription.status !== 'canceled') {
      if (what === 'cancel') {
        await deliver(ctx, 'customer.subscription.deleted', cancelNow(ctx, subscription));
      } else if (what === 'cancel-at-period-end' && !subscription.cancel_at_period_end) {
        const previous = { cancel_at_period_end: false, cancel_at: subscription.cancel_at ?? null, canceled_at: subscription.canceled_at ?? null };
        subscription.cancel_at_period_end = true;
        subscription.cancel_at = subscription.current_period_end ?? subscription.items.data[0]?.current_period_end ?? null;
        subscription.canceled_at = now();
        await deliver(ctx, 'customer.subscription.updated', subscriptionView(ctx, subscription), previous);
      } else if (what === 'switch') {
        const price = priceOf(ctx, form.price ?? '');
        const item = subscription.items.data[0];
        if (price?.type === 'recurring' && item && item.price.id !== price.id) {
          const previous = { items: subscriptionView(ctx, subscription).items };
          item.price = { id: price.id, object: 'price' };
          await deliver(ctx, 'customer.subscription.updated', subscriptionView(ctx, subscription), previous);
        }
      }
    }
  }
  res.writeHead(303, { Location: '/__admin' });
  res.end();
  return true;
}

/** GET /__admin: the page. */
export function adminPage(ctx: StripeContext, res: ServerResponse): true {
  const { state, sent } = ctx;
  const sessions = [...state.sessions.values()]
    .map(
      (s) =>
        `<tr><td>${escape(s.id)}</td><td>${escape(String(s.client_reference_id ?? ''))}</td><td>${s.status} / ${s.payment_status}</td><td>` +
        (s.payment_intent && s.status === 'complete' ? `<form method="post" action="/__admin/refund/${encodeURIComponent(s.id)}"><button>Refund</button></form>` : '') +
        (s.payment_intent && s.payment_status === 'paid' && !disputeOf(ctx, s.payment_intent)
          ? `<form method="post" action="/__admin/dispute/${encodeURIComponent(s.id)}"><button>Dispute</button></form>`
          : '') +
        `</td></tr>`,
    )
    .join('');
  const disputes = [...state.disputes.values()]
    .map((d) => {
      const open = d.status !== 'won' && d.status !== 'lost';
      const close = (outcome: 'won' | 'lost') =>
        `<form method="post" action="/__admin/close-dispute/${encodeURIComponent(d.id)}"><input type="hidden" name="outcome" value="${outcome}"><button>Close as ${outcome}</button></form>`;
      return `<tr><td>${escape(d.id)}</td><td>${escape(d.charge)}</td><td>${escape(d.status)}</td><td>${open ? close('won') + close('lost') : ''}</td></tr>`;
    })
    .join('');
  const events = sent
    .map((e, i) => `<tr><td>${i + 1}</td><td>${escape(e.type)}</td><td>${e.status ?? 'not delivered'}</td><td><form method="post" action="/__admin/resend/${i}"><button>Resend</button></form></td></tr>`)
    .join('');
  const recurring = state.prices.filter((p) => p.type === 'recurring' && p.active);
  const subscriptions = [...state.subscriptions.values()]
    .map((sub, i) => {
      const priceId = sub.items.data[0]?.price.id ?? '';
      const price = state.prices.find((p) => p.id === priceId);
      const action = (what: string) => `/__admin/${what}/${encodeURIComponent(sub.id)}`;
      const others = recurring.filter((p) => p.id !== priceId);
      const controls =
        sub.status === 'canceled'
          ? ''
          : `<form method="post" action="${escape(action('cancel'))}"><button>Cancel now</button></form>` +
            (sub.cancel_at_period_end ? '' : `<form method="post" action="${escape(action('cancel-at-period-end'))}"><button>Cancel at period end</button></form>`) +
            (disputedCharge(ctx, { subscription: sub.id }) && !disputeOfSubscription(ctx, sub.id)
              ? `<form method="post" action="${escape(action('dispute-subscription'))}"><button>Dispute latest payment</button></form>`
              : '') +
            (others.length
              ? `<form method="post" action="${escape(action('switch'))}"><label for="switch-${i}">Switch to</label> <select id="switch-${i}" name="price">` +
                others.map((p) => `<option value="${escape(p.id)}">${escape(p.lookup_key ?? p.id)}</option>`).join('') +
                `</select> <button>Switch</button></form>`
              : '');
      return (
        `<tr><td>${escape(sub.id)}</td><td>${escape(sub.customer)}</td><td>${escape(price?.lookup_key ?? priceId)}</td><td>${escape(sub.status)}</td>` +
        `<td>${sub.cancel_at_period_end ? 'yes' : 'no'}</td><td>${controls}</td></tr>`
      );
    })
    .join('');
  return html(
    res,
    200,
    page(
      'Stripe stand-in',
      `<h2>Checkout Sessions</h2><table><thead><tr><th>session</th><th>member</th><th>status</th><th></th></tr></thead><tbody>${sessions}</tbody></table>` +
        `<h2>Subscriptions</h2><table><thead><tr><th>subscription</th><th>customer</th><th>price</th><th>status</th><th>cancel at period end</th><th></th></tr></thead><tbody>${subscriptions}</tbody></table>` +
        `<h2>Disputes</h2><table><thead><tr><th>dispute</th><th>charge</th><th>status</th><th></th></tr></thead><tbody>${disputes}</tbody></table>` +
        `<h2>Events sent to the webhook</h2><table><thead><tr><th>#</th><th>type</th><th>answer</th><th></th></tr></thead><tbody>${events}</tbody></table>`,
    ),
  );
}
