/**
 * What stops a member's words from being saved, said plainly before any save: a field longer
 * than its column allows, or a character Postgres cannot store (NUL, a lone surrogate). The
 * apps' own rules add what is theirs (an empty field, say); the database checks the same bounds.
 */
import { isStorableText } from '../../../core/storable-text';

/** The field's first problem, or null. `label` names it as the member reads it ("Your note"). */
export function fieldProblem(label: string, text: string, max: number): string | null {
  if (text.length > max) return `${label} is longer than ${max} characters. Please shorten it.`;
  if (!isStorableText(text)) return `${label} contains a character that cannot be saved (an invisible control character). Please remove it and save again.`;
  return null;
}
