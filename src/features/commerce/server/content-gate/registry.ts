/**
 * The registry of gated content: which products the content gate serves, their items, and the
 * catalogue entry that decides access to each (src/core/access/access.ts).
 *
 * Each feature lists its own gated products: the course in
 * src/features/course/server/gated-products.json, the Lounge's apps in
 * src/features/lounge/shared/server/gated-products.json; netlify/functions/_registry/gated-content.ts
 * combines them with the items of netlify/functions/_generated/gated-content.json, compiled by
 * scripts/compile-gated-content.mjs from the folders the lists name (run by `npm run build`,
 * `npm run dev`, `npm run check`, vitest and the functions bundler).
 *
 * Adding a product (a Lounge app's premium content, say `stillpoint`):
 *   1. put its files in a folder of its own, e.g. src/content/lounge/stillpoint/premium/
 *      (<id>.md or <id>.json; `preview: true` makes an item free to every signed-in member);
 *   2. add an entry to its feature's gated-products.json (the Lounge's, here):
 *        "stillpoint": { "priceId": "price_app_stillpoint", "salesPath": "/app/stillpoint",
 *                        "source": "src/content/lounge/stillpoint/premium", "item": "json" }
 *      (priceId: its entry in src/content/catalogue.json; item: "markdown", "json" or
 *      "course-lesson"); a unit test checks each entry against the catalogue;
 *   3. the item is then at GET /api/content/stillpoint/<id>. Nothing else changes.
 * What of the folder is public on purpose (the app's copy, a free preview on its sales page) is
 * listed under the entry's "public", with why: a whole item is left out of the gate, a part
 * (a JSON pointer, or a story's first paragraphs) is not counted as paid by the build check.
 * An array element with `"preview": true` is public by its own flag (Rise Mode's preview statements).
 * Never render those files in a page or pass them to an island: the build test
 * (scripts/check-gated.mjs) fails when a paid item's text is anywhere under dist/.
 */
import catalogue from '../../../../content/catalogue.json';
import type { GatedProduct } from './decision';
import type { ProductType } from '../../catalogue';

/** An item as the gate answers it: its fields (title, html, ...); `preview` marks a free one. */
export type GatedItem = { preview: boolean } & Record<string, unknown>;

export interface RegistryEntry {
  priceId: string;
  salesPath: string;
  source: string;
  item: 'course-lesson' | 'markdown' | 'json';
  /** false: an item's `preview: true` does not make it free (its preview is public elsewhere). */
  freePreviews?: boolean;
  /**
   * What of the product's folder is public on purpose, and why: a whole item (never compiled
   * into the gate), a part of a JSON item (`pointer`, RFC 6901) or the first `blocks` of a
   * Markdown item, shown on a public page. scripts/check-gated.mjs does not count them as paid.
   */
  public?: { item: string; pointer?: string; blocks?: number; why: string }[];
}

/**
 * What a product's feature records when the gate serves a member one of its paid items (the
 * course counts a member who opened a lesson). Best effort: the gate logs a failure and serves
 * the item all the same.
 */
export type ItemServed = (memberId: string, at: Date) => Promise<void>;

/** What the gate looks up: a product by its slug, an item by its product and id. */
export interface GateRegistry {
  gatedProduct(slug: string): GatedProduct | null;
  gatedItem(slug: string, id: string): GatedItem | null;
}

/** The registry over `entries` (product slug -> entry) and the compiled `items` (slug -> id -> item). */
export function gateRegistry(entries: Record<string, RegistryEntry>, items: Record<string, Record<string, GatedItem> | undefined>): GateRegistry {
  return {
    gatedProduct(slug) {
      if (!Object.hasOwn(entries, slug)) return null;
      const entry = entries[slug]!;
      const product = catalogue.find((p) => p.priceId === entry.priceId);
      if (!product) return null;
      return { priceId: product.priceId, name: product.name, mode: product.mode as 'payment' | 'subscription', productType: product.productType as ProductType, salesPath: entry.salesPath };
    },
    gatedItem(slug, id) {
      const list = Object.hasOwn(items, slug) ? items[slug] : undefined;
      if (!list || !Object.hasOwn(list, id)) return null;
      return list[id]!;
    },
  };
}
