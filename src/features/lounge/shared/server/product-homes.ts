/**
 * Where a bought Lounge app opens, by its price id (an app's price is `price_app_<slug>`, its
 * dashes as underscores, as src/content/apps/<slug>.json gives it): its room in the Lounge.
 * Commerce's emails say it ("Open Stillpoint"); netlify/functions/_registry/product-homes.ts
 * combines every feature's homes and gives them to commerce, which imports no Lounge code.
 */
import { LOUNGE_APPS, openAppPath } from '../../apps';

/** The price id of a Lounge app: stillpoint -> price_app_stillpoint. */
export const appPriceId = (slug: string): string => `price_app_${slug.replace(/-/g, '_')}`;

export const LOUNGE_HOMES: Readonly<Record<string, string>> = Object.fromEntries(LOUNGE_APPS.map((slug) => [appPriceId(slug), openAppPath(slug)]));
