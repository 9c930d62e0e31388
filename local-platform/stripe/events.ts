/**
 * Stripe's webhook events: signed as Stripe signs them (the Stripe-Signature header), and sent to
 * the webhook address the stand-in was given, each delivery recorded with the webhook's answer.
 */
import { createHmac } from 'node:crypto';
import type { StripeContext } from './context.ts';
import type { SignedEvent } from './types.ts';

/** The signature Stripe sends in the Stripe-Signature header (v1: HMAC-SHA256 of "t.payload"). */
export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

let eventCounter = 0;
/**
 * A Stripe event around `object`, signed with `secret`. An `*.updated` event carries the
 * fields that changed, with their former values, as `data.previous_attributes`.
 */
export function signedEvent(type: string, object: unknown, secret: string, previousAttributes?: Record<string, unknown>): SignedEvent {
  const body = JSON.stringify({
    id: `evt_double_${Date.now()}_${++eventCounter}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type,
    data: previousAttributes ? { object, previous_attributes: previousAttributes } : { object },
    livemode: false,
    pending_webhooks: 1,
    request: null,
  });
  return { body, signature: signPayload(body, secret) };
}

/** Sends a signed event of `type` about `object` to the webhook (when there is one), and records it. */
export const deliver = async (ctx: StripeContext, type: string, object: unknown, previousAttributes?: Record<string, unknown>) => {
  if (!ctx.options.webhook) return;
  const event = signedEvent(type, object, ctx.options.webhook.secret, previousAttributes);
  const record = { type, body: event.body, status: null as number | null };
  ctx.sent.push(record);
  await post(ctx, event.body, record);
};

/** Delivers a body (again: the admin page's Resend), signed at delivery time, as Stripe signs each attempt. */
export const post = async (ctx: StripeContext, body: string, record: { status: number | null }) => {
  if (!ctx.options.webhook) return;
  const { url, secret } = ctx.options.webhook;
  const delivery = (async () => {
    // Signed at delivery time, as Stripe signs each attempt.
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(body, secret) }, body }).catch((error: unknown) =>
      console.error('stripe double: webhook delivery failed', error),
    );
    record.status = res ? res.status : null;
    await res?.body?.cancel();
  })();
  ctx.pending.add(delivery);
  try {
    await delivery;
  } finally {
    ctx.pending.delete(delivery);
  }
};

/** Resolves once every webhook delivery under way has been answered. */
export const deliveries = async (ctx: StripeContext) => {
  while (ctx.pending.size) await Promise.all([...ctx.pending]);
};
