/** Small pieces of copy that are computed rather than written once. */

/** The alert shown for a Lounge app that is not available yet. */
export function comingSoonMessage(app: string): string {
  return `${app} is coming soon! Stay tuned for updates.`;
}

/** A whole-dollar price as shown on cards: "$29", "$3,999". */
export function formatUsd(amount: number): string {
  return `$${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}
