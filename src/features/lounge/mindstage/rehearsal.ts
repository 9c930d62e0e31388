/**
 * Mindstage's pure logic: the five steps of a rehearsal (built-in scenarios from the content,
 * and the member's own scenarios filled into the same steps), the 0 to 10 distress ratings
 * (SUDS) before and after, the chart's points, and the per-scenario trend.
 *
 * Evidence, in our own words: SUDS is Wolpe's 0 to 10 (or 0 to 100) distress rating (1969).
 * Exposure with cognitive restructuring helps social anxiety (about 0.8 across 29 trials,
 * Acarturk et al. 2009); imagining the feared scene going reasonably well, then coping when it
 * goes wrong, follows imagery rescripting (Landkroon et al. 2022, Behav. Res. Ther. 155:104130).
 * It is practice, not a treatment.
 */
import { fieldProblem } from '../shared/field-problem';

/** The scenario whose first step is the public preview on /app/mindstage. */
export const PREVIEW_SCENARIO = 'speaking-up-in-a-meeting';

export const STEP_KINDS = ['settle', 'picture', 'rehearse', 'cope', 'close'] as const;
export type StepKind = (typeof STEP_KINDS)[number];

export interface Step {
  kind: StepKind;
  title: string;
  text: string;
  seconds: number;
}

export interface Scenario {
  /** A built-in scenario's slug, or `own-<uuid>` for the member's own. */
  key: string;
  title: string;
  summary: string;
  steps: Step[];
}

/** The member's own scenario as rehearsal_scenarios keeps it. */
export interface OwnScenario {
  id: string;
  title: string;
  scene: string;
  goingWell: string;
  coping: string;
}

/** The steps' words for a member's own scenario (content: own-scenario.json), `{...}` filled in. */
export interface OwnTemplate {
  steps: Step[];
}

export const ownKey = (id: string) => `own-${id}`;

/** A member's own scenario as a rehearsal: the template's steps with their words filled in. */
export function ownScenario(own: OwnScenario, template: OwnTemplate): Scenario {
  const fill = (text: string) => text.replaceAll('{scene}', own.scene.trim()).replaceAll('{goingWell}', own.goingWell.trim()).replaceAll('{coping}', own.coping.trim());
  return {
    key: ownKey(own.id),
    title: own.title,
    summary: own.scene,
    steps: template.steps.map((s) => ({ ...s, text: fill(s.text) })),
  };
}

/** The bounds of rehearsal_scenarios. */
export const LIMITS = { title: 120, scene: 1000, goingWell: 1000, coping: 1000 } as const;

/** The first problem with a new own scenario, or null. */
export function ownScenarioProblem(own: Omit<OwnScenario, 'id'>): string | null {
  const fields: [string, string, number][] = [
    ['The title', own.title, LIMITS.title],
    ['The scene', own.scene, LIMITS.scene],
    ['Going reasonably well', own.goingWell, LIMITS.goingWell],
    ['Coping', own.coping, LIMITS.coping],
  ];
  for (const [label, text, max] of fields) {
    if (!text.trim()) return `${label} is empty: a sentence is enough.`;
    const problem = fieldProblem(label, text, max);
    if (problem) return problem;
  }
  return null;
}

export interface Rehearsal {
  scenario: string;
  before: number;
  after: number;
  /** ISO timestamp. */
  at: string;
}

export type Trend = { kind: 'too-few'; count: number } | { kind: 'easier' | 'harder' | 'steady'; count: number; slope: number; firstBefore: number; lastBefore: number };

/**
 * Whether the same scene gets easier: the least-squares slope of the "before" ratings over the
 * rehearsals in order (points per rehearsal). Easier when it falls by a quarter point or more a
 * rehearsal, harder when it rises as much, steady otherwise; two rehearsals at least.
 */
export function trend(rehearsals: readonly Rehearsal[]): Trend {
  const sorted = [...rehearsals].sort((a, b) => a.at.localeCompare(b.at));
  const n = sorted.length;
  if (n < 2) return { kind: 'too-few', count: n };
  const ys = sorted.map((r) => r.before);
  const meanX = (n - 1) / 2;
  const meanY = ys.reduce((s, y) => s + y, 0) / n;
  let num = 0;
  let den = 0;
  ys.forEach((y, x) => {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  });
  const slope = Math.round((num / den) * 100) / 100;
  const kind = slope <= -0.25 ? 'easier' : slope >= 0.25 ? 'harder' : 'steady';
  return { kind, count: n, slope, firstBefore: ys[0]!, lastBefore: ys[n - 1]! };
}

/** The trend in one sentence the member reads. */
export function trendSentence(t: Trend): string {
  if (t.kind === 'too-few') return t.count === 0 ? 'No rehearsals of this scene yet.' : 'Rehearse this scene once more to see a trend.';
  if (t.kind === 'easier') return `Getting easier: your rating before rehearsing went from ${t.firstBefore} to ${t.lastBefore} over ${t.count} rehearsals.`;
  if (t.kind === 'harder') return `Feeling harder lately: from ${t.firstBefore} to ${t.lastBefore} over ${t.count} rehearsals. That happens; a smaller step may help.`;
  return `About the same over ${t.count} rehearsals (from ${t.firstBefore} to ${t.lastBefore} before rehearsing).`;
}

/** The chart's geometry: a point per rehearsal for the before and after lines, 0 at the bottom. */
export function chartPoints(rehearsals: readonly Rehearsal[], width: number, height: number, pad = 24): { before: [number, number][]; after: [number, number][]; x: number[] } {
  const sorted = [...rehearsals].sort((a, b) => a.at.localeCompare(b.at));
  const n = sorted.length;
  const x = sorted.map((_, i) => (n === 1 ? width / 2 : pad + (i * (width - 2 * pad)) / (n - 1)));
  const y = (v: number) => height - pad - (v / 10) * (height - 2 * pad);
  return { x, before: sorted.map((r, i) => [x[i]!, y(r.before)]), after: sorted.map((r, i) => [x[i]!, y(r.after)]) };
}
