/** GET /api/checkout-session with the member's ID token: what one Checkout bought, or null. */
import { isCheckoutSummary, type CheckoutSummary } from './checkout-summary';
import { currentAccessToken } from '../../core/session/access-token';

export const CHECKOUT_SESSION_PATH = '/api/checkout-session';

/** The summary, or null when there is no token, the call fails or the answer is not one. */
export async function fetchCheckoutSummary(sessionId: string, signal?: AbortSignal): Promise<CheckoutSummary | null> {
  const token = await currentAccessToken();
  if (!token) return null;
  try {
    const res = await fetch(`${CHECKOUT_SESSION_PATH}?session_id=${encodeURIComponent(sessionId)}`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      signal,
    });
    if (!res.ok) {
      // The answer's body is not needed: cancelled, so the request ends (unread, it stays open).
      await res.body?.cancel().catch(() => undefined);
      console.warn(`Success: the purchase could not be looked up (${res.status})`);
      return null;
    }
    const body: unknown = await res.json();
    return isCheckoutSummary(body) ? body : null;
  } catch (error) {
    console.warn('Success: the purchase could not be looked up', error);
    return null;
  }
}
