/** The post-payment page: how long it shows "Processing your purchase..." and the order reference. */

/** How long the processing state lasts, in milliseconds. */
export const PROCESSING_DELAY_MS = 1500;

/** Longer values are cut: a checkout session id is well under this. */
export const ORDER_REFERENCE_MAX_LENGTH = 200;

/**
 * The order reference from a query string (`?session_id=...`), trimmed and cut to a sane
 * length, or null when there is none. The value is untrusted text: show it as text only.
 */
export function orderReference(search: string): string | null {
  const value = new URLSearchParams(search).get('session_id')?.trim();
  if (!value) return null;
  return value.length > ORDER_REFERENCE_MAX_LENGTH ? `${value.slice(0, ORDER_REFERENCE_MAX_LENGTH)}…` : value;
}
