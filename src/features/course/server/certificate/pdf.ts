/**
 * GET /api/certificate/<code>.pdf: the certificate as an A4 landscape PDF made here with pdf-lib:
 * the brand's paper, plum and gold, the member's name as they chose it in Fraunces and the rest in
 * Inter (both embedded as TrueType, Latin Extended included for the name), the completion date,
 * the verification address written out and as a QR code drawn as vector rectangles.
 */
// pdf-lib's own minified single-file build (the same library as its `main`, which ships as
// some 400 CommonJS files with pako, its standard fonts and a PNG codec beside it): the
// function's zip stays under 1 MB (docs/decisions/certificates.md).
import pdfLib from 'pdf-lib/dist/pdf-lib.min.js';
import type { PDFDocument as PDFDocumentType, PDFPage, PDFRef } from 'pdf-lib';
import { encode } from 'uqr';
import { BRAND } from '../../../../core/config/site';
import { requireMethod } from '../../../../../netlify/functions/_shared/http';
import { siteOrigin } from '../../../../../netlify/functions/_shared/email/settings';
import { supabaseAdmin } from '../../../../../netlify/functions/_shared/supabase';
import { CERTIFIED_COURSES, verifyUrl, type CertificateRecord } from '../../certificate/credential';
import { A4_LANDSCAPE, COLOURS, completionDate, fitLines, qrRects, starPoints, type Rgb } from '../../certificate/layout';
import { codeFromPath, findCertificate } from './lookup';
import { fontFiles, runsOf, widthIn, type Face, type MeasuredFont } from './fonts';
import { readWoff, type Sfnt } from './sfnt';

export const PDF = 'certificate-pdf';

const { PDFDocument, PDFHexString, PDFName, PDFString, rgb, pushGraphicsState, popGraphicsState, beginText, endText, setFillingRgbColor, setFontAndSize, setTextMatrix, showText } = pdfLib;

const colour = (c: Rgb) => rgb(c[0] / 255, c[1] / 255, c[2] / 255);

interface PdfFont extends MeasuredFont {
  sfnt: Sfnt;
  /** Set when the font is first used: its resource name and reference. */
  embedded?: { key: string; ref: PDFRef; glyphs: Map<number, string> };
}

function pdfFont(bytes: Uint8Array): PdfFont {
  const sfnt = readWoff(bytes);
  const glyphs = (text: string) => [...text].map((ch) => sfnt.glyphOf(ch.codePointAt(0)!));
  return {
    sfnt,
    hasGlyph: (code) => sfnt.glyphOf(code) !== 0,
    width: (text) => glyphs(text).reduce((sum, g) => sum + sfnt.advanceOf(g), 0) / sfnt.unitsPerEm,
  };
}

/**
 * Writes text with the face's fonts embedded whole as TrueType (FontFile2) in a Type0 font,
 * Identity-H: each character is its glyph id, and a ToUnicode map gives readers (copy, search)
 * the characters back. The fonts' dictionaries are written once the page is drawn (the widths
 * of the glyphs used).
 */
class Writer {
  private count = 0;
  private readonly used: PdfFont[] = [];
  constructor(
    private readonly doc: PDFDocumentType,
    private readonly page: PDFPage,
  ) {}

  /** `text` centred on the page at baseline `y` (from the bottom), or from `x` when given. */
  line(face: Face<PdfFont>, text: string, size: number, y: number, c: Rgb, x?: number): void {
    let at = x ?? (A4_LANDSCAPE.width - widthIn(face, text) * size) / 2;
    for (const run of runsOf(face, text)) {
      const font = face.fonts[run.font]!;
      if (!font.embedded) {
        this.count += 1;
        font.embedded = { key: `${font.sfnt.postscriptName}-F${this.count}`, ref: this.doc.context.nextRef(), glyphs: new Map() };
        this.page.node.setFontDictionary(PDFName.of(font.embedded.key), font.embedded.ref);
        this.used.push(font);
      }
      let hex = '';
      for (const ch of run.text) {
        const glyph = font.sfnt.glyphOf(ch.codePointAt(0)!);
        font.embedded.glyphs.set(glyph, ch);
        hex += glyph.toString(16).padStart(4, '0');
      }
      this.page.pushOperators(
        pushGraphicsState(),
        beginText(),
        setFillingRgbColor(c[0] / 255, c[1] / 255, c[2] / 255),
        setFontAndSize(font.embedded.key, size),
        setTextMatrix(1, 0, 0, 1, at, y),
        showText(PDFHexString.of(hex)),
        endText(),
        popGraphicsState(),
      );
      at += font.width(run.text) * size;
    }
  }

