/**
 * What a purchase is, in the words of an email: the product's name (from the one catalogue, by
 * its price id), which kind of thing it is (an app, the course, the Founding Membership, a
 * monthly membership) and where the member opens it (the app's room in the Lounge, the course,
 * the dashboard's library). Where a bought thing opens is its feature's to say: the course and
 * the Lounge list their products' homes, netlify/functions/_registry/product-homes.ts combines
 * them and the outbox's preparers are given them (./kinds.ts); commerce imports neither. Pure.
 */
import { displayName } from '../../catalogue';
import { BUILT_IN_CATALOGUE } from '../catalogue';
import { LIBRARY_PATH } from '../../../../../netlify/functions/_shared/email/messages';

export { LIBRARY_PATH };

export type BoughtKind = 'app' | 'course' | 'founding' | 'membership';

export interface Bought {
  priceId: string;
  /** As the products page names it ("Stillpoint", "Master Alchemist Course", "Adventurer Membership"). */
  name: string;
  kind: BoughtKind;
  /** Where the member opens it: a path on the site. */
  home: string;
}

export const FOUNDING_PRICE_ID = 'price_founding_membership';

/** Where each bought product opens (a path on the site), by price id, as its feature says. */
export type ProductHomes = Readonly<Record<string, string>>;

/**
 * The product of `priceId` in the catalogue, as an email speaks of it, opening at its home in
 * `homes` (the library when no feature lists one); null when it is not ours.
 */
export function boughtItem(priceId: string, homes: ProductHomes): Bought | null {
  const product = BUILT_IN_CATALOGUE.find((p) => p.priceId === priceId);
  if (!product) return null;
  const name = displayName(product.name);
  const home = Object.hasOwn(homes, priceId) ? homes[priceId]! : LIBRARY_PATH;
  if (product.productType === 'app') return { priceId, name, kind: 'app', home };
  if (product.productType === 'course') return { priceId, name, kind: 'course', home };
  if (priceId === FOUNDING_PRICE_ID) return { priceId, name, kind: 'founding', home: LIBRARY_PATH };
  return { priceId, name, kind: 'membership', home: LIBRARY_PATH };
}
