/**
 * Stillpoint's breathing, as pure logic: the patterns, the timeline of a session (every phase
 * with its exact start and end in milliseconds from the start), what to show at a moment, and a
 * scheduler that fires each phase and each second from the session's start time (never by
 * adding intervals up, so a late timer never pushes the rest of the session later).
 *
 * Evidence, in our own words (no medical claim is made to members):
 * - Resonance breathing: about 6 breaths a minute (Steffen et al. 2017, Front. Public Health
 *   5:222); the personal rate lies between about 4.5 and 6.5 a minute (Shaffer and Meehan 2020,
 *   Front. Neurosci. 14:570400), so the rate is adjustable in that range.
 * - Cyclic sighing (a double inhale through the nose, then a long exhale), five minutes a day,
 *   raised mood more than mindfulness meditation in a randomised trial (Balban et al. 2023, Cell
 *   Reports Medicine 4:100895).
 * - Box breathing (4-4-4-4) and 4-7-8 are common practices; 4-7-8 has thin evidence and is
 *   offered as a practice, not a treatment.
 * A known bug in open-source breathing apps times every phase with the first phase's length (a
 * 4-7-8 that runs 4-4-4); here each phase carries its own length, and tests prove it.
 */
import type { BreathingPatternId } from '../../../core/db/values';

export type PhaseKind = 'in' | 'topUp' | 'hold' | 'out' | 'rest';

export interface Phase {
  kind: PhaseKind;
  /** Its length in milliseconds. */
  ms: number;
  /** What the guide says (the content's label); PHASE_WORDS when absent. */
  label?: string;
}

export interface Pattern {
  id: BreathingPatternId;
  phases: readonly Phase[];
}

/** What a phase tells the member to do (shown as "Breathe in, 3"). */
export const PHASE_WORDS: Record<PhaseKind, string> = {
  in: 'Breathe in',
  topUp: 'Breathe in a little more',
  hold: 'Hold',
  out: 'Breathe out',
  rest: 'Rest',
};

const s = (seconds: number) => Math.round(seconds * 1000);

/** The fixed patterns. Resonance and custom are made by `resonance()` and `customPattern()`. */
export const BOX: Pattern = {
  id: 'box',
  phases: [
    { kind: 'in', ms: s(4) },
    { kind: 'hold', ms: s(4) },
    { kind: 'out', ms: s(4) },
    { kind: 'rest', ms: s(4) },
  ],
};

export const FOUR_SEVEN_EIGHT: Pattern = {
  id: 'four-seven-eight',
  phases: [
    { kind: 'in', ms: s(4) },
    { kind: 'hold', ms: s(7) },
    { kind: 'out', ms: s(8) },
  ],
};

/** Cyclic sighing (Balban et al. 2023): a long inhale, a short top-up inhale, a long exhale. */
export const CYCLIC_SIGHING: Pattern = {
  id: 'cyclic-sighing',
  phases: [
    { kind: 'in', ms: s(3) },
    { kind: 'topUp', ms: s(1) },
    { kind: 'out', ms: s(6) },
  ],
};

export const RESONANCE_MIN = 4.5;
export const RESONANCE_MAX = 6.5;
export const RESONANCE_DEFAULT = 6;

/**
 * Resonance breathing at `perMinute` breaths a minute (clamped to 4.5-6.5): half in, half out.
 * `labels` are the content's words for the two phases.
 */
export function resonance(perMinute: number = RESONANCE_DEFAULT, labels: { in?: string; out?: string } = {}): Pattern {
  const rate = Math.min(RESONANCE_MAX, Math.max(RESONANCE_MIN, Number.isFinite(perMinute) ? perMinute : RESONANCE_DEFAULT));
  const cycle = Math.round(60_000 / rate);
  const inhale = Math.floor(cycle / 2);
  const phase = (kind: PhaseKind, ms: number, label?: string): Phase => (label ? { kind, ms, label } : { kind, ms });
  return { id: 'resonance', phases: [phase('in', inhale, labels.in), phase('out', cycle - inhale, labels.out)] };
}

/** The patterns the content describes: every one the database allows but the member's own. */
export type ContentPatternId = Exclude<BreathingPatternId, 'custom'>;

/** The phases as the content names them (a double inhale's second breath is the top-up). */
export const CONTENT_PHASE_KINDS = ['inhale', 'inhale-top-up', 'hold', 'exhale'] as const;

/** A pattern as src/content/lounge/stillpoint/patterns.json gives it. */
export interface ContentPattern {
  id: ContentPatternId;
  phases: readonly { kind: (typeof CONTENT_PHASE_KINDS)[number]; seconds: number; label: string }[];
}

