/**
 * What a purchase is, in the words of an email: the product's name (from the one catalogue, by
 * its price id), which kind of thing it is (an app, the course, the Founding Membership, a
 * monthly membership) and where the member opens it (the app's room in the Lounge, the course,
 * the dashboard's library). Pure.
 */
import { displayName } from '../../catalogue';
// Where a bought thing opens is the course's and the Lounge's to say: the two known exceptions to
// the features' zones, left for commerce's model (issue 43, point 3), as the dashboard page passes
// these paths to the library in the browser.
// eslint-disable-next-line import-x/no-restricted-paths -- the course's address and price id (see above)
import { COURSE_PATH, COURSE_PRICE_ID } from '../../../course/outline';
// eslint-disable-next-line import-x/no-restricted-paths -- the Lounge's apps and their rooms (see above)
import { LOUNGE_APPS, openAppPath } from '../../../lounge/apps';
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

/** The app's slug (its content file and room) of an app's price id: price_app_the_bloom_book -> the-bloom-book. */
export function appSlugOf(priceId: string): string | null {
  return LOUNGE_APPS.find((slug) => priceId === `price_app_${slug.replace(/-/g, '_')}`) ?? null;
}

/** The product of `priceId` in the catalogue, as an email speaks of it; null when it is not ours. */
export function boughtItem(priceId: string): Bought | null {
  const product = BUILT_IN_CATALOGUE.find((p) => p.priceId === priceId);
  if (!product) return null;
  const name = displayName(product.name);
  if (product.productType === 'app') {
    const slug = appSlugOf(priceId);
    return { priceId, name, kind: 'app', home: slug ? openAppPath(slug) : LIBRARY_PATH };
  }
  if (product.productType === 'course' || priceId === COURSE_PRICE_ID) return { priceId, name, kind: 'course', home: COURSE_PATH };
  if (priceId === FOUNDING_PRICE_ID) return { priceId, name, kind: 'founding', home: LIBRARY_PATH };
  return { priceId, name, kind: 'membership', home: LIBRARY_PATH };
}
