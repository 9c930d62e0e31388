/** charge.dispute.created, .updated and .closed: the chargeback recorded against what its charge bought; a lost membership ends at Stripe too. */
import type Stripe from 'stripe';
import { supabaseAdmin } from '../../../../../netlify/functions/_shared/supabase';
import { recordDispute } from '../disputes';
import { endDisputedSubscription, noteUnknownCustomer, syncSubscription } from './sync';

export async function dispute(client: Stripe, event: Extract<Stripe.Event, { type: 'charge.dispute.created' | 'charge.dispute.updated' | 'charge.dispute.closed' }>): Promise<Record<string, unknown>> {
  const outcome = await recordDispute(client, supabaseAdmin(), event.data.object.id, new Date(event.created * 1000));
  if (outcome.dispute !== 'recorded' || !('membership' in outcome)) return { ...outcome };
  // A membership: lost ends it at Stripe too; the tier follows the stored row either way.
  const canceled = outcome.status === 'lost' && (await endDisputedSubscription(client, outcome.membership));
  const synced = noteUnknownCustomer(event, await syncSubscription(client, outcome.membership));
  return { ...outcome, ...synced, ...(canceled ? { canceled: true } : {}) };
}
