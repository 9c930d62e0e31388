/**
 * A product's name as shown. Apart from ./catalogue.ts (which re-exports it), so the dashboard's
 * library loads these few lines and not the catalogue page's rules.
 */

/** Prefixes that app names carry in the live catalogue and the products page strips. */
export const NAME_PREFIXES = ['Inner Alchemy App - ', 'Oasis App: '] as const;

/** The name as shown on a product card: a leading store prefix removed. */
export function displayName(name: string): string {
  for (const prefix of NAME_PREFIXES) {
    if (name.startsWith(prefix)) return name.slice(prefix.length).trim() || name;
  }
  return name;
}
