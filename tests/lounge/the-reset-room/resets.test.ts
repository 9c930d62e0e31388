/**
 * The Reset Room's pure logic: the resets (two to five minutes, the cold water's safety note),
 * which suit a feeling and its strength, and what helped the member most.
 */
import { describe, expect, it } from 'vitest';
import resets from '../../../src/content/lounge/the-reset-room/resets.json';
import feelings from '../../../src/content/lounge/the-reset-room/feelings.json';
import { changeText, fitsTwoToFive, helpedMost, suitableResets, type Reset, type ResetRecord } from '../../../src/features/lounge/the-reset-room/resets';
import { RESET_FEELINGS, RESET_KINDS } from '../../../src/core/db/values';

const all = resets as Reset[];
const rec = (reset: ResetRecord['reset'], before: number, after: number, feeling: ResetRecord['feeling'] = 'anxiety'): ResetRecord => ({ reset, before, after, feeling, at: '2026-11-25T08:00:00Z' });

describe('the resets', () => {
  it('are the five named, each two to five minutes, and every feeling has at least two', () => {
    expect(all.map((r) => r.slug).sort()).toEqual([...RESET_KINDS].sort());
    expect(feelings.map((f) => f.id).sort()).toEqual([...RESET_FEELINGS].sort());
    for (const r of all) expect(fitsTwoToFive(r), r.slug).toBe(true);
    for (const f of RESET_FEELINGS) expect(suitableResets(all, f, 5).length, f).toBeGreaterThanOrEqual(2);
  });

  it('shows the cold water’s safety note (10 °C, 30 to 60 seconds, heart, eating disorders)', () => {
    const cold = all.find((r) => r.slug === 'cold-water-reset')!;
    expect(cold.safety).toMatch(/10 °C/);
    expect(cold.safety).toMatch(/30 to 60 seconds/);
    expect(cold.safety).toMatch(/heart condition/);
    expect(cold.safety).toMatch(/eating disorder/);
  });
});

describe('a suitable reset', () => {
  it('offers grounding or STOP first for a milder feeling, paced breathing first for a strong one', () => {
    expect(suitableResets(all, 'anxiety', 4)[0]!.slug).toBe('grounding-five-senses');
    expect(suitableResets(all, 'anger', 3)[0]!.slug).toBe('stop-pause');
    expect(suitableResets(all, 'anxiety', 9)[0]!.slug).toBe('paced-breathing');
    expect(suitableResets(all, 'anger', 7)[0]!.slug).toBe('paced-breathing');
  });
  it('never offers the cold water first, and only resets written for the feeling', () => {
    for (const f of RESET_FEELINGS) for (let i = 0; i <= 10; i++) expect(suitableResets(all, f, i)[0]!.slug).not.toBe('cold-water-reset');
    expect(suitableResets(all, 'numbness', 8).map((r) => r.slug)).not.toContain('cold-water-reset');
    expect(suitableResets(all, 'sadness', 5).every((r) => r.suits.includes('sadness'))).toBe(true);
  });
});

describe('what helped most', () => {
  it('ranks the resets by the mean fall in rating, then by use', () => {
    const history = [rec('stop-pause', 8, 7), rec('paced-breathing', 8, 4), rec('paced-breathing', 6, 4), rec('grounding-five-senses', 7, 4), rec('stop-pause', 5, 5)];
    expect(helpedMost(history)).toEqual([
      { reset: 'paced-breathing', times: 2, meanDrop: 3 },
      { reset: 'grounding-five-senses', times: 1, meanDrop: 3 },
      { reset: 'stop-pause', times: 2, meanDrop: 0.5 },
    ]);
  });
  it('counts a rise as a negative change, and can look at one feeling', () => {
    const history = [rec('stop-pause', 4, 6, 'anger'), rec('grounding-five-senses', 6, 3, 'sadness')];
    expect(helpedMost(history, 'anger')).toEqual([{ reset: 'stop-pause', times: 1, meanDrop: -2 }]);
    expect(helpedMost([])).toEqual([]);
    expect(changeText(7, 4)).toBe('7 → 4 (down 3)');
    expect(changeText(4, 6)).toBe('4 → 6 (up 2)');
    expect(changeText(5, 5)).toBe('5 → 5 (no change)');
  });
});
