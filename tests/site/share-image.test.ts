/** The share images: one per journey and app and a default, each small enough for link previews. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHARE_IMAGE, SHARE_IMAGE_MAX_BYTES, SHARE_IMAGE_TYPE, appImagePath, journeyImagePath } from '../../src/site/share-image';

describe('share images', () => {
  it('names one JPEG per journey, per app and a site default', () => {
    expect(journeyImagePath('self-trust')).toBe('/og/journeys/self-trust.jpg');
    expect(appImagePath('the-bloom-book')).toBe('/og/apps/the-bloom-book.jpg');
    expect(DEFAULT_SHARE_IMAGE).toBe('/og/default.jpg');
    expect(SHARE_IMAGE_TYPE).toBe('image/jpeg');
  });

  it('keeps every image under the size link previews accept', () => {
    expect(SHARE_IMAGE_MAX_BYTES).toBe(100_000);
  });
});
