/**
 * The content gate's decision, pure: may this member have this item of this product? Used by
 * ./content.ts (netlify/functions/content.mts, the only door to paid content) with the inputs read by
 * src/features/commerce/server/member-access.ts, and decided by the one access model
 * (src/core/access/access.ts): bought, Founding Member, or included in a plan while it entitles.
 */
import { access, howToGetIt, type AccessInputs, type AccessProduct } from '../../../../core/access/access';

export { howToGetIt };

/** A product whose content the gate serves, and how its own page names it. */
export interface GatedProduct extends AccessProduct {
  /** Where a member without access reads how to get it (the sales page). */
  salesPath: string;
}

export const GATE_MESSAGES = {
  /** No token, or one Firebase does not accept. */
  signIn: 'Please sign in to open this.',
  notFound: 'There is no such content.',
  databaseDown: 'Your access could not be checked just now: our database is not answering. Please try again in a moment.',
} as const;

export type GateDecision = { status: 200 } | { status: 401; message: string } | { status: 403; message: string };

/**
 * The answer for one item: 401 without a verified member; 200 for a free preview (any member)
 * or when the access model grants the product; otherwise 403 with how to get it.
 */
export function gateDecision(product: GatedProduct, item: { preview: boolean }, member: AccessInputs | null): GateDecision {
  if (!member) return { status: 401, message: GATE_MESSAGES.signIn };
  if (item.preview) return { status: 200 };
  const a = access(product, member);
  if (a.kind !== 'none') return { status: 200 };
  return { status: 403, message: howToGetIt(product, a.reason) };
}
