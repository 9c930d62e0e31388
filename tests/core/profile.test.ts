/** The dashboard's profile rules: the greeting and the project id. */
import { describe, expect, it } from 'vitest';
import { greetingName, projectIdText } from '../../src/core/profile/profile';

describe('dashboard profile rules', () => {
  it('greets by the profile name, then the account name, else "Member"', () => {
    expect(greetingName('Ana Lima', 'Ana')).toBe('Ana Lima');
    expect(greetingName(null, 'Ana')).toBe('Ana');
    expect(greetingName('  ', null)).toBe('Member');
  });

  it('says "Not assigned" without a project', () => {
    expect(projectIdText(null)).toBe('Not assigned');
    expect(projectIdText('proj_42')).toBe('proj_42');
  });
});
