/**
 * Build-time icons: the brand mark (src/site/brand-mark.ts) rasterised by resvg at the sizes
 * browsers, home screens and link previews ask for. Used by the icon endpoints in src/pages/.
 */
import { Resvg } from '@resvg/resvg-js';
import { markSvg, type MarkOptions } from './brand-mark';

/** The mark as a square PNG of `size` pixels. */
export function markPng(size: number, shape: MarkOptions['shape']): Uint8Array<ArrayBuffer> {
  const png = new Resvg(markSvg({ shape }), { fitTo: { mode: 'width', value: size }, font: { loadSystemFonts: false } }).render().asPng();
  return Uint8Array.from(png);
}
