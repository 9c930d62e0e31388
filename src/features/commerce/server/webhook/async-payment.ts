/** checkout.session.async_payment_succeeded and .async_payment_failed: the purchase settles. */
import type Stripe from 'stripe';
import { supabaseAdmin } from '../../../../../netlify/functions/_shared/supabase';
import { recordPurchase } from '../purchases';
import { notePurchase } from './sync';

export async function asyncPayment(client: Stripe, event: Extract<Stripe.Event, { type: 'checkout.session.async_payment_succeeded' | 'checkout.session.async_payment_failed' }>): Promise<Record<string, unknown>> {
  const outcome = event.type === 'checkout.session.async_payment_succeeded' ? 'succeeded' : 'failed';
  return { ...notePurchase(event, await recordPurchase(client, supabaseAdmin(), event.data.object.id, outcome)) };
}
