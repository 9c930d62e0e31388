/**
 * The 0 to 10 rating the apps ask for (Mindstage's distress, The Reset Room's strength of a
 * feeling): whole numbers from 0 to 10 only, as the database's checks allow.
 */
import { describe, expect, it } from 'vitest';
import { isRating } from '../../../src/features/lounge/shared/ratings';

describe('the 0 to 10 rating', () => {
  it('allows 0 to 10 in whole numbers only', () => {
    expect([0, 5, 10].every(isRating)).toBe(true);
    expect([-1, 11, 4.5, Number.NaN, '5', null].some(isRating)).toBe(false);
  });

  it('refuses what is off the scale: below 0, above 10, a fraction, a string', () => {
    expect(isRating(0) && isRating(10)).toBe(true);
    expect([11, -1, 2.5, '3'].some(isRating)).toBe(false);
  });
});
