/**
 * The Lounge's apps and the addresses that lead to them. Each app in LOUNGE_APPS has a home in
 * the Lounge, the page /lounge/<slug>/ where a member who has it uses it; the app's sales page
 * (/app/<slug>), its library entry on the dashboard and its "You have lifetime access" panel all
 * lead there. Pure and small: the browser's islands import it too.
 */

/** The apps that have a home in the Lounge, by slug (the apps collection's id). */
export const LOUNGE_APPS = ['stillpoint', 'the-bloom-book', 'whispers-before-sleep', 'rise-mode', 'mindstage', 'the-reset-room'] as const;
export type LoungeSlug = (typeof LOUNGE_APPS)[number];

export const isLoungeApp = (slug: string): slug is LoungeSlug => (LOUNGE_APPS as readonly string[]).includes(slug);

/** The app's home in the Lounge: /lounge/<slug>/. */
export const loungeHome = (slug: LoungeSlug): string => `/lounge/${slug}/`;

/** Where a member who has the app opens it: its home in the Lounge, or its sales page for an app without one. */
export const openAppPath = (slug: string): string => (isLoungeApp(slug) ? loungeHome(slug) : `/app/${slug}`);

/** The sign-in address that brings the visitor back to the app's home in the Lounge. */
export const signInToLoungeHome = (slug: LoungeSlug): string => `/login?next=${encodeURIComponent(loungeHome(slug))}`;
