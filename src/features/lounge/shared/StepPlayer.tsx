/**
 * A guided practice's steps, one at a time, for the Lounge apps' islands (Mindstage's five
 * rehearsal steps, The Reset Room's resets): the step's heading and text, the seconds left as
 * text, and Pause/Resume and Skip (or Next step) buttons always visible. Nothing moves but the
 * numbers, so there is nothing to reduce for prefers-reduced-motion and nothing flashes; the
 * step number is announced politely. Timing is the pure step timer (src/features/lounge/shared/step-timer.ts):
 * each step its own seconds, pausing keeps what is left. `onDone` runs after the last step.
 */
import { useEffect, useRef, useState } from 'react';
import { clock, createStepTimer, type StepTimer, type StepTimerState } from './step-timer';

export interface PlayerStep {
  title?: string;
  text: string;
  seconds: number;
}

export default function StepPlayer({ steps, onDone, skipLabel = 'Skip this step' }: { steps: PlayerStep[]; onDone: () => void; skipLabel?: string }) {
  const [state, setState] = useState<StepTimerState>({ index: 0, remainingMs: (steps[0]?.seconds ?? 0) * 1000, running: false, done: false });
  const timer = useRef<StepTimer | null>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const t = createStepTimer(steps, {
      onChange: (s) => {
        setState(s);
        if (s.done) done.current();
      },
    });
    timer.current = t;
    t.start();
    return () => t.stop();
  }, [steps]);

  useEffect(() => {
    heading.current?.focus();
  }, [state.index]);

  const step = steps[state.index];
  if (!step) return null;
  return (
    <div className="space-y-4" data-step-player data-step={state.index}>
      <p className="text-sm font-semibold text-ink-soft" aria-live="polite">
        Step {state.index + 1} of {steps.length}
      </p>
      <h3 ref={heading} tabIndex={-1} className="text-xl font-semibold">
        {step.title ?? `Step ${state.index + 1}`}
      </h3>
      <p className="rounded-xl bg-plum-50 p-4 text-lg leading-relaxed">{step.text}</p>
      <div className="flex flex-wrap items-center gap-3">
        <p className="min-w-16 font-semibold tabular-nums" aria-label={`Time left in this step: ${clock(state.remainingMs)}`} role="timer">
          {clock(state.remainingMs)}
        </p>
        <button type="button" className="btn btn-outline" onClick={() => (state.running ? timer.current?.pause() : timer.current?.resume())}>
          {state.running ? 'Pause' : 'Resume'}
        </button>
        <button type="button" className="btn btn-outline" onClick={() => timer.current?.skip()}>
          {state.index === steps.length - 1 ? 'Finish' : skipLabel}
        </button>
      </div>
    </div>
  );
}
