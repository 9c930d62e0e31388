/**
 * /success for a signed-in member: what their Checkout bought. Waits for the session (Firebase
 * loads only because the signed-in hint is there), then asks GET /api/checkout-summary, and
 * again a few times while the webhook has not recorded the purchase yet. Null when the member
 * is not signed in or the lookup fails: the page keeps its general text.
 */
import { SUMMARY_POLL_MS, SUMMARY_POLL_TRIES, type CheckoutSummary } from './checkout-summary';
import { fetchCheckoutSummary } from './checkout-summary-api';
import { $session, watchSession } from '../../core/session/store';

function settledSession(): Promise<ReturnType<typeof $session.get>> {
  return new Promise((resolve) => {
    const unsubscribe = $session.subscribe((s) => {
      if (s.status === 'unknown') return;
      queueMicrotask(() => unsubscribe());
      resolve(s);
    });
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `onUpdate` with each answer (first unrecorded, then recorded once the webhook is in). */
export async function loadCheckoutSummary(sessionId: string, onUpdate: (summary: CheckoutSummary) => void): Promise<CheckoutSummary | null> {
  await watchSession();
  const session = await settledSession();
  if (session.status !== 'signedIn') return null;
  let last: CheckoutSummary | null = null;
  for (let attempt = 0; attempt < SUMMARY_POLL_TRIES; attempt++) {
    if (attempt > 0) await wait(SUMMARY_POLL_MS);
    const summary = await fetchCheckoutSummary(sessionId);
    if (!summary) return last;
    last = summary;
    onUpdate(summary);
    if (summary.recorded) return summary;
  }
  return last;
}
