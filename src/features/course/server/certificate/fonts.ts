/**
 * The certificate's two typefaces, each a Latin and a Latin Extended WOFF (fonts.generated.ts,
 * from scripts/certificate-fonts.mjs), parsed by fontkit once per instance: what the PDF embeds
 * and the share card draws. Text falls back from the Latin file to the Latin Extended one
 * character by character (layout.ts's fontRuns).
 */
// The minified build of the same module (@pdf-lib/fontkit's `main` is the 1.5 MB unminified one): half the bytes in the function's zip.
import fontkitModule from '@pdf-lib/fontkit/dist/fontkit.umd.min.js';
import { fontRuns, type Run } from '../../certificate/layout';
import { sansLatin, sansLatinExt, serifLatin, serifLatinExt } from './fonts.generated';

/** What the certificate uses of a fontkit font. */
export interface FontkitFont {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  hasGlyphForCodePoint(codePoint: number): boolean;
  layout(text: string): { glyphs: { path: { commands: { command: string; args: number[] }[] } }[]; positions: { xAdvance: number; xOffset: number; yOffset: number }[]; advanceWidth: number };
}

export interface Fontkit {
  create(bytes: Uint8Array): FontkitFont;
}

export const fontkit = fontkitModule as unknown as Fontkit;

/** A typeface: its files' bytes (for pdf-lib) and the parsed fonts, Latin first. */
export interface Face {
  files: Uint8Array[];
  fonts: FontkitFont[];
}

function face(...base64: string[]): Face {
  const files = base64.map((b) => new Uint8Array(Buffer.from(b, 'base64')));
  return { files, fonts: files.map((f) => fontkit.create(f)) };
}

let loaded: { serif: Face; sans: Face } | undefined;

/** Fraunces 600 (headings, the name) and Inter 400 (the rest). */
export function faces(): { serif: Face; sans: Face } {
  loaded ??= { serif: face(serifLatin, serifLatinExt), sans: face(sansLatin, sansLatinExt) };
  return loaded;
}

/** `text` in runs of the face's fonts (Latin where it has the character, else Latin Extended). */
export function runsOf(f: Face, text: string): Run[] {
  return fontRuns(text, f.fonts.map((font) => (code: number) => font.hasGlyphForCodePoint(code)));
}

/** Width of `text` at size 1 in the face (fallback included). */
export function widthIn(f: Face, text: string): number {
  return runsOf(f, text).reduce((sum, run) => {
    const font = f.fonts[run.font]!;
    return sum + font.layout(run.text).advanceWidth / font.unitsPerEm;
  }, 0);
}
