/**
 * The step timer of a guided practice (Mindstage's rehearsal, The Reset Room's resets): each step
 * its own seconds, pause keeps what is left, skip, and no drift over a whole rehearsal, with fake timers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import scenarios from '../../../src/content/lounge/mindstage/scenarios.json';
import { clock, createStepTimer, stepAt, totalSeconds, type StepTimerState } from '../../../src/features/lounge/shared/step-timer';

const steps = scenarios[0]!.steps; // 60, 75, 120, 120, 60 seconds

describe('rehearsal step timing (pure)', () => {
  it('places each moment in its step, each step lasting its own seconds', () => {
    expect(totalSeconds(steps)).toBe(435);
    expect(stepAt(steps, 0)).toEqual({ index: 0, remainingMs: 60_000 });
    expect(stepAt(steps, 59_999)).toEqual({ index: 0, remainingMs: 1 });
    expect(stepAt(steps, 60_000)).toEqual({ index: 1, remainingMs: 75_000 });
    expect(stepAt(steps, 135_000)).toEqual({ index: 2, remainingMs: 120_000 });
    expect(stepAt(steps, 434_000)).toEqual({ index: 4, remainingMs: 1000 });
    expect(stepAt(steps, 435_000)).toEqual({ index: 5, remainingMs: 0 });
    expect(clock(60_000)).toBe('1:00');
    expect(clock(59_001)).toBe('1:00');
    expect(clock(9_000)).toBe('0:09');
  });
});

describe('the step timer (fake timers)', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-25T08:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  function run() {
    const seen: StepTimerState[] = [];
    const timer = createStepTimer(steps, { onChange: (s) => seen.push(s) });
    return { timer, seen, changes: () => seen.map((s) => s.index).filter((v, i, a) => i === 0 || v !== a[i - 1]) };
  }

  it('moves to each next step exactly when its seconds are up, with no drift over the whole rehearsal', () => {
    const { timer, seen } = run();
    timer.start();
    const starts: number[] = [];
    let last = -1;
    const t0 = Date.now();
    while (!timer.state().done && Date.now() - t0 < 600_000) {
      vi.advanceTimersByTime(50);
      const s = timer.state();
      if (s.index !== last) {
        starts.push(Date.now() - t0);
        last = s.index;
      }
    }
    // Steps start at 0, 60, 135, 255 and 375 s (each entry marks the first 50 ms tick in a step);
    // the end at 435 s.
    expect(starts).toEqual([50, 60_000, 135_000, 255_000, 375_000, 435_000]);
    expect(seen.at(-1)).toMatchObject({ done: true, running: false, index: 5 });
  });

  it('pauses with the time left kept, and resumes from exactly there', () => {
    const { timer } = run();
    timer.start();
    vi.advanceTimersByTime(20_000);
    timer.pause();
    expect(timer.state()).toMatchObject({ index: 0, remainingMs: 40_000, running: false });
    vi.advanceTimersByTime(300_000); // a long pause moves nothing
    expect(timer.state()).toMatchObject({ index: 0, remainingMs: 40_000 });
    timer.resume();
    vi.advanceTimersByTime(39_999);
    expect(timer.state().index).toBe(0);
    vi.advanceTimersByTime(1);
    expect(timer.state()).toMatchObject({ index: 1, remainingMs: 75_000 });
  });

  it('skips a step, paused or running, and ends after the last', () => {
    const { timer } = run();
    timer.start();
    vi.advanceTimersByTime(10_000);
    timer.skip();
    expect(timer.state()).toMatchObject({ index: 1, remainingMs: 75_000, running: true });
    vi.advanceTimersByTime(75_000);
    expect(timer.state().index).toBe(2);
    timer.pause();
    timer.skip();
    expect(timer.state()).toMatchObject({ index: 3, remainingMs: 120_000, running: false });
    vi.advanceTimersByTime(200_000);
    expect(timer.state().index).toBe(3);
    timer.skip();
    timer.skip();
    expect(timer.state()).toMatchObject({ index: 5, done: true, running: false });
  });

  it('stops for good when the component leaves', () => {
    const { timer, seen } = run();
    timer.start();
    vi.advanceTimersByTime(1000);
    timer.stop();
    const count = seen.length;
    vi.advanceTimersByTime(500_000);
    expect(seen.length).toBe(count);
  });
});