  /** The font dictionaries of every font used. */
  finish(): void {
    const { context } = this.doc;
    for (const font of this.used) {
      const { sfnt, embedded } = font;
      const scale = (v: number) => Math.round((v * 1000) / sfnt.unitsPerEm);
      const glyphs = [...embedded!.glyphs.keys()].sort((a, b) => a - b);
      const widths = glyphs.flatMap((g) => [g, [scale(sfnt.advanceOf(g))]]);
      const program = context.register(context.flateStream(sfnt.ttf, { Length1: sfnt.ttf.length }));
      const descriptor = context.register(
        context.obj({
          Type: 'FontDescriptor',
          FontName: sfnt.postscriptName,
          Flags: 32,
          FontBBox: sfnt.bbox.map(scale),
          ItalicAngle: sfnt.italicAngle,
          Ascent: scale(sfnt.ascent),
          Descent: scale(sfnt.descent),
          CapHeight: scale(sfnt.capHeight),
          StemV: 80,
          FontFile2: program,
        }),
      );
      const cid = context.register(
        context.obj({
          Type: 'Font',
          Subtype: 'CIDFontType2',
          BaseFont: sfnt.postscriptName,
          CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
          FontDescriptor: descriptor,
          W: widths,
          CIDToGIDMap: 'Identity',
        }),
      );
      const toUnicode = context.register(context.flateStream(toUnicodeCmap(embedded!.glyphs)));
      context.assign(
        embedded!.ref,
        context.obj({ Type: 'Font', Subtype: 'Type0', BaseFont: sfnt.postscriptName, Encoding: 'Identity-H', DescendantFonts: [cid], ToUnicode: toUnicode }),
      );
    }
  }
}

