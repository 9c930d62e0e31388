/** The alert shown for a Lounge app that is not available yet (the home page's Lounge section). */
export function comingSoonMessage(app: string): string {
  return `${app} is coming soon! Stay tuned for updates.`;
}
