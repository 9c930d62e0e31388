/**
 * Reads a PDF back with pdf-lib and extracts the text of a page the way a PDF reader's copy does:
 * each font's ToUnicode CMap maps the glyph codes that the content stream shows (`<hex> Tj`)
 * back to characters. Text objects on the same baseline (one line set in two fonts, e.g. Latin
 * and Latin Extended) are joined left to right; lines are listed top to bottom. Enough for what
 * pdf-lib writes (Type0 fonts, Identity-H, `Tm` then `Tj`); not a general PDF text extractor.
 */
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream } from 'pdf-lib';

export interface PdfFont {
  /** The resource names the content stream selects it by (pdf-lib adds one a drawText: "Fraunces-SemiBold-1234"). */
  resources: string[];
  baseFont: string;
  subtype: string;
  /** The embedded font program's length in bytes (FontFile2 or FontFile3), 0 when not embedded. */
  embeddedBytes: number;
  toUnicode: Map<number, string>;
}

function streamText(stream: PDFStream): string {
  return Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1');
}

function hexToString(hex: string): string {
  let out = '';
  for (let i = 0; i < hex.length; i += 4) out += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
  return out;
}

function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, uni] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(code!, 16), hexToString(uni!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, uni] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      const start = parseInt(uni!, 16);
      for (let c = parseInt(lo!, 16); c <= parseInt(hi!, 16); c += 1) map.set(c, String.fromCodePoint(start + c - parseInt(lo!, 16)));
    }
  }
  return map;
}

/** The fonts of page `index` and the page's text lines (top to bottom). */
export async function readPdf(bytes: Uint8Array, index = 0): Promise<{ doc: PDFDocument; fonts: PdfFont[]; lines: string[]; content: string }> {
  const doc = await PDFDocument.load(bytes);
  const page = doc.getPage(index);
  const fontDict = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
  // One entry a font object (several resource names may point at the same one).
  const fonts: PdfFont[] = [];
  const byRef = new Map<string, PdfFont>();
  for (const [name, ref] of fontDict.entries()) {
    const known = byRef.get(ref.toString());
    if (known) {
      known.resources.push(name.asString().slice(1));
      continue;
    }
    const font = doc.context.lookup(ref as PDFRef, PDFDict);
    const descendant = font.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
    const descriptor = descendant.lookup(PDFName.of('FontDescriptor'), PDFDict);
    const program = (descriptor.lookup(PDFName.of('FontFile2')) ?? descriptor.lookup(PDFName.of('FontFile3'))) as PDFStream | undefined;
    const entry: PdfFont = {
      resources: [name.asString().slice(1)],
      baseFont: font.lookup(PDFName.of('BaseFont'), PDFName).asString().slice(1),
      subtype: font.lookup(PDFName.of('Subtype'), PDFName).asString().slice(1),
      embeddedBytes: program ? decodePDFRawStream(program as PDFRawStream).decode().length : 0,
      toUnicode: parseToUnicode(streamText(font.lookup(PDFName.of('ToUnicode')) as PDFStream)),
    };
    byRef.set(ref.toString(), entry);
    fonts.push(entry);
  }
  const contents = page.node.Contents()!;
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r) as PDFStream) : [contents as PDFStream];
  const content = streams.map(streamText).join('\n');

  const pieces: { x: number; y: number; text: string }[] = [];
  let font: PdfFont | undefined;
  let x = 0;
  let y = 0;
  for (const [, op] of content.matchAll(/(\/[^\s/]+\s+[\d.]+\s+Tf|[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+Tm|<[0-9A-Fa-f]*>\s*Tj)/g)) {
    if (op!.endsWith('Tf')) font = fonts.find((f) => f.resources.includes(op!.split(/\s+/)[0]!.slice(1)));
    else if (op!.endsWith('Tm')) [x, y] = op!.split(/\s+/).slice(4, 6).map(Number) as [number, number];
    else {
      const hex = /<([0-9A-Fa-f]*)>/.exec(op!)![1]!;
      let text = '';
      for (let i = 0; i < hex.length; i += 4) text += font?.toUnicode.get(parseInt(hex.slice(i, i + 4), 16)) ?? '\uFFFD';
      pieces.push({ x, y, text });
    }
  }
  const byLine = new Map<number, { x: number; text: string }[]>();
  for (const p of pieces) {
    const key = Math.round(p.y * 10) / 10;
    byLine.set(key, [...(byLine.get(key) ?? []), p]);
  }
  const lines = [...byLine.entries()].sort((a, b) => b[0] - a[0]).map(([, ps]) => ps.sort((a, b) => a.x - b.x).map((p) => p.text).join(''));
  return { doc, fonts, lines, content };
}
