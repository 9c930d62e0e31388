/**
 * What the Lounge apps' content schemas have in common (each app's own is its schema.ts, wired
 * to its files in src/content.config.ts): the form of an id that members' rows keep.
 */
import { z } from 'zod';

/** Lower-case words joined by hyphens ("speaking-up-in-a-meeting"). */
export const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** An id stored with members' rows: fixed once published, so their history still names it. */
export const fixedId = (description: string, max = 64) => z.string().regex(SLUG).max(max).describe(description);
