/**
 * The member's own account functions, called with their ID token: the billing portal's
 * address, their data as a JSON file, and deleting the account. Each answers what the member
 * should see: a value, or an Error with a message to show.
 */
import { currentAccessToken } from '../access-token';

export const BILLING_PORTAL_PATH = '/api/billing-portal';
export const ACCOUNT_EXPORT_PATH = '/api/account-export';
export const ACCOUNT_DELETE_PATH = '/api/account-delete';

export const ACCOUNT_MESSAGES = {
  notSignedIn: 'Please sign in again to continue.',
  portalFailed: 'The billing portal could not be opened. Please try again.',
  exportFailed: 'Your data could not be downloaded. Please try again.',
  deleteFailed: 'Your account could not be deleted. Please try again.',
  unreachable: 'We could not reach the server. Check your connection and try again.',
} as const;

async function callFunction(path: string, init: RequestInit, fallback: string): Promise<Response> {
  const token = await currentAccessToken();
  if (!token) throw new Error(ACCOUNT_MESSAGES.notSignedIn);
  let res: Response;
  try {
    res = await fetch(path, { ...init, headers: { ...init.headers, Authorization: `Bearer ${token}`, Accept: 'application/json' } });
  } catch (error) {
    throw new Error(ACCOUNT_MESSAGES.unreachable, { cause: error });
  }
  if (!res.ok) {
    const data = (await res.json().catch(() => null)) as { error?: unknown } | null;
    const error = new Error(typeof data?.error === 'string' && data.error ? data.error : fallback) as Error & { status?: number };
    error.status = res.status;
    throw error;
  }
  return res;
}

/** The Customer Portal's address for the member's Stripe customer. */
export async function openBillingPortal(): Promise<string> {
  const res = await callFunction(BILLING_PORTAL_PATH, { method: 'POST' }, ACCOUNT_MESSAGES.portalFailed);
  const data = (await res.json().catch(() => null)) as { url?: unknown } | null;
  if (typeof data?.url !== 'string' || !/^https?:\/\//.test(data.url)) throw new Error(ACCOUNT_MESSAGES.portalFailed);
  return data.url;
}

/** The member's data as a JSON Blob. */
export async function exportAccount(): Promise<Blob> {
  const res = await callFunction(ACCOUNT_EXPORT_PATH, { method: 'GET' }, ACCOUNT_MESSAGES.exportFailed);
  return new Blob([await res.text()], { type: 'application/json' });
}

/** Deletes the account; a 401 (`status`) means the sign-in is too old. */
export async function deleteAccount(): Promise<void> {
  await callFunction(
    ACCOUNT_DELETE_PATH,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ confirm: 'DELETE' }) },
    ACCOUNT_MESSAGES.deleteFailed,
  );
}
