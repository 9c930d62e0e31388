/**
 * The content gate's client: GET /api/content/<product>/<item> as the member
 * (netlify/functions/content.mts). `askGate` answers what the call came to, for a feature that
 * words each case itself (the course); `fetchGated` answers the item, or an Error whose message
 * is what the member reads (the gate's own message for 403, say) and whose `status` is the HTTP
 * status.
 */
import { askAsMember, MEMBER_API_MESSAGES, type MemberAnswer } from './member-api';

/** Shown when the gate fails without a message of its own. */
export const GATE_FAILED = 'This could not be loaded just now. Please try again.';

export type GateError = Error & { status?: number };

/** One item of a product, asked of the gate (never from a cache: access can change). */
export function askGate(product: string, item: string, signal?: AbortSignal): Promise<MemberAnswer> {
  return askAsMember(`/api/content/${encodeURIComponent(product)}/${encodeURIComponent(item)}`, { cache: 'no-store', ...(signal ? { signal } : {}) });
}

export async function fetchGated<T>(product: string, item: string): Promise<T> {
  const answer = await askGate(product, item);
  if (answer.kind === 'signedOut') throw Object.assign(new Error(MEMBER_API_MESSAGES.notSignedIn), { status: 401 });
  if (answer.kind === 'unreachable') throw new Error(MEMBER_API_MESSAGES.unreachable, { cause: answer.cause });
  if (!answer.ok || !answer.body) throw Object.assign(new Error(answer.error ?? GATE_FAILED), { status: answer.status });
  return answer.body as T;
}
