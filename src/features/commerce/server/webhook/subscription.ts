/** customer.subscription.created, .updated and .deleted: the subscription synced. */
import type Stripe from 'stripe';
import { noteUnknownCustomer, syncSubscription } from './sync';

export async function subscriptionChanged(client: Stripe, event: Extract<Stripe.Event, { type: 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted' }>): Promise<Record<string, unknown>> {
  return { ...noteUnknownCustomer(event, await syncSubscription(client, event.data.object.id)) };
}
