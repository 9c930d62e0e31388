/** checkout.session.async_payment_succeeded and .async_payment_failed: the purchase settles; a success is counted once in the owner's funnel (./funnel.ts). */
import type Stripe from 'stripe';
import { supabaseAdmin } from '../../../../../netlify/functions/_shared/supabase';
import { recordPurchase } from '../purchases';
import { notePurchase } from './sync';
import { countPurchase } from './funnel';

export async function asyncPayment(client: Stripe, event: Extract<Stripe.Event, { type: 'checkout.session.async_payment_succeeded' | 'checkout.session.async_payment_failed' }>): Promise<Record<string, unknown>> {
  const outcome = event.type === 'checkout.session.async_payment_succeeded' ? 'succeeded' : 'failed';
  const answer = notePurchase(event, await recordPurchase(client, supabaseAdmin(), event.data.object.id, outcome));
  // A subscription's delayed payment is not a purchase row (recordPurchase ignores it) but is a purchase.
  if (event.data.object.mode === 'subscription' || answer.purchase === 'recorded') await countPurchase(event);
  return { ...answer };
}
