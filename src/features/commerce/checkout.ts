/**
 * The checkout request, shared by the CheckoutButton (which builds it) and the stripe-checkout
 * function (which validates it): its shape, the success and cancel addresses, the rules that
 * keep a checkout on the site's own origin, and the messages a failed checkout shows.
 */
import type { Product } from '../../core/access/product';

/** The payment provider replaces this with the session id in the success URL. */
export const CHECKOUT_SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

export const CHECKOUT_MESSAGES = {
  notAuthenticated: 'User not authenticated',
  failed: 'Failed to create checkout session',
  startFailed: 'Failed to start checkout',
} as const;

export interface CheckoutRequest {
  price_id: string;
  success_url: string;
  cancel_url: string;
  mode: Product['mode'];
}

/** `/success?session_id={CHECKOUT_SESSION_ID}` on the given origin. */
export function successUrlFor(origin: string): string {
  return `${origin}/success?session_id=${CHECKOUT_SESSION_PLACEHOLDER}`;
}

/** The body the CheckoutButton sends: success on /success, cancel back to the current page. */
export function buildCheckoutRequest(input: { priceId: string; mode: Product['mode']; origin: string; currentUrl: string }): CheckoutRequest {
  return { price_id: input.priceId, mode: input.mode, success_url: successUrlFor(input.origin), cancel_url: input.currentUrl };
}

const MAX_URL = 2048;

type Shape = { ok: true; value: CheckoutRequest } | { ok: false; error: string };

/**
 * The request body's shape, checked by hand (no zod: it would add a quarter of a megabyte to the
 * checkout function's zip, and the page that builds requests needs none of it). The fields are
 * checked in order and the first problem is the answer; price_id is trimmed; other keys are
 * dropped.
 */
function checkShape(body: Record<string, unknown>): Shape {
  const { price_id: priceId, success_url: successUrl, cancel_url: cancelUrl, mode } = body;
  if (typeof priceId !== 'string' || !priceId.trim()) return { ok: false, error: 'price_id is required.' };
  if (priceId.trim().length > 255) return { ok: false, error: 'price_id is too long.' };
  for (const [name, url] of [['success_url', successUrl], ['cancel_url', cancelUrl]] as const) {
    if (typeof url !== 'string' || !url) return { ok: false, error: `${name} is required.` };
    if (url.length > MAX_URL) return { ok: false, error: `${name} is too long.` };
  }
  if (mode !== 'payment' && mode !== 'subscription') return { ok: false, error: 'mode must be "payment" or "subscription".' };
  return { ok: true, value: { price_id: priceId.trim(), success_url: successUrl as string, cancel_url: cancelUrl as string, mode } };
}

/** Whether `url` is an absolute http(s) address on one of `origins`, without credentials. */
export function isOnOrigin(url: string, origins: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  if (parsed.username || parsed.password) return false;
  return origins.includes(parsed.origin);
}

export { originsOf } from '../../core/origins';

export type CheckoutValidation = { ok: true; value: CheckoutRequest } | { ok: false; error: string };

/** Shape, then addresses (own origin, success carries the session id). */
export function parseCheckoutRequest(body: unknown, allowedOrigins: readonly string[]): CheckoutValidation {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, error: 'Request body must be a JSON object.' };
  }
  const parsed = checkShape(body as Record<string, unknown>);
  if (!parsed.ok) return parsed;
  const value = parsed.value;
  if (!isOnOrigin(value.success_url, allowedOrigins)) return { ok: false, error: 'success_url must be an address on this site.' };
  if (!value.success_url.includes(CHECKOUT_SESSION_PLACEHOLDER)) {
    return { ok: false, error: `success_url must contain ${CHECKOUT_SESSION_PLACEHOLDER}.` };
  }
  if (!isOnOrigin(value.cancel_url, allowedOrigins)) return { ok: false, error: 'cancel_url must be an address on this site.' };
  return { ok: true, value };
}

/** The price must be in the catalogue and the mode must be the price's own. */
export function checkAgainstCatalogue(request: CheckoutRequest, catalogue: readonly Pick<Product, 'priceId' | 'mode'>[]): string | null {
  const product = catalogue.find((p) => p.priceId === request.price_id);
  if (!product) return 'This product is not available for purchase.';
  if (product.mode !== request.mode) return `mode must be "${product.mode}" for this product.`;
  return null;
}
