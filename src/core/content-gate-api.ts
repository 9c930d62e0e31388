/**
 * The content gate's client: GET /api/content/<product>/<item> with the member's ID token
 * (netlify/functions/content.mts). Answers the item, or an Error whose message is what the
 * member reads (the gate's own message for 403, say) and whose `status` is the HTTP status.
 */
import { currentAccessToken } from './session/access-token';

export const CONTENT_MESSAGES = {
  notSignedIn: 'Please sign in again to continue.',
  failed: 'This could not be loaded just now. Please try again.',
  unreachable: 'We could not reach the server. Check your connection and try again.',
} as const;

export async function fetchGated<T>(product: string, item: string): Promise<T> {
  const token = await currentAccessToken();
  if (!token) throw Object.assign(new Error(CONTENT_MESSAGES.notSignedIn), { status: 401 });
  let res: Response;
  try {
    res = await fetch(`/api/content/${encodeURIComponent(product)}/${encodeURIComponent(item)}`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      cache: 'no-store',
    });
  } catch (error) {
    throw new Error(CONTENT_MESSAGES.unreachable, { cause: error });
  }
  const data = (await res.json().catch(() => null)) as (T & { error?: unknown }) | null;
  if (!res.ok || !data) {
    const message = typeof data?.error === 'string' && data.error ? data.error : CONTENT_MESSAGES.failed;
    throw Object.assign(new Error(message), { status: res.status });
  }
  return data;
}
