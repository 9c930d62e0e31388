/** charge.refunded: a full refund marks the purchase refunded. */
import type Stripe from 'stripe';
import { supabaseAdmin } from '../../../../../netlify/functions/_shared/supabase';
import { refundPurchase } from '../purchases';
import { notePurchase } from './sync';

export async function chargeRefunded(client: Stripe, event: Extract<Stripe.Event, { type: 'charge.refunded' }>): Promise<Record<string, unknown>> {
  return { ...notePurchase(event, await refundPurchase(client, supabaseAdmin(), event.data.object.id, new Date(event.created * 1000))) };
}
