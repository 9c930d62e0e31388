/**
 * The content of Rise Mode, Mindstage and The Reset Room passes its schemas
 * (src/features/lounge/schema.ts, wired in src/content.config.ts), and the schemas refuse content the
 * apps could not use: fewer than five steps or steps out of order, a reset outside two to five
 * minutes, a feeling the database does not allow, a statement without an id.
 */
import { describe, expect, it } from 'vitest';
import statements from '../../src/content/lounge/rise-mode/statements.json';
import actions from '../../src/content/lounge/rise-mode/brave-actions.json';
import prompts from '../../src/content/lounge/rise-mode/prompts.json';
import scenarios from '../../src/content/lounge/mindstage/scenarios.json';
import own from '../../src/content/lounge/mindstage/own-scenario.json';
import resets from '../../src/content/lounge/the-reset-room/resets.json';
import feelings from '../../src/content/lounge/the-reset-room/feelings.json';
import crisis from '../../src/content/lounge/the-reset-room/crisis.json';
import { mindstageOwnScenarioSchema, mindstageScenarioSchema } from '../../src/features/lounge/mindstage/schema';
import { resetCrisisSchema, resetFeelingSchema, resetSchema } from '../../src/features/lounge/the-reset-room/schema';
import { riseBraveActionSchema, risePromptsSchema, riseStatementSchema } from '../../src/features/lounge/rise-mode/schema';
import { RESET_FEELINGS, RESET_KINDS } from '../../src/core/db/database.types';

describe('the content passes its schemas', () => {
  it('every file', () => {
    for (const s of statements) riseStatementSchema.parse(s);
    for (const a of actions) riseBraveActionSchema.parse(a);
    risePromptsSchema.parse(prompts);
    for (const s of scenarios) mindstageScenarioSchema.parse(s);
    mindstageOwnScenarioSchema.parse(own);
    for (const r of resets) resetSchema.parse(r);
    for (const f of feelings) resetFeelingSchema.parse(f);
    resetCrisisSchema.parse(crisis);
    expect(new Set(statements.map((s) => s.id)).size).toBe(statements.length);
    expect(statements.filter((s) => 'preview' in s && s.preview).length).toBeGreaterThanOrEqual(1);
  });

  it('uses the ids the database allows', () => {
    expect(feelings.map((f) => f.id).sort()).toEqual([...RESET_FEELINGS].sort());
    expect(resets.map((r) => r.slug).sort()).toEqual([...RESET_KINDS].sort());
  });
});

describe('the schemas refuse what the apps cannot use', () => {
  const scenario = scenarios[0]!;
  const reset = resets[0]!;
  it('a scenario without its five steps in order', () => {
    expect(mindstageScenarioSchema.safeParse({ ...scenario, steps: scenario.steps.slice(0, 4) }).success).toBe(false);
    expect(mindstageScenarioSchema.safeParse({ ...scenario, steps: [scenario.steps[1], scenario.steps[0], ...scenario.steps.slice(2)] }).success).toBe(false);
    expect(mindstageScenarioSchema.safeParse({ ...scenario, slug: 'Not A Slug' }).success).toBe(false);
  });
  it('a reset shorter than two minutes or longer than five, or for an unknown feeling', () => {
    expect(resetSchema.safeParse({ ...reset, steps: [{ text: 'Breathe.', seconds: 30 }, { text: 'Again.', seconds: 30 }] }).success).toBe(false);
    expect(resetSchema.safeParse({ ...reset, steps: Array.from({ length: 4 }, () => ({ text: 'Long.', seconds: 90 })) }).success).toBe(false);
    expect(resetSchema.safeParse({ ...reset, suits: ['boredom'] }).success).toBe(false);
  });
  it('a statement without an id, or too long', () => {
    expect(riseStatementSchema.safeParse({ text: 'I am learning.' }).success).toBe(false);
    expect(riseStatementSchema.safeParse({ id: 'long', text: 'x'.repeat(301) }).success).toBe(false);
  });
});
