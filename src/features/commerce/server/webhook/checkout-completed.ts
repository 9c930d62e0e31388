/**
 * checkout.session.completed: the member's customer, and their subscription (replacing their
 * others) or purchase; a deleted member's writes nothing personal. A paid session is then counted
 * once in the owner's funnel (./funnel.ts): a subscription, or a purchase the catalogue sells.
 */
import type Stripe from 'stripe';
import { supabaseAdmin } from '../../../../../netlify/functions/_shared/supabase';
import { recordPurchase } from '../purchases';
import { countPurchase } from './funnel';
import { cancelReplaced, endSubscriptionOfDeletedMember, fromDeletedMember, idOf, NAME, notePurchase, noteUnknownCustomer, rememberCustomer, syncSubscription } from './sync';

export async function checkoutCompleted(client: Stripe, event: Extract<Stripe.Event, { type: 'checkout.session.completed' }>): Promise<Record<string, unknown>> {
  const answer = await record(client, event);
  if (event.data.object.mode === 'subscription' || answer['purchase'] === 'recorded') await countPurchase(event);
  return answer;
}

async function record(client: Stripe, event: Extract<Stripe.Event, { type: 'checkout.session.completed' }>): Promise<Record<string, unknown>> {
  const session = event.data.object;
  const customerId = idOf(session.customer);
  if (await fromDeletedMember(session)) {
    // A late or retried event, or a payment page left open through the deletion: nothing
    // personal is written, and a subscription nobody could cancel from the site is ended.
    const subscriptionId = session.mode === 'subscription' ? idOf(session.subscription) : null;
    const canceled = subscriptionId ? await endSubscriptionOfDeletedMember(client, subscriptionId) : false;
    const purchase = session.mode === 'payment' ? await recordPurchase(client, supabaseAdmin(), session.id, 'completed') : null;
    console.warn(`[${NAME}] ${event.type} ${event.id}: its member deleted their account: acknowledged, nothing personal written${canceled ? ', the subscription cancelled' : ''}`);
    return { deletedMember: true, ...(canceled ? { canceled: true } : {}), ...(purchase ?? {}) };
  }
  if (session.client_reference_id && customerId) await rememberCustomer(session.client_reference_id, customerId);
  const subscriptionId = idOf(session.subscription);
  if (session.mode === 'subscription' && subscriptionId) {
    const synced = noteUnknownCustomer(event, await syncSubscription(client, subscriptionId));
    const replaced = customerId ? await cancelReplaced(client, customerId, subscriptionId) : [];
    return { ...synced, ...(replaced.length ? { replaced } : {}) };
  }
  if (session.mode === 'payment') return { ...notePurchase(event, await recordPurchase(client, supabaseAdmin(), session.id, 'completed')) };
  return {};
}
