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

/** A Stripe Checkout Session id as Stripe makes them (`cs_test_...`, `cs_live_...`). */
export function isCheckoutSessionId(value: string): boolean {
  return /^cs_[A-Za-z0-9_]{1,250}$/.test(value);
}

/** One thing bought, as GET /api/checkout-summary names it. */
export interface PurchasedItem {
  priceId: string;
  /** The product's name without the store prefix. */
  name: string;
  productType: 'app' | 'course' | 'membership';
}

/** The answer of GET /api/checkout-summary. */
export interface CheckoutSummary {
  reference: string;
  items: PurchasedItem[];
  /** The webhook has recorded the purchase: the member's access is in place. */
  recorded: boolean;
}

/** How often and how long /success asks again while the webhook has not arrived. */
export const SUMMARY_POLL_MS = 1500;
export const SUMMARY_POLL_TRIES = 6;

/** Whether a JSON answer is a checkout summary. */
export function isCheckoutSummary(value: unknown): value is CheckoutSummary {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.reference === 'string' &&
    typeof v.recorded === 'boolean' &&
    Array.isArray(v.items) &&
    v.items.every((i: unknown) => typeof i === 'object' && i !== null && typeof (i as PurchasedItem).name === 'string' && typeof (i as PurchasedItem).priceId === 'string')
  );
}

/** What /success says about the items: "Stillpoint" / "Stillpoint and Mindstage" / "A, B and C". */
export function itemsSentence(items: readonly Pick<PurchasedItem, 'name'>[]): string {
  const names = items.map((i) => i.name);
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
