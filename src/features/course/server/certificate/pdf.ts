/**
 * GET /api/certificate/<code>.pdf: the certificate as an A4 landscape PDF made here with pdf-lib:
 * the brand's paper, plum and gold, the member's name as they chose it in Fraunces and the rest in
 * Inter (both embedded, subset to the glyphs used, Latin Extended included), the completion date,
 * the verification address written out and as a QR code drawn as vector rectangles.
 */
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { encode } from 'uqr';
import { BRAND } from '../../../../core/config/site';
import { requireMethod } from '../../../../../netlify/functions/_shared/http';
import { siteOrigin } from '../../../../../netlify/functions/_shared/email/settings';
import { supabaseAdmin } from '../../../../../netlify/functions/_shared/supabase';
import { CERTIFIED_COURSES, verifyUrl, type CertificateRecord } from '../../certificate/credential';
import { A4_LANDSCAPE, COLOURS, completionDate, fitLines, qrRects, starPoints, type Rgb } from '../../certificate/layout';
import { codeFromPath, findCertificate } from './lookup';
import { faces, fontkit, runsOf, widthIn, type Face } from './fonts';

export const PDF = 'certificate-pdf';

const colour = (c: Rgb) => rgb(c[0] / 255, c[1] / 255, c[2] / 255);

/** Draws text in a face, each run in the embedded font that has its characters. */
class Writer {
  private readonly embedded = new Map<Uint8Array, Promise<PDFFont>>();
  constructor(
    private readonly doc: PDFDocument,
    private readonly page: PDFPage,
  ) {}

  private font(file: Uint8Array): Promise<PDFFont> {
    let font = this.embedded.get(file);
    if (!font) {
      font = this.doc.embedFont(file, { subset: true });
      this.embedded.set(file, font);
    }
    return font;
  }

  /** `text` centred on the page at baseline `y` (from the bottom), or from `x` when given. */
  async line(face: Face, text: string, size: number, y: number, c: Rgb, x?: number): Promise<void> {
    let at = x ?? (A4_LANDSCAPE.width - widthIn(face, text) * size) / 2;
    for (const run of runsOf(face, text)) {
      const font = await this.font(face.files[run.font]!);
      this.page.drawText(run.text, { x: at, y, size, font, color: colour(c) });
      at += widthIn(face, run.text) * size;
    }
  }
}

/** The certificate's PDF bytes. */
export async function certificatePdf(record: CertificateRecord, site: string): Promise<Uint8Array> {
  const { serif, sans } = faces();
  const course = CERTIFIED_COURSES[record.course]!;
  const url = verifyUrl(site, record.code);
  const { width: W, height: H } = A4_LANDSCAPE;

  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit as never);
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

  await write.line(sans, BRAND.toUpperCase(), 11, H - 124, COLOURS.gold700);
  await write.line(serif, 'Certificate of Completion', 34, H - 170, COLOURS.plum900);
  await write.line(sans, 'This certifies that', 13, H - 212, COLOURS.inkSoft);

  const name = fitLines(record.name, (t) => widthIn(serif, t), { width: W - 200, maxSize: 42, minSize: 22, maxLines: 2 });
  let y = H - 262;
  for (const line of name.lines) {
    await write.line(serif, line, name.size, y, COLOURS.ink);
    y -= name.size * 1.15;
  }
  page.drawLine({ start: { x: W / 2 - 170, y: y + name.size * 0.7 }, end: { x: W / 2 + 170, y: y + name.size * 0.7 }, thickness: 0.8, color: colour(COLOURS.gold400) });

  await write.line(sans, 'has completed all lessons of', 13, y - 6, COLOURS.inkSoft);
  await write.line(serif, course.name, 24, y - 40, COLOURS.plum700);
  await write.line(sans, `Completed on ${completionDate(record.completedAt)}`, 12, y - 66, COLOURS.inkSoft);

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
  await write.line(sans, 'Verify this certificate at', 9.5, 86, COLOURS.inkSoft, 62);
  await write.line(sans, url, 9.5, 72, COLOURS.plum700, 62);
  await write.line(sans, `Certificate code ${record.code}`, 8, 58, COLOURS.inkSoft, 62);
  await write.line(sans, 'Scan to verify', 8, 58, COLOURS.inkSoft, qrX + (qrSize - widthIn(sans, 'Scan to verify') * 8) / 2);

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
