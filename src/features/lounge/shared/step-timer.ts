/**
 * A guided practice's steps on a clock, pure: Mindstage's rehearsal (settle, picture, rehearse,
 * cope, close) and The Reset Room's resets. Each step lasts its own `seconds`; the member can
 * pause, resume and skip a step. The clock is anchored to deadlines, not to counted ticks, so
 * it does not drift over a long practice, and a paused step resumes with exactly what was left.
 * Proven with fake timers in tests/lounge/shared/step-timer.test.ts.
 */

export interface TimedStep {
  seconds: number;
}

export interface StepTimerState {
  /** The step being done (steps.length once the practice is over). */
  index: number;
  /** Milliseconds left in this step. */
  remainingMs: number;
  running: boolean;
  done: boolean;
}

/** Where a practice stands after `elapsedMs` of unpaused time: the step and what is left of it. */
export function stepAt(steps: readonly TimedStep[], elapsedMs: number): { index: number; remainingMs: number } {
  let start = 0;
  for (let i = 0; i < steps.length; i++) {
    const end = start + steps[i]!.seconds * 1000;
    if (elapsedMs < end) return { index: i, remainingMs: end - Math.max(elapsedMs, start) };
    start = end;
  }
  return { index: steps.length, remainingMs: 0 };
}

/** The whole practice's length in seconds. */
export const totalSeconds = (steps: readonly TimedStep[]): number => steps.reduce((sum, s) => sum + s.seconds, 0);

/** Whole seconds shown for `ms` left ("0:45"): rounded up, so a step shows 1 until it ends. */
export function clock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export interface StepTimer {
  start(): void;
  pause(): void;
  resume(): void;
  /** Ends this step now and starts the next (or ends the practice after the last). */
  skip(): void;
  /** Stops for good (the component is leaving). */
  stop(): void;
  state(): StepTimerState;
}

export interface StepTimerOptions {
  /** Called on every change: a new step, a tick (about `tickMs`), pause, resume, the end. */
  onChange: (state: StepTimerState) => void;
  tickMs?: number;
  now?: () => number;
}

export function createStepTimer(steps: readonly TimedStep[], { onChange, tickMs = 250, now = () => Date.now() }: StepTimerOptions): StepTimer {
  let index = 0;
  let remainingMs = steps.length ? steps[0]!.seconds * 1000 : 0;
  let deadline = 0;
  let running = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const done = () => index >= steps.length;
  const snapshot = (): StepTimerState => ({ index, remainingMs: Math.max(0, remainingMs), running, done: done() });
  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const schedule = () => {
    clear();
    if (!running) return;
    timer = setTimeout(tick, Math.max(1, Math.min(tickMs, deadline - now())));
  };
  function tick() {
    const t = now();
    // Advance past every deadline reached (the next step starts at the last one's deadline).
    while (!done() && t >= deadline) {
      index++;
      if (!done()) deadline += steps[index]!.seconds * 1000;
    }
    if (done()) {
      running = false;
      remainingMs = 0;
      clear();
    } else {
      remainingMs = deadline - t;
      schedule();
    }
    onChange(snapshot());
  }

  return {
    start() {
      if (running || done()) return;
      running = true;
      deadline = now() + remainingMs;
      schedule();
      onChange(snapshot());
    },
    pause() {
      if (!running) return;
      remainingMs = deadline - now();
      running = false;
      clear();
      onChange(snapshot());
    },
    resume() {
      this.start();
    },
    skip() {
      if (done()) return;
      index++;
      remainingMs = done() ? 0 : steps[index]!.seconds * 1000;
      if (done()) {
        running = false;
        clear();
      } else if (running) {
        deadline = now() + remainingMs;
        schedule();
      }
      onChange(snapshot());
    },
    stop() {
      running = false;
      clear();
    },
    state: snapshot,
  };
}
