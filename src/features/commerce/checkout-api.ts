/**
 * POST /api/stripe-checkout with the member's ID token: the hosted checkout's address, or an
 * Error with the spec's message ('User not authenticated' without a token; the server's error,
 * or 'Failed to create checkout session'; 'Failed to start checkout' when the call cannot be made).
 */
import { CHECKOUT_MESSAGES, type CheckoutRequest } from './checkout';
import { currentAccessToken } from '../../core/session/access-token';

export const STRIPE_CHECKOUT_PATH = '/api/stripe-checkout';

export async function createCheckoutSession(request: CheckoutRequest): Promise<string> {
  const token = await currentAccessToken();
  if (!token) throw new Error(CHECKOUT_MESSAGES.notAuthenticated);
  let res: Response;
  try {
    res = await fetch(STRIPE_CHECKOUT_PATH, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(request),
    });
  } catch (error) {
    // Offline or the call never reached the site: the spec's message, not the browser's.
    console.error('Checkout: the checkout function could not be reached', error);
    throw new Error(CHECKOUT_MESSAGES.startFailed, { cause: error });
  }
  const data = (await res.json().catch(() => null)) as { url?: unknown; error?: unknown } | null;
  if (!res.ok || typeof data?.url !== 'string') {
    throw new Error(typeof data?.error === 'string' && data.error ? data.error : CHECKOUT_MESSAGES.failed);
  }
  let url: URL;
  try {
    url = new URL(data.url);
  } catch {
    throw new Error(CHECKOUT_MESSAGES.failed);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(CHECKOUT_MESSAGES.failed);
  return url.href;
}
