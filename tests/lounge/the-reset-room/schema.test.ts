/**
 * The Reset Room's content passes its schemas (src/features/lounge/the-reset-room/schema.ts,
 * wired in src/content.config.ts) with the ids the database allows, and the schemas refuse a
 * reset the app could not use: outside two to five minutes, or for a feeling the database does
 * not allow.
 */
import { describe, expect, it } from 'vitest';
import resets from '../../../src/content/lounge/the-reset-room/resets.json';
import feelings from '../../../src/content/lounge/the-reset-room/feelings.json';
import crisis from '../../../src/content/lounge/the-reset-room/crisis.json';
import { resetCrisisSchema, resetFeelingSchema, resetSchema } from '../../../src/features/lounge/the-reset-room/schema';
import { RESET_FEELINGS, RESET_KINDS } from '../../../src/core/db/database.types';

describe('the content passes its schemas', () => {
  it('every file', () => {
    for (const r of resets) resetSchema.parse(r);
    for (const f of feelings) resetFeelingSchema.parse(f);
    resetCrisisSchema.parse(crisis);
  });

  it('uses the ids the database allows', () => {
    expect(feelings.map((f) => f.id).sort()).toEqual([...RESET_FEELINGS].sort());
    expect(resets.map((r) => r.slug).sort()).toEqual([...RESET_KINDS].sort());
  });
});

describe('the schemas refuse what the app cannot use', () => {
  const reset = resets[0]!;
  it('a reset shorter than two minutes or longer than five, or for an unknown feeling', () => {
    expect(resetSchema.safeParse({ ...reset, steps: [{ text: 'Breathe.', seconds: 30 }, { text: 'Again.', seconds: 30 }] }).success).toBe(false);
    expect(resetSchema.safeParse({ ...reset, steps: Array.from({ length: 4 }, () => ({ text: 'Long.', seconds: 90 })) }).success).toBe(false);
    expect(resetSchema.safeParse({ ...reset, suits: ['boredom'] }).success).toBe(false);
  });
});