/** A pattern with the words the member reads about it (the content's name, summary, how-to and note). */
export interface PatternCopy extends ContentPattern {
  name: string;
  summary: string;
  howTo: string;
  note: string;
}

const CONTENT_KINDS: Record<(typeof CONTENT_PHASE_KINDS)[number], PhaseKind> = { inhale: 'in', 'inhale-top-up': 'topUp', hold: 'hold', exhale: 'out' };

/**
 * The pattern the content describes, each phase with its own length and words. A hold after the
 * exhale is a rest (the guide stays small). Resonance is made at `resonanceRate` breaths a minute.
 */
export function fromContent(pattern: ContentPattern, resonanceRate: number = RESONANCE_DEFAULT): Pattern {
  if (pattern.id === 'resonance') {
    return resonance(resonanceRate, {
      in: pattern.phases.find((p) => p.kind === 'inhale')?.label,
      out: pattern.phases.find((p) => p.kind === 'exhale')?.label,
    });
  }
  let afterExhale = false;
  const phases = pattern.phases.map((p): Phase => {
    let kind: PhaseKind = CONTENT_KINDS[p.kind];
    if (kind === 'hold' && afterExhale) kind = 'rest';
    afterExhale = p.kind === 'exhale' || (afterExhale && p.kind === 'hold');
    return { kind, ms: s(p.seconds), label: p.label };
  });
  return { id: pattern.id, phases };
}

/** The bounds of a custom pattern, in whole seconds per phase. */
export const CUSTOM_LIMITS = {
  in: { min: 2, max: 10 },
  hold: { min: 0, max: 10 },
  out: { min: 2, max: 12 },
  rest: { min: 0, max: 10 },
} as const;

export interface CustomSeconds {
  in: number;
  hold: number;
  out: number;
  rest: number;
}

const clampWhole = (value: number, { min, max }: { min: number; max: number }) =>
  Math.min(max, Math.max(min, Math.round(Number.isFinite(value) ? value : min)));

/** The member's own pattern: in, hold, out, rest (holds of 0 are left out). */
export function customPattern(seconds: CustomSeconds): Pattern {
  const phases: Phase[] = [
    { kind: 'in', ms: s(clampWhole(seconds.in, CUSTOM_LIMITS.in)) },
    { kind: 'hold', ms: s(clampWhole(seconds.hold, CUSTOM_LIMITS.hold)) },
    { kind: 'out', ms: s(clampWhole(seconds.out, CUSTOM_LIMITS.out)) },
    { kind: 'rest', ms: s(clampWhole(seconds.rest, CUSTOM_LIMITS.rest)) },
  ];
  return { id: 'custom', phases: phases.filter((p) => p.ms > 0) };
}

/** One breath of the pattern, in milliseconds. */
export const cycleMs = (pattern: Pattern): number => pattern.phases.reduce((sum, p) => sum + p.ms, 0);

export interface Step {
  kind: PhaseKind;
  label?: string;
  /** Milliseconds from the session's start. */
  start: number;
  end: number;
  /** The breath this step belongs to (0 = the first). */
  cycle: number;
}

/** Session lengths offered, in minutes; a custom length may be 1 to 60. */
export const SESSION_MINUTES = [1, 3, 5] as const;
export const CUSTOM_MINUTES = { min: 1, max: 60 } as const;

/**
 * Every step of a session of about `minutes`: breaths follow one another with no gap, and the
 * session ends with the first exhale that ends at or after the chosen length (so it always ends
 * on a breath out, never in a hold). One minute of box breathing is exactly 60 s.
 */
export function timeline(pattern: Pattern, minutes: number): Step[] {
  const target = Math.round(Math.min(CUSTOM_MINUTES.max, Math.max(0.25, minutes)) * 60_000);
  const steps: Step[] = [];
  let at = 0;
  for (let cycle = 0; ; cycle++) {
    for (const phase of pattern.phases) {
      steps.push({ kind: phase.kind, ...(phase.label ? { label: phase.label } : {}), start: at, end: at + phase.ms, cycle });
      at += phase.ms;
      if (phase.kind === 'out' && at >= target) return steps;
    }
    if (cycle > 10_000) return steps; // a pattern with no exhale cannot loop for ever
  }
}

export const totalMs = (steps: readonly Step[]): number => steps.at(-1)?.end ?? 0;

export interface Moment {
  /** The step's index, or -1 once the session is over. */
  index: number;
  step: Step | null;
  /** Whole seconds left in the step, counting down (4, 3, 2, 1). */
  secondsLeft: number;
  /** 0 at the start of the step, 1 at its end. */
  progress: number;
  done: boolean;
}

