import { describe, expect, it } from 'vitest';
import { comingSoonMessage } from '../../src/features/marketing/home/coming-soon';

describe('the home page\'s Lounge section', () => {
  it('words the coming-soon alert of an unavailable app as the spec does', () => {
    expect(comingSoonMessage('Stillpoint')).toBe('Stillpoint is coming soon! Stay tuned for updates.');
  });
});
