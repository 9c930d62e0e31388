/** The journeys' content schema, and every journey against it. */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { journeySchema } from '../../src/features/journeys/schema';

const dir = path.resolve('src/content/journeys');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
const load = (file: string): unknown => JSON.parse(readFileSync(path.join(dir, file), 'utf8'));

/** A valid journey, built afresh for each test so one test's edits never leak into another. */
function validJourney() {
  return {
    title: 'The Test Backpack',
    description: 'A journey that only exists in this test.',
    order: 1,
    symbolicIcon: 'backpack',
    transformedIcon: 'sparkles',
    steps: ['challenge', 'explorer', 'adventurer', 'alchemist', 'closing'].map((type) => ({
      type,
      title: `The ${type} step`,
      content: 'Some words.',
    })),
  };
}

describe('journeySchema', () => {
  it('accepts a journey of five steps in order', () => {
    expect(journeySchema.safeParse(validJourney()).success).toBe(true);
  });

  it.each([4, 6])('rejects a journey of %i steps', (count) => {
    const journey = validJourney();
    const steps = [...journey.steps, ...journey.steps].slice(0, count);
    const result = journeySchema.safeParse({ ...journey, steps });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain('a journey has exactly five steps');
  });

  it('rejects steps in another order', () => {
    const journey = validJourney();
    const [a, b, ...rest] = journey.steps;
    const result = journeySchema.safeParse({ ...journey, steps: [b, a, ...rest] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['steps.0.type', 'steps.1.type']);
  });

  it('rejects an unknown step type', () => {
    const journey = validJourney();
    journey.steps[2]!.type = 'wanderer';
    expect(journeySchema.safeParse(journey).success).toBe(false);
  });

  it.each(['symbolicIcon', 'transformedIcon'] as const)('rejects an unknown %s', (field) => {
    const result = journeySchema.safeParse({ ...validJourney(), [field]: 'unicorn' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it('rejects a step without content, and an empty prompt', () => {
    const noContent = validJourney();
    noContent.steps[0]!.content = '';
    expect(journeySchema.safeParse(noContent).success).toBe(false);
    const emptyPrompt = validJourney();
    Object.assign(emptyPrompt.steps[0]!, { prompt: '' });
    expect(journeySchema.safeParse(emptyPrompt).success).toBe(false);
  });
});

describe('the journey content', () => {
  it('has the ten journeys of the spec, with their titles', () => {
    const titles = Object.fromEntries(files.map((f) => [f.replace(/\.json$/, ''), (load(f) as { title: string }).title]));
    expect(titles).toEqual({
      'imposter-syndrome': 'The Mask of Imposter Syndrome',
      'repeating-patterns': 'The Weight of Repeating Patterns',
      'invisible-artist': 'The Invisible Artist',
      procrastination: 'The Burden of Procrastination',
      'voice-that-hides': 'The Voice That Hides',
      'self-trust': 'The Compass of Self-Trust',
      'pressure-cooker': 'The Pressure Cooker',
      'forgotten-flame': 'The Forgotten Flame',
      'childhood-wounds': 'The Protector of Childhood Wounds',
      'people-pleaser': 'The Chains of People-Pleasing',
    });
  });

  it.each(files)('%s passes the schema, with 60 to 150 words a step and the closing message', (file) => {
    const journey = journeySchema.parse(load(file));
    for (const step of journey.steps) {
      // A step is what the visitor reads: its content and its prompt.
      const words = `${step.content} ${step.prompt ?? ''}`.split(/\s+/).filter(Boolean).length;
      expect(words, step.title).toBeGreaterThanOrEqual(60);
      expect(words, step.title).toBeLessThanOrEqual(150);
    }
    expect(journey.steps[4]!.content).toContain('You Have Taken the First Step');
    expect(journey.symbolicIcon).not.toBe(journey.transformedIcon);
  });

  it('orders the list 1 to 10 without gaps', () => {
    const orders = files.map((f) => (load(f) as { order: number }).order).sort((a, b) => a - b);
    expect(orders).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
