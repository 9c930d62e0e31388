/**
 * The certificate's PDF (GET /api/certificate/<code>.pdf) and share card
 * (GET /api/certificate/<code>/card.png) against the local database, rows written directly.
 *
 * What is checked of the PDF, honestly: pdf-lib reads it back; the page is A4 landscape; the
 * fonts are embedded TrueType programs (FontFile2) of Fraunces and Inter; the text, extracted
 * as a PDF reader copies it (each font's ToUnicode map applied to the glyph codes the content
 * stream shows: tests/support/pdf-text.ts), holds the name exactly as written ("Jürgen Weiß",
 * and a Latin Extended name set in the Latin Extended file), the course, the date and the
 * verification URL; the QR code drawn as rectangles is the matrix of that URL (as uqr encodes
 * it: no QR decoder is installed to read it back independently). Of the card: a valid
 * 1200x630 PNG (chunks' CRCs, the pixels inflate to the declared size) whose pixels differ where
 * the name differs.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { crc32, inflateSync } from 'node:zlib';
import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import pdfFn from '../../netlify/functions/certificate-pdf.mts';
import cardFn from '../../netlify/functions/certificate-card.mts';
import type { LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import { FONTS_MODULE } from '../../scripts/certificate-fonts.mjs';
import { expectNoLeak, SITE } from '../support/functions';
import { readPdf } from '../support/pdf-text';
import { withStandIns } from '../support/stand-ins';

const SITE_URL = 'https://certificates.inneralchemy.example';

let db: LocalSupabase;
withStandIns({ db: true, env: { SITE_URL }, unset: ['URL'] }, (standIns) => {
  ({ db } = standIns);
});

async function certificate(name: string, memberId = 'member-pdf'): Promise<string> {
  const [row] = await db.query<{ code: string }>(
    // 23:30 UTC on 28 March is already 29 March in Berlin (CET, the night before summer time).
    `insert into public.certificates (member_id, course, name, completed_at, issued_at) values ($1, 'master-alchemist-course', $2, '2026-03-28T23:30:00Z', '2026-03-29T09:00:00Z') returning code`,
    [memberId, name],
  );
  return row!.code;
}

async function get(handler: (req: Request) => Promise<Response>, path: string) {
  const res = await handler(new Request(`${SITE}${path}`));
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** The matrix of dark modules the content stream's filled rectangles draw inside the QR code's square. */
function drawnQr(content: string, size: number): boolean[][] | null {
  // pdf-lib writes a rectangle as: q <colour> rg ... 1 0 0 1 x y cm ... 0 0 m 0 h l w h l w 0 l h f Q
  const rects = [...content.matchAll(/1 0 0 1 ([\d.]+) ([\d.]+) cm\s+(?:1 0 0 1 0 0 cm\s+)*0 0 m\s+0 ([\d.]+) l\s+([\d.]+) [\d.]+ l\s+[\d.]+ 0 l\s+h\s+f/g)].map((m) => ({
    x: Number(m[1]),
    y: Number(m[2]),
    h: Number(m[3]),
    w: Number(m[4]),
  }));
  const cells = rects.filter((r) => Math.abs(r.h - rects.at(-1)!.h) < 1e-6);
  if (cells.length === 0) return null;
  const cell = cells[0]!.h;
  const x0 = Math.min(...cells.map((r) => r.x));
  const top = Math.max(...cells.map((r) => r.y + r.h));
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const r of cells) {
    const row = Math.round((top - r.y - r.h) / cell);
    const first = Math.round((r.x - x0) / cell);
    for (let c = first; c < first + Math.round(r.w / cell); c += 1) if (grid[row]) grid[row]![c] = true;
  }
  return grid;
}

