/**
 * Share images (Open Graph and X cards): where each page's image lives and what it is. The
 * images are rendered at build time by src/site/share-image-render.tsx into the endpoints under
 * src/pages/og/; every one is a 1200x630 JPEG of at most 100 KB, 100,000 bytes (WhatsApp shows no preview
 * for an image much over 300 KB, and a small one loads fast on a phone).
 */

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;
export const SHARE_IMAGE_TYPE = 'image/jpeg';
/** The most a share image may weigh, in bytes (a test holds every built image to it). */
export const SHARE_IMAGE_MAX_BYTES = 100_000;

/** The site-wide share image, for every page without one of its own. */
export const DEFAULT_SHARE_IMAGE = '/og/default.jpg';
/** What the site-wide image shows, for readers who cannot see it (og:image:alt, twitter:image:alt). */
export const DEFAULT_SHARE_IMAGE_ALT =
  'Inner Alchemy: “You’re not broken. You’re becoming.” Free guided journeys, coaching and gentle apps.';

/** A journey's share image: its title and icons. */
export function journeyImagePath(journeyId: string): string {
  return `/og/journeys/${encodeURIComponent(journeyId)}.jpg`;
}

/** An app's share image: its name and icon (also the `image` of its Product structured data). */
export function appImagePath(appSlug: string): string {
  return `/og/apps/${encodeURIComponent(appSlug)}.jpg`;
}

/** The free course lesson's share image: its title and summary. */
export function lessonImagePath(slug: string): string {
  return `/og/course/${encodeURIComponent(slug)}.jpg`;
}
