/**
 * The Reset Room's pure logic: which reset suits a feeling and its strength, the bounds of what
 * is kept, and the statistics of the member's history (before and after, what helped most).
 *
 * Evidence, in our own words: the TIPP skills of dialectical behaviour therapy (Linehan 2015,
 * DBT Skills Training Manual, 2nd ed.) are for moments when a feeling is too strong to think:
 * temperature (cold water on the face), paced breathing at about 5 to 6 breaths a minute,
 * paired muscle relaxation; the STOP pause is a DBT skill as well. 5-4-3-2-1 grounding is common
 * clinical practice without a randomised trial of its own. No reset is a treatment.
 */

import type { RESET_FEELINGS, RESET_KINDS } from '../../../core/db/values';

/** A feeling the member can pick: one of RESET_FEELINGS, as the resets table allows. */
export type Feeling = (typeof RESET_FEELINGS)[number];
/** A reset: one of RESET_KINDS, as the resets table allows. */
export type ResetSlug = (typeof RESET_KINDS)[number];

/** A feeling as the picker shows it (src/content/lounge/the-reset-room/feelings.json). */
export interface FeelingCopy {
  id: Feeling;
  label: string;
  description: string;
}

export interface ResetStep {
  text: string;
  seconds: number;
}

export interface Reset {
  slug: ResetSlug;
  title: string;
  summary: string;
  minutes: number;
  suits: Feeling[];
  safety: string | null;
  steps: ResetStep[];
}

/** A strong feeling (7 or more) first gets a reset that works through the body (TIPP). */
export const STRONG = 7;

const FOR_STRONG: readonly ResetSlug[] = ['paced-breathing', 'cold-water-reset', 'paired-muscle-relaxation', 'stop-pause', 'grounding-five-senses'];
const FOR_MILDER: readonly ResetSlug[] = ['grounding-five-senses', 'stop-pause', 'paced-breathing', 'paired-muscle-relaxation', 'cold-water-reset'];

/**
 * The resets that suit `feeling` at `intensity` (0 to 10), best first: those written for the
 * feeling, ordered for a strong feeling (paced breathing, then the body-based resets) or a
 * milder one (grounding and STOP first). The cold-water reset is never first: it has a safety
 * note, so the member chooses it knowingly from the list.
 */
export function suitableResets<T extends Pick<Reset, 'slug' | 'suits'>>(resets: readonly T[], feeling: Feeling, intensity: number): T[] {
  const order = intensity >= STRONG ? FOR_STRONG : FOR_MILDER;
  const rank = (slug: ResetSlug) => {
    const i = order.indexOf(slug);
    return i < 0 ? order.length : i;
  };
  return resets.filter((r) => r.suits.includes(feeling)).sort((a, b) => rank(a.slug) - rank(b.slug));
}

/** Whether a reset is two to five minutes long, as the app promises (its content schema checks it). */
export const fitsTwoToFive = (reset: Pick<Reset, 'steps'>): boolean => {
  const s = reset.steps.reduce((sum, step) => sum + step.seconds, 0);
  return s >= 120 && s <= 300;
};

/** One finished reset as the resets table keeps it. */
export interface ResetRecord {
  feeling: Feeling;
  reset: ResetSlug;
  before: number;
  after: number;
  /** ISO timestamp. */
  at: string;
}

export interface HelpedStat {
  reset: ResetSlug;
  times: number;
  /** The mean fall in rating (before minus after), to one decimal; negative when it rose. */
  meanDrop: number;
}

/**
 * What helped this member most: each reset they have done with how often and the mean fall in
 * their rating, the largest fall first (then the most used, then the name). Optionally only
 * for one feeling.
 */
export function helpedMost(history: readonly ResetRecord[], feeling?: Feeling): HelpedStat[] {
  const by = new Map<ResetSlug, { times: number; drop: number }>();
  for (const r of history) {
    if (feeling && r.feeling !== feeling) continue;
    const s = by.get(r.reset) ?? { times: 0, drop: 0 };
    s.times++;
    s.drop += r.before - r.after;
    by.set(r.reset, s);
  }
  return [...by.entries()]
    .map(([reset, s]) => ({ reset, times: s.times, meanDrop: Math.round((s.drop / s.times) * 10) / 10 }))
    .sort((a, b) => b.meanDrop - a.meanDrop || b.times - a.times || a.reset.localeCompare(b.reset));
}

/** A change in rating, in words: "down 3", "up 1", "no change". */
export const changeWords = (change: number): string => (change < 0 ? `down ${-change}` : change > 0 ? `up ${change}` : 'no change');

/** The change in one reset, in words: "7 → 4 (down 3)". */
export function changeText(before: number, after: number): string {
  return `${before} → ${after} (${changeWords(after - before)})`;
}
