/** GET /api/checkout-summary as the member: what one finished Checkout bought, or null. */
import { isCheckoutSummary, type CheckoutSummary } from './checkout-summary';
import { askAsMember } from '../../core/member-api';

export const CHECKOUT_SUMMARY_PATH = '/api/checkout-summary';

/** The summary, or null when there is no token, the call fails or the answer is not one. */
export async function fetchCheckoutSummary(sessionId: string, signal?: AbortSignal): Promise<CheckoutSummary | null> {
  const answer = await askAsMember(`${CHECKOUT_SUMMARY_PATH}?session_id=${encodeURIComponent(sessionId)}`, signal ? { signal } : {});
  if (answer.kind === 'signedOut') return null;
  if (answer.kind === 'unreachable') {
    console.warn('Success: the purchase could not be looked up', answer.cause);
    return null;
  }
  if (!answer.ok) {
    console.warn(`Success: the purchase could not be looked up (${answer.status})`);
    return null;
  }
  return isCheckoutSummary(answer.body) ? answer.body : null;
}
