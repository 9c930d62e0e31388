/**
 * The Lounge's rooms: which apps are open at /lounge/<slug>/ (docs/decisions/lounge.md). An app
 * page's "You have lifetime access" panel and the dashboard library's Open lead to an open
 * app's room; an app not open yet keeps its sales page there.
 */

/** The apps with a room, by slug (the apps collection's id). */
export const OPEN_LOUNGE_APPS = ['stillpoint', 'the-bloom-book', 'whispers-before-sleep', 'rise-mode', 'mindstage', 'the-reset-room'] as const;
export type LoungeSlug = (typeof OPEN_LOUNGE_APPS)[number];

export const isOpenInLounge = (slug: string): slug is LoungeSlug => (OPEN_LOUNGE_APPS as readonly string[]).includes(slug);

/** The app's room: /lounge/<slug>/. */
export const loungePath = (slug: LoungeSlug): string => `/lounge/${slug}/`;

/** Where a member who has the app opens it: its room when open, else its page. */
export const appHome = (slug: string): string => (isOpenInLounge(slug) ? loungePath(slug) : `/app/${slug}`);

/** The sign-in address that brings the visitor back to the room. */
export const signInToRoom = (slug: LoungeSlug): string => `/login?next=${encodeURIComponent(loungePath(slug))}`;
