/**
 * A member's Checkout Session in the Stripe double, made as the checkout function makes one
 * (through Stripe's SDK): what the webhook tests deliver events about.
 */
import Stripe from 'stripe';
import { stripePriceId, type StripeDouble } from '../../local-platform/stripe/stripe-standin';

/** Opens a session of `priceId` (Stillpoint by default) for the member; answers its id. */
export async function openCheckout(
  stripe: StripeDouble,
  { memberId, customer }: { memberId: string; customer: string },
  priceId = 'price_app_stillpoint',
  mode: 'payment' | 'subscription' = 'payment',
): Promise<string> {
  const sdk = new Stripe(stripe.env.STRIPE_SECRET_KEY, { host: stripe.env.STRIPE_API_HOST, port: Number(stripe.env.STRIPE_API_PORT), protocol: 'http' });
  const session = await sdk.checkout.sessions.create({
    mode,
    line_items: [{ price: stripePriceId(priceId), quantity: 1 }],
    customer,
    client_reference_id: memberId,
    success_url: 'http://localhost:4321/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:4321/products',
    metadata: { firebase_uid: memberId },
    ...(mode === 'subscription' ? { subscription_data: { metadata: { firebase_uid: memberId } } } : {}),
  });
  return session.id;
}
