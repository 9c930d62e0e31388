/** The Stripe Customer Portal for the signed-in member: POST /api/billing-portal with their ID token. */
import { callAsMember } from '../../core/member-api';

export const BILLING_PORTAL_PATH = '/api/billing-portal';
const PORTAL_FAILED = 'The billing portal could not be opened. Please try again.';

/** The Customer Portal's address for the member's Stripe customer. */
export async function openBillingPortal(): Promise<string> {
  const { body } = await callAsMember(BILLING_PORTAL_PATH, { method: 'POST' }, PORTAL_FAILED);
  const data = body as { url?: unknown } | null;
  if (typeof data?.url !== 'string' || !/^https?:\/\//.test(data.url)) throw new Error(PORTAL_FAILED);
  return data.url;
}
