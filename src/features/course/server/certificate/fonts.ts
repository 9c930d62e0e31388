/**
 * The certificate's two typefaces (fonts.generated.ts, from scripts/certificate-fonts.mjs):
 * Fraunces 600 as a Latin and a Latin Extended WOFF, Inter 400 as Latin. A face is its fonts,
 * Latin first; text falls back from one to the next character by character (layout.ts's
 * fontRuns). How a font is read is the caller's: the PDF reads the files itself (sfnt.ts), the
 * share card with fontkit (card-fonts.ts), so the PDF function ships no fontkit.
 */
import { fontRuns, type Run } from '../../certificate/layout';
import { sansLatin, serifLatin, serifLatinExt } from './fonts.generated';

/** What laying out text needs of a font. */
export interface MeasuredFont {
  hasGlyph(codePoint: number): boolean;
  /** Width of `text` at size 1. */
  width(text: string): number;
}

export interface Face<F extends MeasuredFont = MeasuredFont> {
  files: Uint8Array[];
  fonts: F[];
}

/** The WOFF files of each face, decoded once per instance. */
let files: { serif: Uint8Array[]; sans: Uint8Array[] } | undefined;

export function fontFiles(): { serif: Uint8Array[]; sans: Uint8Array[] } {
  const decode = (b: string) => new Uint8Array(Buffer.from(b, 'base64'));
  files ??= { serif: [serifLatin, serifLatinExt].map(decode), sans: [sansLatin].map(decode) };
  return files;
}

/** `text` in runs of the face's fonts (Latin where it has the character, else Latin Extended). */
export function runsOf(face: Face, text: string): Run[] {
  return fontRuns(text, face.fonts.map((font) => (code: number) => font.hasGlyph(code)));
}

/** Width of `text` at size 1 in the face (fallback included). */
export function widthIn(face: Face, text: string): number {
  return runsOf(face, text).reduce((sum, run) => sum + face.fonts[run.font]!.width(run.text), 0);
}
