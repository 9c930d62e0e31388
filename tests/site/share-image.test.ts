/** The share images: one per journey and app and a default, each small enough for link previews. */
import { describe, expect, it } from 'vitest';
import { appImagePath, journeyImagePath } from '../../src/site/share-image';

describe('share images', () => {
  it('names one JPEG per journey and per app', () => {
    expect(journeyImagePath('self-trust')).toBe('/og/journeys/self-trust.jpg');
    expect(appImagePath('the-bloom-book')).toBe('/og/apps/the-bloom-book.jpg');
  });
});
