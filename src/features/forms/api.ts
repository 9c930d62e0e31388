/**
 * The future page's submissions: an early-access email, an idea, a partnership request. Each is
 * posted as JSON to the same-origin forms function (`/api/forms/{kind}`), which checks it again
 * and stores it with the service role; the browser never talks to the database for these, so
 * /future downloads no database SDK. The answer is success, or the function's code and
 * message (the spec's, from the same ./validation.ts); a failed request (offline) throws, which
 * the form shows as its "unexpected" message.
 */
import { formAction, type FormKind } from './submission';
import type { InsertResult } from './submit';
import type { EarlyAccessRow, IdeaRow, PartnershipRow } from './validation';

/** What a post carries besides the form's own fields: the honeypot and the time to submit. */
export interface BotFields {
  website: string;
  elapsed: number;
}

async function post(kind: FormKind, fields: Record<string, unknown>): Promise<InsertResult> {
  const res = await fetch(formAction(kind), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(fields),
    cache: 'no-store',
  });
  if (res.ok) return { ok: true };
  let body: { error?: unknown; code?: unknown } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    /* the platform's own page (a 429 or a 5xx): no JSON */
  }
  const code = typeof body.code === 'string' ? body.code : res.status === 429 ? 'limited' : null;
  const message = typeof body.error === 'string' && typeof body.code === 'string' ? body.error : undefined;
  console.error(`Forms: ${kind} answered ${res.status}${code ? ` (${code})` : ''}`);
  return { ok: false, code, ...(message ? { message } : {}) };
}

export function joinEarlyAccess(row: EarlyAccessRow, bot: BotFields): Promise<InsertResult> {
  return post('early-access', { email: row.email, ...bot });
}

export function shareIdea(row: IdeaRow, bot: BotFields): Promise<InsertResult> {
  return post('idea', { name: row.name ?? '', email: row.email, idea: row.idea_message, ...bot });
}

export function requestPartnership(row: PartnershipRow, bot: BotFields): Promise<InsertResult> {
  return post('partnership', { name: row.name, email: row.email, message: row.message, partnershipType: row.partnership_type, ...bot });
}
