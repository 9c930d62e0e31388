/** The disable flag is on for every value but the exact string "false" (or boolean false). */
export function parseFeaturesDisabled(value: unknown): boolean {
  if (value === false) return false;
  return value !== "false";
}
