/**
 * The journey state machine: which step is shown, where Continue and Previous lead, the
 * transformed latch, and the words and colours that follow from the state. Pure code: the
 * JourneyPlayer island renders it, the unit tests walk it.
 */

/** Where "Back to Journeys" leads, and where unknown journey ids end. */
export const JOURNEY_LIST_HREF = '/lead-magnet-journey';

/** The extra message of the closing step. */
export const FIRST_STEP_MESSAGE = 'You Have Taken the First Step';

/** What the state machine needs to know of a step. */
export interface StepLike {
  /** challenge, explorer, adventurer, alchemist, closing; anything else is drawn as "other". */
  type: string;
  title: string;
}

export interface JourneyState {
  /** The step shown, from 0. */
  index: number;
  /** On from the first alchemist step reached, and for the rest of the visit. */
  transformed: boolean;
}

/** The result of pressing Continue or Previous: another step, or leaving the journey. */
export type Move = { kind: 'step'; state: JourneyState } | { kind: 'leave'; href: string };

/** The sign-up prompt that follows a completed journey. */
export function signupHref(journeyId: string): string {
  return `/lead-magnet-signup?journey=${encodeURIComponent(journeyId)}`;
}

function reached(state: JourneyState, steps: readonly StepLike[], index: number): JourneyState {
  return { index, transformed: state.transformed || steps[index]?.type === 'alchemist' };
}

/** The state on arrival: the first step (transformed only if that step is already alchemist). */
export function initialState(steps: readonly StepLike[]): JourneyState {
  return reached({ index: 0, transformed: false }, steps, 0);
}

/** Continue: the next step, or the sign-up prompt from the last step. */
export function next(state: JourneyState, steps: readonly StepLike[], journeyId: string): Move {
  if (state.index >= steps.length - 1) return { kind: 'leave', href: signupHref(journeyId) };
  return { kind: 'step', state: reached(state, steps, state.index + 1) };
}

/** Previous: the step before (the transformed flag stays as it is), or the list from the first step. */
export function previous(state: JourneyState): Move {
  if (state.index <= 0) return { kind: 'leave', href: JOURNEY_LIST_HREF };
  return { kind: 'step', state: { index: state.index - 1, transformed: state.transformed } };
}

export function isFirstStep(index: number): boolean {
  return index <= 0;
}

export function isLastStep(index: number, total: number): boolean {
  return index >= total - 1;
}

/** The label of the back button. */
export function backLabel(index: number): 'Back to Journeys' | 'Previous' {
  return isFirstStep(index) ? 'Back to Journeys' : 'Previous';
}

/** The label of the forward button. */
export function forwardLabel(index: number, total: number): 'Continue' | 'Continue to Sign Up' {
  return isLastStep(index, total) ? 'Continue to Sign Up' : 'Continue';
}

/** "Step X of N". */
export function stepCounter(index: number, total: number): string {
  return `Step ${index + 1} of ${total}`;
}

/** What a screen reader hears when the step changes: "Step X of N: title". */
export function stepAnnouncement(index: number, total: number, title: string): string {
  return `${stepCounter(index, total)}: ${title}`;
}

export const STEP_COLOR_TYPES = ['challenge', 'explorer', 'adventurer', 'alchemist', 'closing', 'other'] as const;
export type StepColorType = (typeof STEP_COLOR_TYPES)[number];

/** The colour key of a step type: one of the five, or "other" for anything else. */
export function stepColorType(type: string): StepColorType {
  return (STEP_COLOR_TYPES as readonly string[]).includes(type) ? (type as StepColorType) : 'other';
}

/**
 * The header classes of a step type (Tailwind utilities, written out in full so the build
 * finds them). Every pair keeps its text at WCAG AA contrast.
 */
const STEP_HEADER_CLASSES: Record<StepColorType, string> = {
  challenge: 'bg-gradient-to-br from-rose-600 to-plum-800 text-white',
  explorer: 'bg-gradient-to-br from-sky-700 to-plum-800 text-white',
  adventurer: 'bg-gradient-to-br from-sage-700 to-plum-800 text-white',
  alchemist: 'bg-gradient-to-br from-gold-300 to-gold-400 text-plum-900',
  closing: 'bg-gradient-to-br from-plum-700 to-plum-900 text-white',
  other: 'bg-gradient-to-br from-plum-600 to-plum-800 text-white',
};

export function stepHeaderClass(type: string): string {
  return STEP_HEADER_CLASSES[stepColorType(type)];
}

/** A step's content as paragraphs (the content separates them with a blank line). */
export function paragraphs(content: string): string[] {
  return content
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
