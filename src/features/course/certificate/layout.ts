/**
 * How the certificate's PDF and share card are laid out, independent of the library that draws
 * them: the brand's colours, the page and card geometry, the completion date in words, text that
 * falls back from one font to another character by character, lines fitted and wrapped to a
 * width, and a QR code's dark modules as rectangles. Pure (measuring is passed in).
 */
import { formatLongDate } from '../../../core/dates';

/** The brand's colours (src/styles/global.css), as 0-255 RGB. */
export const COLOURS = {
  paper: [0xfb, 0xf7, 0xf2],
  paperDeep: [0xf3, 0xeb, 0xe1],
  ink: [0x2a, 0x1f, 0x3d],
  inkSoft: [0x4d, 0x41, 0x60],
  plum700: [0x52, 0x30, 0x7a],
  plum900: [0x24, 0x16, 0x3a],
  plum100: [0xeb, 0xe1, 0xf5],
  plum200: [0xd6, 0xc3, 0xea],
  gold300: [0xf2, 0xcf, 0x85],
  gold400: [0xe7, 0xb4, 0x53],
  gold700: [0x8a, 0x5a, 0x12],
} as const satisfies Record<string, readonly [number, number, number]>;

export type Rgb = readonly [number, number, number];

/** A4 landscape in PDF points (297 x 210 mm). */
export const A4_LANDSCAPE = { width: 841.89, height: 595.28 } as const;

/** An Open Graph image's size. */
export const CARD = { width: 1200, height: 630 } as const;

/** The day a certificate's course was completed, in Berlin ("December 8, 2026"), as the site writes dates. */
export function completionDate(completedAt: string): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(completedAt));
  return formatLongDate(day) ?? day;
}

/** A stretch of text set in one font: `font` is the index of the first font that has every character of it. */
export interface Run {
  text: string;
  font: number;
}

/**
 * `text` cut into runs by the first of `fonts` that has each character (a Latin file, then a Latin
 * Extended one); a character none has stays with the first font (its .notdef box).
 */
export function fontRuns(text: string, fonts: readonly ((codePoint: number) => boolean)[]): Run[] {
  const runs: Run[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    let font = fonts.findIndex((has) => has(code));
    if (font < 0) font = 0;
    const last = runs.at(-1);
    if (last && last.font === font) last.text += char;
    else runs.push({ text: char, font });
  }
  return runs;
}

/** Width of `text` at size 1 (fallback fonts included). */
export type Measure = (text: string) => number;

/**
 * `text` in at most `maxLines` lines of at most `width` at the largest size from `maxSize` down to
 * `minSize` (in steps of 1) that fits; words are kept whole where they fit on a line, a longer
 * word is broken, and what still does not fit ends in an ellipsis on the last line.
 */
export function fitLines(text: string, measure: Measure, options: { width: number; maxSize: number; minSize: number; maxLines: number }): { size: number; lines: string[] } {
  const clean = text.replace(/\s+/g, ' ').trim();
  for (let size = options.maxSize; size >= options.minSize; size -= 1) {
    const lines = wrap(clean, (t) => measure(t) * size, options.width);
    if (lines.length <= options.maxLines) return { size, lines };
  }
  const size = options.minSize;
  const lines = wrap(clean, (t) => measure(t) * size, options.width);
  const kept = lines.slice(0, options.maxLines);
  let last = `${kept.at(-1)!.trimEnd()}…`;
  while (measure(last) * size > options.width && last.length > 1) last = `${[...last].slice(0, -2).join('').trimEnd()}…`;
  kept[kept.length - 1] = last;
  return { size, lines: kept };
}

function wrap(text: string, width: (t: string) => number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (width(candidate) <= max) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    // A word longer than a line is broken where it must be.
    let rest = word;
    while (width(rest) > max) {
      const chars = [...rest];
      let n = chars.length - 1;
      while (n > 1 && width(chars.slice(0, n).join('')) > max) n -= 1;
      lines.push(chars.slice(0, n).join(''));
      rest = chars.slice(n).join('');
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

/** A filled rectangle, y measured from the top. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A QR code's dark modules as rectangles of a square `size` wide at (x, y) from the top-left, a
 * row's neighbouring dark modules merged into one rectangle (fewer drawing operations).
 */
export function qrRects(modules: readonly (readonly boolean[])[], x: number, y: number, size: number): Rect[] {
  const cell = size / modules.length;
  const rects: Rect[] = [];
  modules.forEach((row, r) => {
    for (let c = 0; c < row.length; c += 1) {
      if (!row[c]) continue;
      let end = c;
      while (end + 1 < row.length && row[end + 1]) end += 1;
      rects.push({ x: x + c * cell, y: y + r * cell, width: (end - c + 1) * cell, height: cell });
      c = end;
    }
  });
  return rects;
}

/**
 * The brand's four-pointed star (src/site/brand-mark.ts draws the same one on a 32 grid: tips 9
 * from the centre, the waist 2.4 along each axis) centred on (cx, cy) with tips `radius` away,
 * as a polygon, y measured from the top.
 */
export function starPoints(cx: number, cy: number, radius: number): [number, number][] {
  const w = (radius * 2.4) / 9;
  return [
    [cx, cy - radius],
    [cx + w, cy - w],
    [cx + radius, cy],
    [cx + w, cy + w],
    [cx, cy + radius],
    [cx - w, cy + w],
    [cx - radius, cy],
    [cx - w, cy - w],
  ];
}
