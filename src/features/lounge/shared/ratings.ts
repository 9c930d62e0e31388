/**
 * The 0 to 10 rating the apps ask for (Mindstage's distress before and after a rehearsal, The
 * Reset Room's strength of a feeling), pure: the scale that Rating.tsx shows and the database's
 * checks allow (0 to 10, whole numbers).
 */

/** The top of the scale; the bottom is 0. */
export const RATING_MAX = 10;

/** Whether a rating is one the scale allows: a whole number from 0 to 10. */
export const isRating = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= RATING_MAX;
