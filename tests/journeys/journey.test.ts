/** The journey player's state machine: moving through the steps, and the icon's transformation that stays once reached. */
import { describe, expect, it } from 'vitest';
import {
  backLabel,
  forwardLabel,
  initialState,
  next,
  paragraphs,
  previous,
  signupHref,
  stepAnnouncement,
  stepColorType,
  stepCounter,
  stepHeaderClass,
  type JourneyState,
  type Move,
  type StepLike,
} from '../../src/features/journeys/journey';

const STEPS: StepLike[] = [
  { type: 'challenge', title: 'The Weight' },
  { type: 'explorer', title: 'Noticing' },
  { type: 'adventurer', title: 'Roots' },
  { type: 'alchemist', title: 'Turning' },
  { type: 'closing', title: 'Onward' },
];

function stepOf(move: Move): JourneyState {
  if (move.kind !== 'step') throw new Error(`expected a step, got leave to ${move.href}`);
  return move.state;
}

describe('journey state machine', () => {
  it('starts on the first step, not transformed', () => {
    expect(initialState(STEPS)).toEqual({ index: 0, transformed: false });
  });

  it('Continue moves +1 through every step', () => {
    let state = initialState(STEPS);
    const indexes = [state.index];
    for (let i = 0; i < STEPS.length - 1; i++) {
      state = stepOf(next(state, STEPS, 'self-trust'));
      indexes.push(state.index);
    }
    expect(indexes).toEqual([0, 1, 2, 3, 4]);
  });

  it('Previous moves -1 from every step but the first', () => {
    for (let index = 1; index < STEPS.length; index++) {
      expect(stepOf(previous({ index, transformed: false })).index).toBe(index - 1);
    }
  });

  it('Previous on the first step leaves to the journey list', () => {
    expect(previous({ index: 0, transformed: false })).toEqual({ kind: 'leave', href: '/lead-magnet-journey' });
  });

  it('Continue on the last step leaves to the sign-up prompt with the journey id', () => {
    expect(next({ index: 4, transformed: true }, STEPS, 'self-trust')).toEqual({
      kind: 'leave',
      href: '/lead-magnet-signup?journey=self-trust',
    });
  });

  it('encodes the journey id in the sign-up link', () => {
    expect(signupHref('a b&c')).toBe('/lead-magnet-signup?journey=a%20b%26c');
  });

  describe('the transformed latch', () => {
    it('stays off before the alchemist step', () => {
      let state = initialState(STEPS);
      for (let i = 0; i < 2; i++) {
        state = stepOf(next(state, STEPS, 'x'));
        expect(state.transformed).toBe(false);
      }
    });

    it('turns on when the alchemist step is reached', () => {
      const state = stepOf(next({ index: 2, transformed: false }, STEPS, 'x'));
      expect(state).toEqual({ index: 3, transformed: true });
    });

    it('stays on going forwards to the closing step', () => {
      expect(stepOf(next({ index: 3, transformed: true }, STEPS, 'x'))).toEqual({ index: 4, transformed: true });
    });

    it('stays on going back to the very first step', () => {
      let state: JourneyState = { index: 3, transformed: true };
      while (state.index > 0) {
        state = stepOf(previous(state));
        expect(state.transformed).toBe(true);
      }
      expect(state.index).toBe(0);
    });

    it('is on from the start when the first step is an alchemist step', () => {
      expect(initialState([{ type: 'alchemist', title: 'Only' }])).toEqual({ index: 0, transformed: true });
    });
  });

  it('labels the back button "Back to Journeys" on the first step, "Previous" after', () => {
    expect(backLabel(0)).toBe('Back to Journeys');
    expect([1, 2, 3, 4].map(backLabel)).toEqual(['Previous', 'Previous', 'Previous', 'Previous']);
  });

  it('labels the forward button "Continue", and "Continue to Sign Up" on the last step', () => {
    expect([0, 1, 2, 3].map((i) => forwardLabel(i, 5))).toEqual(['Continue', 'Continue', 'Continue', 'Continue']);
    expect(forwardLabel(4, 5)).toBe('Continue to Sign Up');
  });

  it('counts and announces steps from 1', () => {
    expect(stepCounter(0, 5)).toBe('Step 1 of 5');
    expect(stepCounter(4, 5)).toBe('Step 5 of 5');
    expect(stepAnnouncement(2, 5, 'Roots')).toBe('Step 3 of 5: Roots');
  });

  it('gives each step type its own header colour, and "other" to anything else', () => {
    const types = ['challenge', 'explorer', 'adventurer', 'alchemist', 'closing'];
    for (const type of types) expect(stepColorType(type)).toBe(type);
    expect(stepColorType('interlude')).toBe('other');
    expect(stepColorType('')).toBe('other');
    const classes = [...types, 'other'].map(stepHeaderClass);
    expect(new Set(classes).size).toBe(6);
    expect(stepHeaderClass('interlude')).toBe(stepHeaderClass('other'));
    expect(stepHeaderClass('alchemist')).toContain('text-plum-900');
  });

  it('splits content into paragraphs at blank lines', () => {
    expect(paragraphs('One.\n\nTwo,\nstill two.\n\n\n  Three.  ')).toEqual(['One.', 'Two,\nstill two.', 'Three.']);
  });
});
