/**
 * What the PDF needs of a TrueType font, read without fontkit (fontkit alone is 360 KB of the PDF
 * function's zip, which must stay under 1 MB): the WOFF file unpacked into the TrueType file a
 * PDF embeds (FontFile2), a character's glyph (cmap format 4, the BMP, as the @fontsource files
 * have it), each glyph's advance (hmtx) and the metrics of the font descriptor (head, hhea, OS/2,
 * post, name). The share card, which draws outlines, reads the same files with fontkit.
 */
import { inflateSync } from 'node:zlib';

export interface Sfnt {
  /** The TrueType file (the WOFF's tables, inflated). */
  ttf: Uint8Array;
  postscriptName: string;
  unitsPerEm: number;
  ascent: number;
  descent: number;
  capHeight: number;
  bbox: [number, number, number, number];
  italicAngle: number;
  /** The glyph of a code point, 0 (.notdef) when the font has none. */
  glyphOf(codePoint: number): number;
  /** A glyph's advance width in font units. */
  advanceOf(glyph: number): number;
}

/** Unpacks a WOFF 1.0 file into its TrueType file and reads what the PDF needs. */
export function readWoff(woff: Uint8Array): Sfnt {
  const src = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (src.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 file');
  const flavor = src.readUInt32BE(4);
  const count = src.readUInt16BE(12);
  const tables: { tag: string; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < count; i += 1) {
    const at = 44 + i * 20;
    const tag = src.toString('latin1', at, at + 4);
    const offset = src.readUInt32BE(at + 4);
    const compLength = src.readUInt32BE(at + 8);
    const origLength = src.readUInt32BE(at + 12);
    const raw = src.subarray(offset, offset + compLength);
    tables.push({ tag, checksum: src.readUInt32BE(at + 16), data: compLength < origLength ? inflateSync(raw) : Buffer.from(raw) });
  }
  tables.sort((a, b) => (a.tag < b.tag ? -1 : 1));

  // The sfnt: its header, the table records, then each table on a 4-byte boundary.
  const power = 2 ** Math.floor(Math.log2(count));
  const head = Buffer.alloc(12 + 16 * count);
  head.writeUInt32BE(flavor, 0);
  head.writeUInt16BE(count, 4);
  head.writeUInt16BE(power * 16, 6);
  head.writeUInt16BE(Math.log2(power), 8);
  head.writeUInt16BE(count * 16 - power * 16, 10);
  const parts: Buffer[] = [head];
  let offset = head.length;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    head.write(t.tag, at, 'latin1');
    head.writeUInt32BE(t.checksum, at + 4);
    head.writeUInt32BE(offset, at + 8);
    head.writeUInt32BE(t.data.length, at + 12);
    const padded = Buffer.alloc(Math.ceil(t.data.length / 4) * 4);
    t.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  const table = (tag: string) => {
    const found = tables.find((t) => t.tag === tag);
    if (!found) throw new Error(`the font has no ${tag} table`);
    return found.data;
  };

  const headTable = table('head');
  const unitsPerEm = headTable.readUInt16BE(18);
  const bbox: [number, number, number, number] = [headTable.readInt16BE(36), headTable.readInt16BE(38), headTable.readInt16BE(40), headTable.readInt16BE(42)];
  const hhea = table('hhea');
  const metricsCount = hhea.readUInt16BE(34);
  const hmtx = table('hmtx');
  const os2 = table('OS/2');
  const post = table('post');

  return {
    ttf: new Uint8Array(Buffer.concat(parts)),
    postscriptName: postscriptName(table('name')),
    unitsPerEm,
    ascent: hhea.readInt16BE(4),
    descent: hhea.readInt16BE(6),
    capHeight: os2.readUInt16BE(0) >= 2 && os2.length >= 90 ? os2.readInt16BE(88) : hhea.readInt16BE(4),
    bbox,
    italicAngle: post.readInt32BE(4) / 65536,
    glyphOf: cmap4(table('cmap')),
    advanceOf: (glyph) => hmtx.readUInt16BE(Math.min(glyph, metricsCount - 1) * 4),
  };
}

/** The PostScript name (name id 6, Windows Unicode or Macintosh Roman). */
function postscriptName(name: Buffer): string {
  const count = name.readUInt16BE(2);
  const strings = name.readUInt16BE(4);
  for (let i = 0; i < count; i += 1) {
    const at = 6 + i * 12;
    if (name.readUInt16BE(at + 6) !== 6) continue;
    const platform = name.readUInt16BE(at);
    const bytes = name.subarray(strings + name.readUInt16BE(at + 10), strings + name.readUInt16BE(at + 10) + name.readUInt16BE(at + 8));
    if (platform === 3 || platform === 0) return Buffer.from(bytes).swap16().toString('utf16le');
    if (platform === 1) return bytes.toString('latin1');
  }
  return 'Font';
}

/** The glyph lookup of the first format 4 subtable of `cmap` (Unicode BMP). */
function cmap4(cmap: Buffer): (codePoint: number) => number {
  const count = cmap.readUInt16BE(2);
  for (let i = 0; i < count; i += 1) {
    const sub = cmap.readUInt32BE(4 + i * 8 + 4);
    if (cmap.readUInt16BE(sub) !== 4) continue;
    const segments = cmap.readUInt16BE(sub + 6) / 2;
    const ends = sub + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const ranges = deltas + segments * 2;
    return (codePoint) => {
      if (codePoint > 0xffff) return 0;
      for (let s = 0; s < segments; s += 1) {
        if (codePoint > cmap.readUInt16BE(ends + s * 2)) continue;
        const start = cmap.readUInt16BE(starts + s * 2);
        if (codePoint < start) return 0;
        const delta = cmap.readInt16BE(deltas + s * 2);
        const rangeOffset = cmap.readUInt16BE(ranges + s * 2);
        if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
        const glyph = cmap.readUInt16BE(ranges + s * 2 + rangeOffset + (codePoint - start) * 2);
        return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
      }
      return 0;
    };
  }
  throw new Error('the font has no format 4 cmap');
}
