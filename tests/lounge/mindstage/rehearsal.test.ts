/**
 * Mindstage's pure logic: the scenarios' five steps (a member's own scene filled into the same
 * steps), the trend of the ratings before rehearsing, the chart's points, and an own scene's bounds.
 */
import { describe, expect, it } from 'vitest';
import scenarios from '../../../src/content/lounge/mindstage/scenarios.json';
import template from '../../../src/content/lounge/mindstage/own-scenario.json';
import { chartPoints, ownScenario, ownScenarioProblem, STEP_KINDS, trend, trendSentence, type OwnTemplate, type Rehearsal } from '../../../src/features/lounge/mindstage/rehearsal';

const r = (before: number, after: number, at: string): Rehearsal => ({ scenario: 'a-phone-call', before, after, at });

describe('the scenarios', () => {
  it('are at least six, each in the five steps in order', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(6);
    for (const s of scenarios) expect(s.steps.map((step) => step.kind)).toEqual([...STEP_KINDS]);
    expect(template.steps.map((step) => step.kind)).toEqual([...STEP_KINDS]);
  });

  it("fills a member's own scenario into the same five steps, in their words", () => {
    const own = ownScenario(
      { id: '0b7c4d8e-1111-4222-8333-444455556666', title: 'Asking for a raise', scene: 'My manager’s office on Friday.', goingWell: 'I state my case and she listens.', coping: 'If she says no, I ask what would change it.' },
      template as OwnTemplate,
    );
    expect(own.key).toBe('own-0b7c4d8e-1111-4222-8333-444455556666');
    expect(own.steps.map((s) => s.kind)).toEqual([...STEP_KINDS]);
    expect(own.steps[1]!.text).toContain('My manager’s office on Friday.');
    expect(own.steps[2]!.text).toContain('I state my case and she listens.');
    expect(own.steps[3]!.text).toContain('If she says no, I ask what would change it.');
    expect(own.steps.some((s) => /\{\w+\}/.test(s.text))).toBe(false);
  });
});

describe('per-scenario trend', () => {
  it('needs two rehearsals', () => {
    expect(trend([])).toEqual({ kind: 'too-few', count: 0 });
    expect(trendSentence(trend([r(6, 4, '2026-11-01T08:00:00Z')]))).toBe('Rehearse this scene once more to see a trend.');
  });

  it('says easier when the rating before rehearsing falls, in the order rehearsed (not the order given)', () => {
    const t = trend([r(5, 3, '2026-11-10T08:00:00Z'), r(8, 6, '2026-11-01T08:00:00Z'), r(7, 5, '2026-11-05T08:00:00Z'), r(4, 2, '2026-11-20T08:00:00Z')]);
    expect(t).toMatchObject({ kind: 'easier', count: 4, firstBefore: 8, lastBefore: 4 });
    expect(trendSentence(t)).toBe('Getting easier: your rating before rehearsing went from 8 to 4 over 4 rehearsals.');
  });

  it('says harder when it rises, and about the same for small wobbles', () => {
    expect(trend([r(3, 2, '2026-11-01T08:00:00Z'), r(5, 4, '2026-11-02T08:00:00Z'), r(6, 5, '2026-11-03T08:00:00Z')]).kind).toBe('harder');
    expect(trend([r(5, 3, '2026-11-01T08:00:00Z'), r(6, 3, '2026-11-02T08:00:00Z'), r(5, 3, '2026-11-03T08:00:00Z'), r(5, 2, '2026-11-04T08:00:00Z')]).kind).toBe('steady');
  });

  it('draws 10 at the top and 0 at the bottom, one point per rehearsal in time order', () => {
    const p = chartPoints([r(10, 0, '2026-11-02T08:00:00Z'), r(5, 5, '2026-11-01T08:00:00Z')], 300, 200, 20);
    expect(p.before).toEqual([
      [20, 100],
      [280, 20],
    ]);
    expect(p.after).toEqual([
      [20, 100],
      [280, 180],
    ]);
  });
});

describe('input bounds', () => {
  it('asks for every field of an own scenario, bounded and storable', () => {
    const ok = { title: 'Asking for a raise', scene: 'x', goingWell: 'y', coping: 'z' };
    expect(ownScenarioProblem(ok)).toBeNull();
    expect(ownScenarioProblem({ ...ok, title: ' ' })).toBe('The title is empty: a sentence is enough.');
    expect(ownScenarioProblem({ ...ok, title: 't'.repeat(121) })).toMatch(/longer than 120/);
    expect(ownScenarioProblem({ ...ok, coping: 'c'.repeat(1001) })).toMatch(/Coping is longer than 1000/);
    expect(ownScenarioProblem({ ...ok, scene: 'a\u0000' })).toMatch(/cannot be saved/);
  });
});
