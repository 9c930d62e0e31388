/**
 * GET /api/stripe-products, read the way the products page needs it: a network failure, an
 * HTTP error or a body that is not JSON is a `fallback` (keep the built-in catalogue), like an
 * answer that is not an array; see `classifyProductsAnswer` for the rest. Asked once per page:
 * the page's own check and the catalogue island share the answer.
 */
import { classifyProductsAnswer, type ProductsAnswer } from './catalogue';

export const STRIPE_PRODUCTS_PATH = '/api/stripe-products';

let asked: Promise<ProductsAnswer> | undefined;

/** The live catalogue's answer, asked for on the first call of the page. */
export function fetchProducts(): Promise<ProductsAnswer> {
  asked ??= ask();
  return asked;
}

async function ask(): Promise<ProductsAnswer> {
  let res: Response;
  try {
    res = await fetch(STRIPE_PRODUCTS_PATH, { headers: { Accept: 'application/json' } });
  } catch (error) {
    return { kind: 'fallback', reason: `the call failed (${error instanceof Error ? error.message : String(error)})` };
  }
  if (!res.ok) return { kind: 'fallback', reason: `the call answered ${res.status}` };
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    return { kind: 'fallback', reason: 'the answer is not JSON' };
  }
  return classifyProductsAnswer(body);
}
