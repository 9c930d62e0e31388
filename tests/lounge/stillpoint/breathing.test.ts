/**
 * Stillpoint's timing: each phase lasts its own length (4-7-8 is not 4-4-4), sessions end on a
 * breath out at the chosen length, and the runner, driven by fake timers, fires every phase at
 * its exact time with no drift over five minutes, even when the browser's timers fire late.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BOX,
  CYCLIC_SIGHING,
  FOUR_SEVEN_EIGHT,
  customPattern,
  cueText,
  cycleMs,
  fullness,
  loggedSeconds,
  momentAt,
  resonance,
  runSession,
  timeline,
  totalMs,
  type Clock,
  type Step,
  fromContent,
} from '../../../src/features/lounge/stillpoint/breathing';
import patternsFile from '../../../src/content/lounge/stillpoint/patterns.json';
import { stillpointPatternSchema } from '../../../src/features/lounge/stillpoint/schema';

const lengths = (steps: Step[]) => steps.map((s) => [s.kind, s.end - s.start]);

describe('patterns', () => {
  it('4-7-8 holds for 7 s and breathes out for 8 s (not 4-4-4)', () => {
    expect(lengths(timeline(FOUR_SEVEN_EIGHT, 0.25).slice(0, 3))).toEqual([
      ['in', 4000],
      ['hold', 7000],
      ['out', 8000],
    ]);
    expect(cycleMs(FOUR_SEVEN_EIGHT)).toBe(19_000);
  });

  it('box is 4-4-4-4 and cyclic sighing is a double inhale and a long exhale', () => {
    expect(lengths(timeline(BOX, 0.25).slice(0, 4))).toEqual([
      ['in', 4000],
      ['hold', 4000],
      ['out', 4000],
      ['rest', 4000],
    ]);
    expect(CYCLIC_SIGHING.phases.map((p) => p.kind)).toEqual(['in', 'topUp', 'out']);
    const [inhale, topUp, out] = CYCLIC_SIGHING.phases;
    expect(out!.ms).toBeGreaterThan(inhale!.ms + topUp!.ms);
  });

  it('resonance is 6 breaths a minute (5 s in, 5 s out) and adjusts from 4.5 to 6.5, no further', () => {
    expect(lengths(timeline(resonance(), 0.1).slice(0, 2))).toEqual([
      ['in', 5000],
      ['out', 5000],
    ]);
    expect(cycleMs(resonance(4.5))).toBe(13_333);
    expect(cycleMs(resonance(6.5))).toBe(9231);
    expect(cycleMs(resonance(3))).toBe(cycleMs(resonance(4.5)));
    expect(cycleMs(resonance(9))).toBe(cycleMs(resonance(6.5)));
    // Five minutes at 5.5 a minute is 27.5 breaths: the session ends on the 28th exhale.
    const steps = timeline(resonance(5.5), 5);
    expect(steps.filter((s) => s.kind === 'out')).toHaveLength(28);
  });

  it('a custom pattern keeps each of its lengths, leaves out holds of 0 and bounds the rest', () => {
    expect(lengths(timeline(customPattern({ in: 3, hold: 0, out: 9, rest: 2 }), 0.1).slice(0, 3))).toEqual([
      ['in', 3000],
      ['out', 9000],
      ['rest', 2000],
    ]);
    expect(customPattern({ in: 0, hold: 99, out: 50, rest: -3 }).phases.map((p) => p.ms)).toEqual([2000, 10_000, 12_000]);
  });
});

describe('the patterns of the content (src/content/lounge/stillpoint/patterns.json)', () => {
  const content = patternsFile.map((p) => stillpointPatternSchema.parse(p));
  const byId = (id: string) => fromContent(content.find((p) => p.id === id)!);

  it('give each phase its own length and words: 4-7-8 is 4, 7 and 8 seconds', () => {
    expect(byId('four-seven-eight').phases.map((p) => [p.kind, p.ms])).toEqual([
      ['in', 4000],
      ['hold', 7000],
      ['out', 8000],
    ]);
    expect(byId('box').phases.map((p) => [p.kind, p.ms])).toEqual(BOX.phases.map((p) => [p.kind, p.ms]));
    expect(byId('cyclic-sighing').phases.map((p) => [p.kind, p.ms])).toEqual(CYCLIC_SIGHING.phases.map((p) => [p.kind, p.ms]));
    expect(cueText(momentAt(timeline(byId('box'), 1), 13_000))).toMatch(/^Rest, 3$/);
  });

  it('make resonance at the chosen rate with the content’s words', () => {
    const steps = timeline(fromContent(content.find((p) => p.id === 'resonance')!, 5), 1);
    expect(lengths(steps.slice(0, 2))).toEqual([
      ['in', 6000],
      ['out', 6000],
    ]);
    expect(cueText(momentAt(steps, 0))).toBe('Breathe in, 6');
  });
});

describe('sessions', () => {
  it('one minute of box breathing is exactly 60 s and ends on a breath out', () => {
    const steps = timeline(BOX, 1);
    expect(totalMs(steps)).toBe(60_000);
    expect(steps.at(-1)!.kind).toBe('out');
  });

  it('3 and 5 minutes end with the first exhale at or after the length, with no gap between steps', () => {
    for (const [pattern, minutes, expected] of [
      [BOX, 3, 188_000],
      [BOX, 5, 300_000],
      [FOUR_SEVEN_EIGHT, 3, 190_000],
      [FOUR_SEVEN_EIGHT, 5, 304_000],
      [resonance(), 5, 300_000],
      [CYCLIC_SIGHING, 5, 300_000],
    ] as const) {
      const steps = timeline(pattern, minutes);
      expect(totalMs(steps), `${pattern.id} ${minutes}`).toBe(expected);
      steps.forEach((step, i) => expect(step.start).toBe(i === 0 ? 0 : steps[i - 1]!.end));
    }
  });

  it('says the phase and the seconds left, and the guide grows breathing in and shrinks breathing out', () => {
    const steps = timeline(FOUR_SEVEN_EIGHT, 1);
    expect(cueText(momentAt(steps, 0))).toBe('Breathe in, 4');
    expect(cueText(momentAt(steps, 1000))).toBe('Breathe in, 3');
    expect(cueText(momentAt(steps, 3999))).toBe('Breathe in, 1');
    expect(cueText(momentAt(steps, 4000))).toBe('Hold, 7');
    expect(cueText(momentAt(steps, 11_000))).toBe('Breathe out, 8');
    expect(cueText(momentAt(steps, totalMs(steps)))).toBe('Well done. Your session is complete.');
    expect(fullness(steps, momentAt(steps, 2000))).toBeCloseTo(0.5);
    expect(fullness(steps, momentAt(steps, 5000))).toBe(1);
    expect(fullness(steps, momentAt(steps, 15_000))).toBeCloseTo(0.5);
  });

  it('logs whole seconds between 30 s and an hour', () => {
    expect(loggedSeconds(60_000)).toBe(60);
    expect(loggedSeconds(304_400)).toBe(304);
    expect(loggedSeconds(5000)).toBe(30);
    expect(loggedSeconds(9_000_000)).toBe(3600);
  });
});

describe('the runner (fake timers)', () => {
  afterEach(() => vi.useRealTimers());

  /** A clock on vitest's fake timers; `lag` makes every timer fire that many ms late, as a busy browser does. */
  function fakeClock(lag = 0): Clock {
    return {
      now: () => Date.now(),
      setTimeout: (fn, ms) => setTimeout(fn, ms + lag),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    };
  }

  function record(steps: Step[], clock: Clock) {
    const t0 = Date.now();
    const starts: [string, number][] = [];
    const ticks: string[] = [];
    let doneAt: number | null = null;
    const runner = runSession(steps, clock, {
      onStep: (step) => starts.push([step.kind, Date.now() - t0]),
      onTick: (moment) => ticks.push(cueText(moment)),
      onDone: () => (doneAt = Date.now() - t0),
    });
    return { runner, starts, ticks, doneAt: () => doneAt };
  }

  it('starts every phase of a five-minute 4-7-8 session at its exact time and ends at 304 s', () => {
    vi.useFakeTimers();
    const steps = timeline(FOUR_SEVEN_EIGHT, 5);
    const run = record(steps, fakeClock());
    run.runner.start();
    vi.advanceTimersByTime(400_000);
    expect(run.starts).toEqual(steps.map((s) => [s.kind, s.start]));
    expect(run.doneAt()).toBe(304_000);
    expect(run.ticks.slice(0, 5)).toEqual(['Breathe in, 4', 'Breathe in, 3', 'Breathe in, 2', 'Breathe in, 1', 'Hold, 7']);
  });

  it('does not drift when every timer fires 37 ms late: no phase starts more than one lag late, and the end is on time', () => {
    vi.useFakeTimers();
    const steps = timeline(BOX, 5);
    const run = record(steps, fakeClock(37));
    run.runner.start();
    vi.advanceTimersByTime(400_000);
    expect(run.starts).toHaveLength(steps.length);
    const lateness = run.starts.map(([, at], i) => at - steps[i]!.start);
    // Scheduling from the start time keeps each wake-up one lag late at most; adding up the
    // intervals would have made the last phase about 11 s late (300 wake-ups, 37 ms each).
    expect(Math.max(...lateness)).toBeLessThanOrEqual(37);
    expect(Math.min(...lateness)).toBeGreaterThanOrEqual(0);
    expect(run.doneAt()! - totalMs(steps)).toBeGreaterThanOrEqual(0);
    expect(run.doneAt()! - totalMs(steps)).toBeLessThanOrEqual(37);
    expect(totalMs(steps)).toBe(300_000);
  });

  it('a pause holds the session still and it resumes where it was, the end moved by the pause', () => {
    vi.useFakeTimers();
    const steps = timeline(BOX, 1);
    const run = record(steps, fakeClock());
    run.runner.start();
    vi.advanceTimersByTime(6000);
    run.runner.pause();
    expect(run.runner.paused).toBe(true);
    const ticks = run.ticks.length;
    vi.advanceTimersByTime(20_000);
    expect(run.ticks).toHaveLength(ticks);
    expect(run.runner.elapsed()).toBe(6000);
    run.runner.resume();
    vi.advanceTimersByTime(100_000);
    expect(run.doneAt()).toBe(80_000);
    expect(run.starts[2]).toEqual(['out', 28_000]);
  });
});
