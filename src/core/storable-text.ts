/**
 * Text PostgreSQL cannot store. A `text` (or `varchar`) value in a UTF-8 database may hold any
 * Unicode character except NUL (U+0000: error 22P05, "invalid byte sequence"), and `json`/`jsonb`
 * refuse the escape `\u0000` too; a lone UTF-16 surrogate (half of a pair, which a browser's
 * JSON.stringify or a script can send) is no character at all and is refused as well (22P05,
 * or 22023 in JSON). Checked before a write, so what a person wrote is answered with the
 * field's message (a 400) instead of a database failure (a 502) that repeats on every retry.
 *
 * Pure, for every place a member or visitor writes text: the future page's forms (through
 * src/features/forms/validation.ts), and what members write in the course and the Lounge apps.
 */

/** NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether PostgreSQL can store `text` as it is. */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** The position (UTF-16 index) of the first character PostgreSQL cannot store, or -1. */
export function unstorableIndex(text: string): number {
  return UNSTORABLE.exec(text)?.index ?? -1;
}

/**
 * Whether every string in a JSON-like value (keys included) can be stored, for answers kept as
 * `jsonb` (a journal entry with several fields, an app's saved state).
 */
export function isStorableValue(value: unknown): boolean {
  if (typeof value === 'string') return isStorableText(value);
  if (Array.isArray(value)) return value.every(isStorableValue);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).every(([key, inner]) => isStorableText(key) && isStorableValue(inner));
  }
  return true;
}
