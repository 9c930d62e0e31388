/**
 * POST /api/stripe-checkout as the member: the hosted checkout's address, or an Error with the
 * spec's message ('User not authenticated' without a token; the server's error, or 'Failed to
 * create checkout session'; 'Failed to start checkout' when the call cannot be made).
 */
import { CHECKOUT_MESSAGES, type CheckoutRequest } from './checkout';
import { askAsMember } from '../../core/member-api';

export const STRIPE_CHECKOUT_PATH = '/api/stripe-checkout';

export async function createCheckoutSession(request: CheckoutRequest): Promise<string> {
  const answer = await askAsMember(STRIPE_CHECKOUT_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
  });
  if (answer.kind === 'signedOut') throw new Error(CHECKOUT_MESSAGES.notAuthenticated);
  if (answer.kind === 'unreachable') {
    // Offline or the call never reached the site: the spec's message, not the browser's.
    console.error('Checkout: the checkout function could not be reached', answer.cause);
    throw new Error(CHECKOUT_MESSAGES.startFailed, { cause: answer.cause });
  }
  const url = (answer.body as { url?: unknown } | null)?.url;
  if (!answer.ok || typeof url !== 'string') throw new Error(answer.error ?? CHECKOUT_MESSAGES.failed);
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    throw new Error(CHECKOUT_MESSAGES.failed);
  }
  if (address.protocol !== 'https:' && address.protocol !== 'http:') throw new Error(CHECKOUT_MESSAGES.failed);
  return address.href;
}
