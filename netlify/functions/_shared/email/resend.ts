/**
 * Sending one message through Resend's HTTP API (POST /emails), with fetch: no SDK
 * (docs/decisions/email.md). Every request carries an Idempotency-Key: Resend answers a repeat
 * of a key it accepted in the last 24 hours with the first answer and sends nothing, so an
 * attempt whose answer was lost can be made again safely. The outcome says what to do next:
 *
 *   sent       accepted (the provider's id)
 *   retry      not sent, or not known to be: a 5xx, a timeout, the network, 429 (rate limit),
 *              401/403 (a key to fix), 409 concurrent_idempotent_requests (the same key in flight)
 *   refused    the provider will never take this message as it is (400, 422): not retried
 *
 * A 409 invalid_idempotent_request means the key was already used with another payload: this
 * message was sent before (by an earlier attempt), so it counts as sent. The outcome's `error`
 * is the status and Resend's error name only, never a body or an address (it goes into the
 * outbox row and the log).
 */

export interface Attachment {
  filename: string;
  /** The file's bytes, base64-encoded. */
  content: string;
  contentType: string;
}

export interface OutgoingEmail {
  from: string;
  to: string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  attachments?: Attachment[];
  /** What the provider's dashboard files it under (the message's kind). */
  tag: string;
}

export type SendOutcome = { outcome: 'sent'; id: string | null } | { outcome: 'retry'; error: string } | { outcome: 'refused'; error: string };

/** How long one call may take before it counts as failed (and is tried again later, with the same key). */
export const SEND_TIMEOUT_MS = 8_000;

export async function sendWithResend(
  api: { url: string; key: string },
  email: OutgoingEmail,
  idempotencyKey: string,
  fetchImpl: typeof fetch = fetch,
): Promise<SendOutcome> {
  const body = {
    from: email.from,
    to: [email.to],
    reply_to: email.replyTo,
    subject: email.subject,
    text: email.text,
    html: email.html,
    ...(email.headers && Object.keys(email.headers).length ? { headers: email.headers } : {}),
    ...(email.attachments?.length
      ? { attachments: email.attachments.map((a) => ({ filename: a.filename, content: a.content, content_type: a.contentType })) }
      : {}),
    tags: [{ name: 'kind', value: email.tag }],
  };
  let res: Response;
  try {
    res = await fetchImpl(`${api.url}/emails`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${api.key}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': idempotencyKey,
        'User-Agent': 'inner-alchemy-functions',
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    return { outcome: 'retry', error: name === 'TimeoutError' ? `no answer in ${SEND_TIMEOUT_MS / 1000} s` : `network: ${name}` };
  }
  const answer = (await res.json().catch(() => null)) as { id?: unknown; name?: unknown } | null;
  if (res.ok) return { outcome: 'sent', id: typeof answer?.id === 'string' ? answer.id : null };
  const name = typeof answer?.name === 'string' ? answer.name.replace(/[^\w.-]/g, '').slice(0, 60) : '';
  const error = `${res.status}${name ? ` ${name}` : ''}`;
  if (res.status === 409 && name === 'invalid_idempotent_request') return { outcome: 'sent', id: null };
  if (res.status === 400 || res.status === 422) return { outcome: 'refused', error };
  return { outcome: 'retry', error };
}
