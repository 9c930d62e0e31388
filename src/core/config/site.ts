/** Brand, navigation and links: the one place the site's names and addresses are written. */

export const BRAND = 'Inner Alchemy';
export const LOUNGE_NAME = `${BRAND} Lounge`;
export const SUPPORT_EMAIL = 'support@inneralchemy.coach';
/** Who the site's emails come from, and where a member's reply goes (a person reads it). */
export const EMAIL_FROM = `${BRAND} <hello@inneralchemy.coach>`;
export const EMAIL_REPLY_TO = SUPPORT_EMAIL;

export interface NavLink {
  label: string;
  href: string;
}

/** The top-level links of the navigation bar, in order. */
export const NAV_LINKS: NavLink[] = [
  { label: 'Home', href: '/' },
  { label: 'About Us', href: '/about-us' },
  { label: 'Pricing', href: '/pricing' },
];

/** The items under "Explore". */
export const EXPLORE_LINKS: NavLink[] = [
  { label: 'Master Alchemist', href: '/masteralchemist' },
  { label: 'Podcast', href: '/podcast' },
  { label: 'Products', href: '/products' },
  { label: 'The Future', href: '/future' },
];

/** External pages linked from the footer. */
export const FOOTER_LINKS = {
  privacy: 'https://www.iubenda.com/privacy-policy/inner-alchemy',
  terms: 'https://www.iubenda.com/terms-and-conditions/inner-alchemy',
} as const;

/** The podcast's pages on the two platforms, and the show's own page. */
export const PODCAST_LINKS = {
  spotify: 'https://open.spotify.com/show/inner-alchemy',
  apple: 'https://podcasts.apple.com/podcast/inner-alchemy',
  show: 'https://open.spotify.com/show/inner-alchemy',
} as const;

/** Whether `href` is the page at `pathname` (trailing slashes ignored). */
export function isCurrent(href: string, pathname: string): boolean {
  const clean = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  return clean(href) === clean(pathname);
}

/**
 * How members join Rapid Fire Coaching Live, as the owner sets it: written into every
 * "Add to calendar" file (the description, and the address as the event's location and URL).
 * Set `url` to the standing meeting link to put it in members' calendars; leave it null to
 * send the link by email instead.
 */
export const COACHING_JOIN = {
  url: null as string | null,
  details: `Your join link arrives by email the day before the session. Questions: ${SUPPORT_EMAIL}.`,
};
