/**
 * The share card's faces read with fontkit, which gives each glyph's outline (raster.ts fills
 * them) and lays text out with the font's kerning.
 */
// The minified build of the same module (@pdf-lib/fontkit's `main` is the 1.5 MB unminified one).
import fontkitModule from '@pdf-lib/fontkit/dist/fontkit.umd.min.js';
import { fontFiles, type Face, type MeasuredFont } from './fonts';

/** What the card uses of a fontkit font. */
interface FontkitFont {
  unitsPerEm: number;
  hasGlyphForCodePoint(codePoint: number): boolean;
  layout(text: string): { glyphs: { path: { commands: { command: string; args: number[] }[] } }[]; positions: { xAdvance: number; xOffset: number; yOffset: number }[]; advanceWidth: number };
}

const fontkit = fontkitModule as unknown as { create(bytes: Uint8Array): FontkitFont };

export interface OutlinedFont extends MeasuredFont {
  font: FontkitFont;
}

function outlined(bytes: Uint8Array): OutlinedFont {
  const font = fontkit.create(bytes);
  return { font, hasGlyph: (code) => font.hasGlyphForCodePoint(code), width: (text) => font.layout(text).advanceWidth / font.unitsPerEm };
}

let loaded: { serif: Face<OutlinedFont>; sans: Face<OutlinedFont> } | undefined;

export function cardFaces(): { serif: Face<OutlinedFont>; sans: Face<OutlinedFont> } {
  const { serif, sans } = fontFiles();
  loaded ??= { serif: { files: serif, fonts: serif.map(outlined) }, sans: { files: sans, fonts: sans.map(outlined) } };
  return loaded;
}
