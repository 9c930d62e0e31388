/**
 * Mindstage's content passes its schemas (src/features/lounge/mindstage/schema.ts, wired in
 * src/content.config.ts), and the schemas refuse a scenario the app could not use: fewer than
 * five steps, steps out of order, an id that is not a slug.
 */
import { describe, expect, it } from 'vitest';
import scenarios from '../../../src/content/lounge/mindstage/scenarios.json';
import own from '../../../src/content/lounge/mindstage/own-scenario.json';
import { mindstageOwnScenarioSchema, mindstageScenarioSchema } from '../../../src/features/lounge/mindstage/schema';

describe('the content passes its schemas', () => {
  it('every file', () => {
    for (const s of scenarios) mindstageScenarioSchema.parse(s);
    mindstageOwnScenarioSchema.parse(own);
  });
});

describe('the schemas refuse what the app cannot use', () => {
  const scenario = scenarios[0]!;
  it('a scenario without its five steps in order', () => {
    expect(mindstageScenarioSchema.safeParse({ ...scenario, steps: scenario.steps.slice(0, 4) }).success).toBe(false);
    expect(mindstageScenarioSchema.safeParse({ ...scenario, steps: [scenario.steps[1], scenario.steps[0], ...scenario.steps.slice(2)] }).success).toBe(false);
    expect(mindstageScenarioSchema.safeParse({ ...scenario, slug: 'Not A Slug' }).success).toBe(false);
  });
});
