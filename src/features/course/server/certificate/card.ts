/**
 * GET /api/certificate/<code>/card.png: the share card (Open Graph image, 1200x630) of a
 * certificate: "<name> completed the Master Alchemist Course" in the brand's type and colours,
 * drawn by raster.ts (plain JavaScript) and answered as a PNG.
 */
import { BRAND } from '../../../../core/config/site';
import { requireMethod } from '../../../../../netlify/functions/_shared/http';
import { siteOrigin } from '../../../../../netlify/functions/_shared/email/settings';
import { supabaseAdmin } from '../../../../../netlify/functions/_shared/supabase';
import { CERTIFIED_COURSES, type CertificateRecord } from '../../certificate/credential';
import { CARD, COLOURS, completionDate, fitLines, starPoints } from '../../certificate/layout';
import { codeFromPath, findCertificate } from './lookup';
import { cardFaces } from './card-fonts';
import { widthIn } from './fonts';
import { Canvas } from './raster';

export const CARD_FUNCTION = 'certificate-card';

/** The card's PNG bytes. */
export function certificateCard(record: CertificateRecord, site: string): Buffer {
  const { serif, sans } = cardFaces();
  const course = CERTIFIED_COURSES[record.course]!;
  const { width: W, height: H } = CARD;
  const canvas = new Canvas(W, H, COLOURS.plum900);
  const left = 96;

  // Soft light in the corner, a gold frame line, the brand mark.
  canvas.fill([Canvas.circle(W - 120, 110, 330)], COLOURS.plum700, 0.35);
  canvas.fill([Canvas.circle(W - 120, 110, 190)], COLOURS.plum700, 0.45);
  canvas.fill([Canvas.roundedRect(32, 32, W - 64, H - 64, 28), Canvas.roundedRect(35, 35, W - 70, H - 70, 25).reverse()], COLOURS.gold400, 0.8);
  canvas.fill([starPoints(left + 22, 112, 22)], COLOURS.gold400);
  canvas.text(sans, BRAND.toUpperCase(), 24, left + 62, 121, COLOURS.gold300);

  const name = fitLines(record.name, (t) => widthIn(serif, t), { width: W - 2 * left, maxSize: 84, minSize: 44, maxLines: 2 });
  let y = 240 + name.size * 0.35;
  for (const line of name.lines) {
    canvas.text(serif, line, name.size, left, y, COLOURS.paper);
    y += name.size * 1.12;
  }
  const completed = fitLines(`completed ${course.name.replace(/^The /, 'the ')}`, (t) => widthIn(serif, t), { width: W - 2 * left, maxSize: 52, minSize: 30, maxLines: 1 });
  canvas.text(serif, completed.lines[0]!, completed.size, left, y + 8, COLOURS.gold300);
  canvas.text(sans, `Certificate of completion · ${completionDate(record.completedAt)}`, 26, left, H - 104, COLOURS.plum100);
  canvas.text(sans, `Verify at ${new URL(site).host}/verify`, 22, left, H - 68, COLOURS.plum200);
  return canvas.png();
}

export async function serveCard(req: Request): Promise<Response> {
  requireMethod(req, 'GET', 'HEAD');
  const record = await findCertificate(supabaseAdmin(), codeFromPath(req.url, '/card.png'));
  const png = certificateCard(record, siteOrigin());
  return new Response(req.method === 'HEAD' ? null : new Uint8Array(png), {
    status: 200,
    headers: { 'Content-Type': 'image/png', 'Content-Length': String(png.length), 'Cache-Control': 'public, max-age=300', 'X-Robots-Tag': 'noindex' },
  });
}
