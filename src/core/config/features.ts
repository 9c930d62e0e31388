/**
 * The site-wide disable flag. While it is on, sign-in, sign-up, purchases, coaching signup and
 * the newsletter are shown as "Coming Soon" or "temporarily unavailable" and are inert.
 * It is on unless PUBLIC_FEATURES_DISABLED is exactly "false".
 */

/** The flag is on for every value but the exact string "false" (or boolean false). */
export function parseFeaturesDisabled(value: unknown): boolean {
  if (value === false) return false;
  return value !== 'false';
}

export const FEATURES_DISABLED: boolean = parseFeaturesDisabled(import.meta.env.PUBLIC_FEATURES_DISABLED);
