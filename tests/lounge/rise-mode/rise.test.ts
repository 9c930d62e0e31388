/**
 * Rise Mode's pure logic: the statement of the day in the member's own day (never repeated within
 * 60 days), the brave action of the day, and the bounds of what the member writes.
 */
import { describe, expect, it } from 'vitest';
import statements from '../../../src/content/lounge/rise-mode/statements.json';
import actions from '../../../src/content/lounge/rise-mode/brave-actions.json';
import { addDays, dayIn } from '../../../src/features/lounge/shared/local-day';
import { braveActionOfDay, checkInProblem, LIMITS, morningProblem, NO_REPEAT_DAYS, ownStatementProblem, statementOfDay } from '../../../src/features/lounge/rise-mode/rise';

describe("the day's statement", () => {
  it('is the same all day in the member’s time zone, and the next one after their midnight', () => {
    // 23:30 in Auckland on the 25th is 10:30 UTC; the same instant is still the 25th's morning in London.
    const late = new Date('2026-11-25T10:30:00Z');
    expect(dayIn(late, 'Pacific/Auckland')).toBe('2026-11-25');
    const morning = new Date('2026-11-24T11:05:00Z'); // 00:05 on the 25th in Auckland
    expect(dayIn(morning, 'Pacific/Auckland')).toBe('2026-11-25');
    const a = statementOfDay(statements, dayIn(morning, 'Pacific/Auckland'));
    const b = statementOfDay(statements, dayIn(late, 'Pacific/Auckland'));
    expect(a).toEqual(b);
    // Half an hour later it is the 26th in Auckland: a new statement.
    const next = new Date('2026-11-25T11:00:00Z');
    expect(dayIn(next, 'Pacific/Auckland')).toBe('2026-11-26');
    expect(statementOfDay(statements, dayIn(next, 'Pacific/Auckland'))!.id).not.toBe(a!.id);
    // ...while in New York the same instant is still the 25th, whose statement differs from Auckland's 26th.
    expect(dayIn(next, 'America/New_York')).toBe('2026-11-25');
  });

  it('never repeats within 60 days, across years and leap days', () => {
    expect(statements.length).toBeGreaterThanOrEqual(NO_REPEAT_DAYS);
    for (const start of ['2026-11-25', '2027-12-20', '2028-02-10', '1999-12-31']) {
      const seen = new Map<string, string>();
      for (let i = 0; i < NO_REPEAT_DAYS; i++) {
        const day = addDays(start, i);
        const s = statementOfDay(statements, day)!;
        expect(seen.get(s.id), `${s.id} on ${day} and ${seen.get(s.id)}`).toBeUndefined();
        seen.set(s.id, day);
      }
    }
  });

  it('uses every statement and comes back to one only after the whole set', () => {
    const ids = new Set(Array.from({ length: statements.length }, (_, i) => statementOfDay(statements, addDays('2026-01-01', i))!.id));
    expect(ids.size).toBe(statements.length);
    expect(statementOfDay(statements, addDays('2026-01-01', statements.length))).toEqual(statementOfDay(statements, '2026-01-01'));
  });

  it('holds for other set sizes (the owner adds statements)', () => {
    for (const size of [60, 61, 70, 77, 128]) {
      const set = Array.from({ length: size }, (_, i) => ({ id: `s${i}`, text: `Statement ${i}` }));
      const seen = new Set<string>();
      for (let i = 0; i < NO_REPEAT_DAYS; i++) seen.add(statementOfDay(set, addDays('2026-03-01', i))!.id);
      expect(seen.size).toBe(NO_REPEAT_DAYS);
    }
    expect(statementOfDay([], '2026-03-01')).toBeNull();
  });

  it('gives a brave action a day from the set', () => {
    expect(actions).toContainEqual(braveActionOfDay(actions, '2026-11-25'));
    expect(braveActionOfDay(actions, '2026-11-25')).not.toEqual(braveActionOfDay(actions, '2026-11-26'));
  });
});

describe('input bounds', () => {
  const morning = { intention: 'Be patient with myself', statementText: 'I can feel nervous and still do the thing.', braveAction: 'Ask one question' };
  it('asks for an intention and accepts the limits exactly', () => {
    expect(morningProblem(morning)).toBeNull();
    expect(morningProblem({ ...morning, intention: '  ' })).toMatch(/intention/);
    expect(morningProblem({ ...morning, intention: 'x'.repeat(LIMITS.intention) })).toBeNull();
    expect(morningProblem({ ...morning, intention: 'x'.repeat(LIMITS.intention + 1) })).toBe('Your intention is longer than 300 characters. Please shorten it.');
    expect(morningProblem({ ...morning, braveAction: 'x'.repeat(301) })).toMatch(/brave action is longer/);
  });
  it('refuses text Postgres cannot store, with a clear message', () => {
    expect(morningProblem({ ...morning, intention: 'calm\u0000' })).toMatch(/cannot be saved/);
    expect(checkInProblem('yes', 'a\u0000b')).toMatch(/Your note contains a character that cannot be saved/);
    expect(ownStatementProblem('I am learning\u0000')).toMatch(/cannot be saved/);
  });
  it('needs an answer to "Did you live it?" and bounds the note and own statements', () => {
    expect(checkInProblem(null, '')).toMatch(/Choose/);
    expect(checkInProblem('partly', 'x'.repeat(1000))).toBeNull();
    expect(checkInProblem('partly', 'x'.repeat(1001))).toMatch(/longer than 1000/);
    expect(ownStatementProblem('')).toMatch(/first/);
    expect(ownStatementProblem('x'.repeat(301))).toMatch(/longer than 300/);
  });
});