/** Where the session is `elapsed` milliseconds after its start. */
export function momentAt(steps: readonly Step[], elapsed: number): Moment {
  if (steps.length === 0 || elapsed >= totalMs(steps)) return { index: -1, step: null, secondsLeft: 0, progress: 1, done: true };
  const t = Math.max(0, elapsed);
  let lo = 0;
  let hi = steps.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (steps[mid]!.start <= t) lo = mid;
    else hi = mid - 1;
  }
  const step = steps[lo]!;
  const length = step.end - step.start;
  return { index: lo, step, secondsLeft: Math.max(1, Math.ceil((step.end - t) / 1000)), progress: length ? (t - step.start) / length : 1, done: false };
}

/** "Breathe in, 3". */
export function cueText(moment: Moment): string {
  if (moment.done || !moment.step) return 'Well done. Your session is complete.';
  return `${moment.step.label ?? PHASE_WORDS[moment.step.kind]}, ${moment.secondsLeft}`;
}

/** How full the guide is at a moment (0 empty, 1 full): it grows breathing in and shrinks breathing out. */
export function fullness(steps: readonly Step[], moment: Moment): number {
  if (!moment.step) return 0;
  const { kind } = moment.step;
  if (kind === 'in') {
    // With a top-up next, the first inhale fills the guide to 80 %.
    const next = steps[moment.index + 1];
    return (next?.kind === 'topUp' ? 0.8 : 1) * moment.progress;
  }
  if (kind === 'topUp') return 0.8 + 0.2 * moment.progress;
  if (kind === 'out') return 1 - moment.progress;
  if (kind === 'hold') return 1;
  return 0;
}

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface Runner {
  start(): void;
  pause(): void;
  resume(): void;
  stop(): void;
  readonly running: boolean;
  readonly paused: boolean;
  /** Milliseconds of breathing done so far (pauses not counted). */
  elapsed(): number;
}

export interface RunnerEvents {
  /** Each whole second and each new step (the guide and the "Breathe in, 3" text). */
  onTick(moment: Moment): void;
  /** A new step began (announced to screen readers, the sound cue, a vibration). */
  onStep(step: Step, index: number): void;
  onDone(): void;
}

/**
 * Runs a session's steps on a clock. Each wake-up is scheduled from the session's start time
 * (`start + next boundary - now`), so a timer that fires late makes only that wake-up late and
 * the next one early: after five minutes the session ends exactly when its timeline says.
 * Pausing moves the start time by the length of the pause.
 */
export function runSession(steps: readonly Step[], clock: Clock, events: RunnerEvents): Runner {
  let startedAt = 0;
  let pausedAt: number | null = null;
  let handle: unknown = null;
  let lastIndex = -2;
  let running = false;

  const elapsed = () => (pausedAt ?? clock.now()) - startedAt;

  const wake = () => {
    handle = null;
    if (!running || pausedAt !== null) return;
    const now = elapsed();
    const moment = momentAt(steps, now);
    if (moment.index !== lastIndex && moment.step) {
      lastIndex = moment.index;
      events.onStep(moment.step, moment.index);
    }
    events.onTick(moment);
    if (moment.done) {
      running = false;
      events.onDone();
      return;
    }
    // The next whole second of the count, or the step's end, whichever comes first.
    const step = moment.step!;
    const nextSecond = step.end - (moment.secondsLeft - 1) * 1000;
    const next = Math.min(step.end, nextSecond > now ? nextSecond : step.end);
    handle = clock.setTimeout(wake, Math.max(0, next - elapsed()));
  };

  return {
    start() {
      if (running) return;
      running = true;
      pausedAt = null;
      lastIndex = -2;
      startedAt = clock.now();
      wake();
    },
    pause() {
      if (!running || pausedAt !== null) return;
      pausedAt = clock.now();
      if (handle !== null) clock.clearTimeout(handle);
      handle = null;
    },
    resume() {
      if (!running || pausedAt === null) return;
      startedAt += clock.now() - pausedAt;
      pausedAt = null;
      wake();
    },
    stop() {
      running = false;
      pausedAt = null;
      if (handle !== null) clock.clearTimeout(handle);
      handle = null;
    },
    get running() {
      return running;
    },
    get paused() {
      return pausedAt !== null;
    },
    elapsed: () => (running ? Math.min(elapsed(), totalMs(steps)) : 0),
  };
}

/** The session as the history keeps it: whole seconds, 30 s to an hour (breathing_sessions). */
export function loggedSeconds(ms: number): number {
  return Math.min(3600, Math.max(30, Math.round(ms / 1000)));
}

/** Sessions under 30 s are not logged (the database keeps 30 s to an hour). */
export const MIN_LOGGED_MS = 30_000;
