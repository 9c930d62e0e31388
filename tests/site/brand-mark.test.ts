/** The brand mark: the favicon, the home-screen icons and the manifest's colours. */
import { describe, expect, it } from 'vitest';
import { MARK_BACKGROUND, PAGE_BACKGROUND, icoFromPng, markSvg, webManifest } from '../../src/site/brand-mark';

describe('the brand mark', () => {
  it('is a rounded plum square with the gold star for the tab, and edge to edge for home screens', () => {
    const rounded = markSvg({ shape: 'rounded' });
    expect(rounded).toContain('rx="8"');
    expect(rounded).toContain(`fill="${MARK_BACKGROUND}"`);
    expect(rounded).toContain('fill="#e7b453"');
    const full = markSvg({ shape: 'full' });
    expect(full).not.toContain('rx=');
    // The same star, centred.
    expect(full).toContain('transform="translate(0 1)"');
  });

  it('wraps a PNG in an ICO file browsers read', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const ico = icoFromPng(png, 32);
    const view = new DataView(ico.buffer);
    expect(view.getUint16(0, true)).toBe(0);
    expect(view.getUint16(2, true)).toBe(1);
    expect(view.getUint16(4, true)).toBe(1);
    expect([ico[6], ico[7]]).toEqual([32, 32]);
    expect(view.getUint16(12, true)).toBe(32);
    expect(view.getUint32(14, true)).toBe(png.length);
    expect(view.getUint32(18, true)).toBe(22);
    expect([...ico.subarray(22)]).toEqual([...png]);
    expect(icoFromPng(png, 256)[6]).toBe(0);
    expect(() => icoFromPng(png, 300)).toThrow(RangeError);
  });

  it('gives the manifest the brand colours', () => {
    const manifest = webManifest({ name: 'Inner Alchemy', shortName: 'Inner Alchemy', description: 'd', icons: [{ src: '/icons/192.png', sizes: '192x192', type: 'image/png' }] });
    expect(manifest.theme_color).toBe('#24163a');
    expect(manifest.background_color).toBe(PAGE_BACKGROUND);
    expect(manifest.start_url).toBe('/dashboard');
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons).toEqual([{ src: '/icons/192.png', sizes: '192x192', type: 'image/png' }]);
  });
});
