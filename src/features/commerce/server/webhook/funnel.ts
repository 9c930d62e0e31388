/**
 * A purchase in the owner's funnel (issue 44; docs/decisions/funnel.md): a Checkout Session
 * paid, counted once by public.funnel_count_purchase, whose one statement keys it on the session
 * (hashed), so a repeated, retried or out-of-order event never counts it twice. Paid means its
 * checkout.session.completed says paid (or nothing to pay), or its delayed payment succeeded
 * (async_payment_succeeded); it is counted at the time of that event. Its source is its buyer's
 * first touch: the campaign their sign-up came with (the sign-up page's utm_source, recorded by
 * auth-sync), which the same statement reads by the session's member; none when the member
 * signed up without one, or the session names no member. Nothing from the visitor's device.
 */
import type Stripe from 'stripe';
import { describeDbError, supabaseAdmin } from '../../../../../netlify/functions/_shared/supabase';
import { Upstream } from '../../../../../netlify/functions/_shared/log';
import { FAILED } from './sync';

type CheckoutEvent = Extract<Stripe.Event, { type: 'checkout.session.completed' | 'checkout.session.async_payment_succeeded' | 'checkout.session.async_payment_failed' }>;

/** Whether the event says its session is paid. */
export function paidBy(event: CheckoutEvent): boolean {
  if (event.type === 'checkout.session.async_payment_succeeded') return true;
  if (event.type !== 'checkout.session.completed') return false;
  const status = event.data.object.payment_status;
  return status === 'paid' || status === 'no_payment_required';
}

/** Counts the event's session as one purchase when the event says it is paid (once, whatever the deliveries). */
export async function countPurchase(event: CheckoutEvent): Promise<void> {
  if (!paidBy(event)) return;
  const session = event.data.object;
  const { error } = await supabaseAdmin().rpc('funnel_count_purchase', {
    checkout_session: session.id,
    occurred_at: new Date(event.created * 1000).toISOString(),
    // The session's member, as the purchase's row takes it (../purchases.ts).
    member: session.client_reference_id ?? session.metadata?.firebase_uid ?? null,
  });
  // Stripe retries the event; the key keeps the retry from counting it again.
  if (error) throw new Upstream(FAILED, describeDbError('funnel_count_purchase', error));
}
