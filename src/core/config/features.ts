/**
 * The site-wide disable flag. While it is on, sign-in, sign-up, purchases, coaching signup and
 * the newsletter are shown as "Coming Soon" or "temporarily unavailable" and are inert.
 * It is on unless PUBLIC_FEATURES_DISABLED is exactly "false".
 */
import { parseFeaturesDisabled } from './flag';

export const FEATURES_DISABLED: boolean = parseFeaturesDisabled(import.meta.env.PUBLIC_FEATURES_DISABLED);

/** Included apps become accessible from this moment, local time (2025-08-08 00:00). */
export const ACCESS_START = { year: 2025, monthIndex: 7, day: 8 } as const;