/** The ToUnicode CMap of the glyphs used (glyph id -> the character it was drawn for). */
function toUnicodeCmap(glyphs: Map<number, string>): string {
  const hex = (n: number) => n.toString(16).padStart(4, '0');
  const utf16 = (ch: string) => [...Buffer.from(ch, 'utf16le').swap16()].map((b) => b.toString(16).padStart(2, '0')).join('');
  const entries = [...glyphs.entries()].sort((a, b) => a[0] - b[0]);
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    blocks.push(`${chunk.length} beginbfchar\n${chunk.map(([g, ch]) => `<${hex(g)}> <${utf16(ch)}>`).join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <ffff>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

let faces: { serif: Face<PdfFont>; sans: Face<PdfFont> } | undefined;

/** Fresh per PDF (each document embeds its own fonts); the parsed files are kept. */
function pdfFaces(): { serif: Face<PdfFont>; sans: Face<PdfFont> } {
  const { serif, sans } = fontFiles();
  faces ??= { serif: { files: serif, fonts: serif.map(pdfFont) }, sans: { files: sans, fonts: sans.map(pdfFont) } };
  const fresh = (f: Face<PdfFont>): Face<PdfFont> => ({ files: f.files, fonts: f.fonts.map(({ embedded: _embedded, ...font }) => ({ ...font })) });
  return { serif: fresh(faces.serif), sans: fresh(faces.sans) };
}

/** The certificate's PDF bytes. */
export async function certificatePdf(record: CertificateRecord, site: string): Promise<Uint8Array> {
  const { serif, sans } = pdfFaces();
  const course = CERTIFIED_COURSES[record.course]!;
  const url = verifyUrl(site, record.code);
  const { width: W, height: H } = A4_LANDSCAPE;

  const doc = await PDFDocument.create();
  doc.setTitle(`${course.name}: certificate of completion for ${record.name}`);
  doc.setAuthor(BRAND);
  doc.setSubject(`Verify at ${url}`);
  doc.setCreator(BRAND);
  doc.setProducer(BRAND);
  doc.setKeywords(['certificate', course.name, record.code]);
  doc.setCreationDate(new Date(record.issuedAt));
  doc.setModificationDate(new Date(record.issuedAt));
  const page = doc.addPage([W, H]);
  const write = new Writer(doc, page);

  page.drawRectangle({ x: 0, y: 0, width: W, height: H, color: colour(COLOURS.paper) });
  page.drawRectangle({ x: 22, y: 22, width: W - 44, height: H - 44, borderColor: colour(COLOURS.plum700), borderWidth: 2.5 });
  page.drawRectangle({ x: 31, y: 31, width: W - 62, height: H - 62, borderColor: colour(COLOURS.gold400), borderWidth: 0.8 });

  // The brand mark: the gold star on a plum disc.
  page.drawCircle({ x: W / 2, y: H - 78, size: 22, color: colour(COLOURS.plum900) });
  const star = starPoints(0, 0, 13);
  page.drawSvgPath(`M${star.map(([x, y]) => `${x} ${y}`).join(' L')} Z`, { x: W / 2, y: H - 78, color: colour(COLOURS.gold400) });

  write.line(sans, BRAND.toUpperCase(), 11, H - 124, COLOURS.gold700);
  write.line(serif, 'Certificate of Completion', 34, H - 170, COLOURS.plum900);
  write.line(sans, 'This certifies that', 13, H - 212, COLOURS.inkSoft);

  const name = fitLines(record.name, (t) => widthIn(serif, t), { width: W - 200, maxSize: 42, minSize: 22, maxLines: 2 });
  let y = H - 262;
  for (const line of name.lines) {
    write.line(serif, line, name.size, y, COLOURS.ink);
    y -= name.size * 1.15;
  }
  page.drawLine({ start: { x: W / 2 - 170, y: y + name.size * 0.7 }, end: { x: W / 2 + 170, y: y + name.size * 0.7 }, thickness: 0.8, color: colour(COLOURS.gold400) });

  write.line(sans, 'has completed all lessons of', 13, y - 6, COLOURS.inkSoft);
  write.line(serif, course.name, 24, y - 40, COLOURS.plum700);
  write.line(sans, `Completed on ${completionDate(record.completedAt)}`, 12, y - 66, COLOURS.inkSoft);

  // The verification: the address in words (left) and as a QR code (right).
  const qrSize = 84;
  const qrX = W - 62 - qrSize;
  // From the top (as qrRects measures): the code's foot 72 pt above the page's bottom edge.
  const qrTop = H - 72 - qrSize;
  const qr = encode(url, { ecc: 'M', border: 0 });
  for (const r of qrRects(qr.data, qrX, qrTop, qrSize)) {
    // pdf-lib measures y from the bottom; the rectangles from the top.
    page.drawRectangle({ x: r.x, y: H - r.y - r.height, width: r.width, height: r.height, color: colour(COLOURS.plum900) });
  }
  write.line(sans, 'Verify this certificate at', 9.5, 86, COLOURS.inkSoft, 62);
  write.line(sans, url, 9.5, 72, COLOURS.plum700, 62);
  write.line(sans, `Certificate code ${record.code}`, 8, 58, COLOURS.inkSoft, 62);
  write.line(sans, 'Scan to verify', 8, 58, COLOURS.inkSoft, qrX + (qrSize - widthIn(sans, 'Scan to verify') * 8) / 2);

  write.finish();
  return doc.save();
}

export async function servePdf(req: Request): Promise<Response> {
  requireMethod(req, 'GET', 'HEAD');
  const record = await findCertificate(supabaseAdmin(), codeFromPath(req.url, '.pdf'));
  const bytes = await certificatePdf(record, siteOrigin());
  return new Response(req.method === 'HEAD' ? null : Buffer.from(bytes), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="inner-alchemy-certificate-${record.code}.pdf"`,
      'Cache-Control': 'public, max-age=60',
      'X-Robots-Tag': 'noindex',
    },
  });
}