describe('GET /api/certificate/<code>.pdf', () => {
  it('is an A4 landscape PDF with the fonts embedded, the name as written, the date, the verification URL and its QR code', async () => {
    const code = await certificate('Jürgen Weiß');
    const res = await get(pdfFn, `/api/certificate/${code}.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(res.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');

    const { doc, fonts, lines, content } = await readPdf(res.bytes);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round((width / 72) * 25.4), Math.round((height / 72) * 25.4)]).toEqual([297, 210]);

    const url = `${SITE_URL}/verify/${code}`;
    expect(lines).toContain('Jürgen Weiß');
    expect(lines).toContain('The Master Alchemist Course');
    expect(lines).toContain('Completed on March 29, 2026');
    expect(lines).toContain(url);
    expect(lines.join('\n')).not.toContain('\uFFFD');

    expect(fonts.map((f) => f.baseFont.replace(/^[A-Z]{6}\+/, '').replace(/-\d+$/, '')).sort()).toEqual(['Fraunces-SemiBold', 'Inter-Regular']);
    for (const font of fonts) {
      expect(font.subtype).toBe('Type0');
      // The whole TrueType program is embedded (the Latin file: some 37 KB for Fraunces, 68 KB for Inter).
      expect(font.embeddedBytes).toBeGreaterThan(30_000);
    }
    // The name's ü and ß are glyphs of the embedded Fraunces, mapped back to U+00FC and U+00DF.
    const fraunces = fonts.find((f) => f.baseFont.includes('Fraunces'))!;
    expect([...fraunces.toUnicode.values()]).toEqual(expect.arrayContaining(['ü', 'ß']));

    const qr = encode(url, { ecc: 'M', border: 0 });
    expect(drawnQr(content, qr.size)).toEqual(qr.data);
    expect(doc.getSubject()).toBe(`Verify at ${url}`);
  });

  it('sets a Latin Extended name in the Latin Extended font, and a long name on two lines', async () => {
    const code = await certificate('Łukasz Dvořák-Żółć');
    const { lines, fonts } = await readPdf((await get(pdfFn, `/api/certificate/${code}.pdf`)).bytes);
    expect(lines).toContain('Łukasz Dvořák-Żółć');
    // Fraunces twice (Latin and Latin Extended files), Inter once.
    expect(fonts.filter((f) => f.baseFont.includes('Fraunces'))).toHaveLength(2);

    const long = 'Maximiliane Alexandra Schwarzenberg-Hohenlohe von und zu Langenburg Weißenfels';
    const longCode = await certificate(long, 'member-pdf-long');
    const text = (await readPdf((await get(pdfFn, `/api/certificate/${longCode}.pdf`)).bytes)).lines;
    const start = text.indexOf('This certifies that') + 1;
    expect(text.slice(start, start + 2).join(' ')).toBe(long);
  });

  it('revoked: 410; unknown or malformed code: 404; wrong method: 405', async () => {
    const code = await certificate('Ada');
    await db.query(`update public.certificates set revoked_at = now() where code = $1`, [code]);
    const revoked = await get(pdfFn, `/api/certificate/${code}.pdf`);
    expect(revoked.status).toBe(410);
    expect(JSON.parse(Buffer.from(revoked.bytes).toString('utf8'))).toEqual({ error: 'This certificate has been revoked.' });
    for (const path of [`/api/certificate/${'b'.repeat(32)}.pdf`, '/api/certificate/../secret.pdf', '/api/certificate/x.pdf']) {
      const res = await get(pdfFn, path);
      expect(res.status, path).toBe(404);
      expectNoLeak(Buffer.from(res.bytes).toString('utf8'));
    }
    const post = await pdfFn(new Request(`${SITE}/api/certificate/${code}.pdf`, { method: 'POST' }));
    expect(post.status).toBe(405);
  });

  it('embeds the fonts the generator makes from the npm packages (the committed module is not stale)', () => {
    const fresh = execFileSync(process.execPath, ['scripts/certificate-fonts.mjs', '--print'], { encoding: 'utf8', maxBuffer: 8 * 1024 * 1024 });
    expect(readFileSync(FONTS_MODULE, 'utf8') === fresh).toBe(true);
  });
});

/** The PNG's chunks, each CRC checked. */
function pngChunks(bytes: Uint8Array) {
  const buf = Buffer.from(bytes);
  expect(buf.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < buf.length; ) {
    const length = buf.readUInt32BE(at);
    const type = buf.subarray(at + 4, at + 8).toString('latin1');
    const data = buf.subarray(at + 8, at + 8 + length);
    expect(buf.readUInt32BE(at + 8 + length), `${type} CRC`).toBe(crc32(buf.subarray(at + 4, at + 8 + length)) >>> 0);
    chunks.push({ type, data });
    at += 12 + length;
  }
  return chunks;
}

describe('GET /api/certificate/<code>/card.png', () => {
  it('is a valid 1200x630 PNG, and the name is drawn on it (another name, other pixels)', async () => {
    const code = await certificate('Jürgen Weiß');
    const res = await get(cardFn, `/api/certificate/${code}/card.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    // Small enough for every network's preview (WhatsApp shows none much over 300 KB).
    expect(res.bytes.length).toBeLessThan(300_000);
    const chunks = pngChunks(res.bytes);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const ihdr = chunks[0]!.data;
    expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ihdr[8], ihdr[9]]).toEqual([1200, 630, 8, 2]);
    const raw = inflateSync(chunks[1]!.data);
    expect(raw.length).toBe((1200 * 3 + 1) * 630);

    const other = await certificate('Jurgen Weiss', 'member-card-2');
    const otherRaw = inflateSync(pngChunks((await get(cardFn, `/api/certificate/${other}/card.png`)).bytes)[1]!.data);
    const rowsDiffering = Array.from({ length: 630 }, (_, y) => !raw.subarray(y * 3601, (y + 1) * 3601).equals(otherRaw.subarray(y * 3601, (y + 1) * 3601)));
    const differing = rowsDiffering.flatMap((d, y) => (d ? [y] : []));
    // Only the name's lines differ (the umlaut dots and the ß), nothing above the name or in the footer.
    expect(differing.length).toBeGreaterThan(10);
    expect(Math.min(...differing)).toBeGreaterThan(150);
    expect(Math.max(...differing)).toBeLessThan(330);
  });

  it('revoked: 410; unknown code: 404', async () => {
    const code = await certificate('Ada', 'member-card-3');
    await db.query(`update public.certificates set revoked_at = now() where code = $1`, [code]);
    expect((await get(cardFn, `/api/certificate/${code}/card.png`)).status).toBe(410);
    expect((await get(cardFn, `/api/certificate/${'c'.repeat(32)}/card.png`)).status).toBe(404);
  });
});
