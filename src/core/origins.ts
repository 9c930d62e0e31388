/**
 * The origins of the given addresses (invalid or empty ones left out), without duplicates.
 * A module of its own (re-exported by checkout.ts) so the functions' same-site check does not
 * pull checkout's schemas (zod) into every function that uses it.
 */
export function originsOf(addresses: readonly (string | null | undefined)[]): string[] {
  const out = new Set<string>();
  for (const address of addresses) {
    if (!address) continue;
    try {
      out.add(new URL(address).origin);
    } catch {
      /* not an address */
    }
  }
  return [...out];
}
