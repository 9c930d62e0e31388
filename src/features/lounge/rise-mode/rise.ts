/**
 * Rise Mode's pure logic: the statement of the day (the same all day in the member's time zone,
 * a different one tomorrow, none repeated within 60 days), the bounds of what the member writes
 * (the database enforces the same: supabase/migrations/20261125003000_lounge_rise_mindstage_reset.sql),
 * the check-in's answers and the gentle streak.
 *
 * Evidence, in our own words: repeating a sweeping positive statement ("I'm a lovable person")
 * made people with low self-esteem feel worse (Wood, Perunovic and Lee 2009, Psychological
 * Science 20:860-866); the statements are framed as growth ("I am learning to...") and the
 * member is invited to write their own. One small brave action a day follows implementation
 * intentions (Gollwitzer 1999, American Psychologist 54:493-503).
 */
import { dayNumber } from '../shared/local-day';
import { fieldProblem } from '../shared/field-problem';
import type { RISE_LIVED } from '../../../core/db/values';

export interface Statement {
  id: string;
  text: string;
}

/** The app's own words around the practice (src/content/lounge/rise-mode/prompts.json). */
export interface RisePrompts {
  intention: string;
  statement: string;
  braveAction: string;
  checkIn: string;
  checkInNote: string;
}

/** No statement comes back sooner than this many days (the set must hold at least this many). */
export const NO_REPEAT_DAYS = 60;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** A step through the set coprime with its size, so consecutive days are not neighbours in the file. */
function stride(size: number): number {
  let k = 7;
  while (gcd(k, size) !== 1) k++;
  return k;
}

/**
 * The statement for `day` ('YYYY-MM-DD', the member's own day): day n takes the (n * k)th
 * statement modulo the set's size, with k coprime to it, so every statement comes once in each
 * run of `size` days and returns exactly `size` days later (at least 60 with 60 or more).
 */
export function statementOfDay<T extends Statement>(statements: readonly T[], day: string): T | null {
  const size = statements.length;
  if (size === 0) return null;
  const n = dayNumber(day);
  const i = (((n * stride(size)) % size) + size) % size;
  return statements[i]!;
}

/** The same, for the brave action of the day (its own rotation, offset from the statements'). */
export function braveActionOfDay<T extends Statement>(actions: readonly T[], day: string): T | null {
  if (actions.length === 0) return null;
  const n = dayNumber(day) + 3;
  return actions[((n % actions.length) + actions.length) % actions.length]!;
}

/** How the member lived the day's intention: one of RISE_LIVED, as rise_days.lived allows. */
export type Lived = (typeof RISE_LIVED)[number];
export const LIVED_LABELS: Record<Lived, string> = { yes: 'Yes', partly: 'Partly', 'not-today': 'Not today' };

/** The bounds of rise_days and rise_statements. */
export const LIMITS = { intention: 300, statement: 300, braveAction: 300, note: 1000 } as const;

export interface Morning {
  intention: string;
  statementText: string;
  braveAction: string;
}

/** The morning practice's first problem, or null: an intention is needed; each field bounded. */
export function morningProblem(m: Morning): string | null {
  if (!m.intention.trim()) return 'Write your intention for today first: a few words are enough.';
  return (
    fieldProblem('Your intention', m.intention, LIMITS.intention) ??
    fieldProblem('The statement', m.statementText, LIMITS.statement) ??
    fieldProblem('Your brave action', m.braveAction, LIMITS.braveAction)
  );
}

/** The evening check-in's first problem, or null. */
export function checkInProblem(lived: Lived | null, note: string): string | null {
  if (!lived) return 'Choose how the day went: yes, partly or not today.';
  return fieldProblem('Your note', note, LIMITS.note);
}

/** A statement the member writes for themselves: its first problem, or null. */
export function ownStatementProblem(text: string): string | null {
  if (!text.trim()) return 'Write your statement first.';
  return fieldProblem('Your statement', text, LIMITS.statement);
}
