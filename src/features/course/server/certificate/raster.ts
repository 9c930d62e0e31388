/**
 * A small raster canvas for the share card, in plain JavaScript (no native module, no
 * WebAssembly: a function's zip stays small and loads under Lambda's flags): shapes and glyph
 * outlines are filled with exact-area anti-aliasing (the signed-area accumulation of font-rs:
 * each edge adds the area it covers in each pixel, a running sum along the row gives the
 * coverage) and the image is written as a PNG with node:zlib.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { Rgb } from '../../certificate/layout';
import type { OutlinedFont } from './card-fonts';
import { runsOf, type Face } from './fonts';

type Point = [number, number];

export class Canvas {
  /** RGB, row by row. */
  readonly pixels: Uint8Array;
  private readonly acc: Float32Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    for (let i = 0; i < width * height; i += 1) this.pixels.set(background, i * 3);
    this.acc = new Float32Array(width * height + 2);
  }

  /** Fills closed polygons (nonzero for outlines that do not overlap against themselves) with `colour`, `alpha` 0..1. */
  fill(contours: readonly Point[][], colour: Rgb, alpha = 1): void {
    const acc = this.acc;
    acc.fill(0);
    let minY = this.height;
    let maxY = 0;
    for (const contour of contours) {
      for (let i = 0; i < contour.length; i += 1) {
        const a = contour[i]!;
        const b = contour[(i + 1) % contour.length]!;
        this.edge(a, b);
        minY = Math.min(minY, a[1]);
        maxY = Math.max(maxY, a[1]);
      }
    }
    const y0 = Math.max(0, Math.floor(minY));
    const y1 = Math.min(this.height, Math.ceil(maxY) + 1);
    for (let y = y0; y < y1; y += 1) {
      let sum = 0;
      const row = y * this.width;
      for (let x = 0; x < this.width; x += 1) {
        sum += acc[row + x]!;
        const cover = Math.min(1, Math.abs(sum)) * alpha;
        if (cover <= 0.002) continue;
        const p = (row + x) * 3;
        for (let c = 0; c < 3; c += 1) this.pixels[p + c] = Math.round(this.pixels[p + c]! * (1 - cover) + colour[c]! * cover);
      }
    }
  }

  /** Adds one edge's signed area to the accumulation buffer (x clamped to the canvas). */
  private edge([ax, ay]: Point, [bx, by]: Point): void {
    if (Math.abs(ay - by) < 1e-6) return;
    const clampX = (x: number) => Math.min(this.width - 1.001, Math.max(0, x));
    const dir = ay < by ? 1 : -1;
    const [p0, p1] = ay < by ? [[clampX(ax), ay], [clampX(bx), by]] : [[clampX(bx), by], [clampX(ax), ay]];
    const dxdy = (p1[0]! - p0[0]!) / (p1[1]! - p0[1]!);
    let x = p0[0]!;
    if (p0[1]! < 0) x -= p0[1]! * dxdy;
    const acc = this.acc;
    const yEnd = Math.min(this.height, Math.ceil(p1[1]!));
    for (let y = Math.max(0, Math.floor(p0[1]!)); y < yEnd; y += 1) {
      const line = y * this.width;
      const dy = Math.min(y + 1, p1[1]!) - Math.max(y, p0[1]!);
      const xnext = x + dxdy * dy;
      const d = dy * dir;
      const [x0, x1] = x < xnext ? [x, xnext] : [xnext, x];
      const x0floor = Math.floor(x0);
      const x0i = x0floor;
      const x1ceil = Math.ceil(x1);
      const x1i = x1ceil;
      if (x1i <= x0i + 1) {
        const xmf = 0.5 * (x + xnext) - x0floor;
        acc[line + x0i] = acc[line + x0i]! + d - d * xmf;
        acc[line + x0i + 1] = acc[line + x0i + 1]! + d * xmf;
      } else {
        const s = 1 / (x1 - x0);
        const x0f = x0 - x0floor;
        const a0 = 0.5 * s * (1 - x0f) * (1 - x0f);
        const x1f = x1 - x1ceil + 1;
        const am = 0.5 * s * x1f * x1f;
        acc[line + x0i] = acc[line + x0i]! + d * a0;
        if (x1i === x0i + 2) {
          acc[line + x0i + 1] = acc[line + x0i + 1]! + d * (1 - a0 - am);
        } else {
          const a1 = s * (1.5 - x0f);
          acc[line + x0i + 1] = acc[line + x0i + 1]! + d * (a1 - a0);
          for (let xi = x0i + 2; xi < x1i - 1; xi += 1) acc[line + xi] = acc[line + xi]! + d * s;
          const a2 = a1 + (x1i - x0i - 3) * s;
          acc[line + x1i - 1] = acc[line + x1i - 1]! + d * (1 - a2 - am);
        }
        acc[line + x1i] = acc[line + x1i]! + d * am;
      }
      x = xnext;
    }
  }

  /** A rectangle with rounded corners (radius `r`) as a polygon. */
  static roundedRect(x: number, y: number, w: number, h: number, r: number): Point[] {
    const points: Point[] = [];
    const corner = (cx: number, cy: number, start: number) => {
      for (let i = 0; i <= 8; i += 1) {
        const a = start + (i / 8) * (Math.PI / 2);
        points.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
      }
    };
    corner(x + w - r, y + r, -Math.PI / 2);
    corner(x + w - r, y + h - r, 0);
    corner(x + r, y + h - r, Math.PI / 2);
    corner(x + r, y + r, Math.PI);
    return points;
  }

  static circle(cx: number, cy: number, r: number): Point[] {
    const n = Math.max(24, Math.ceil(r));
    return Array.from({ length: n }, (_, i): Point => [cx + r * Math.cos((i / n) * 2 * Math.PI), cy + r * Math.sin((i / n) * 2 * Math.PI)]);
  }

  /** `text` in `face` at `size` px with its baseline at y, from x; returns the x where it ends. */
  text(face: Face<OutlinedFont>, text: string, size: number, x: number, y: number, colour: Rgb): number {
    const contours: Point[][] = [];
    let at = x;
    for (const run of runsOf(face, text)) {
      const { font } = face.fonts[run.font]!;
      const scale = size / font.unitsPerEm;
      const laid = font.layout(run.text);
      laid.glyphs.forEach((glyph, i) => {
        const pos = laid.positions[i]!;
        const ox = at + pos.xOffset * scale;
        const oy = y - pos.yOffset * scale;
        contours.push(...outline(glyph.path.commands, (gx, gy) => [ox + gx * scale, oy - gy * scale]));
        at += pos.xAdvance * scale;
      });
    }
    this.fill(contours, colour);
    return at;
  }

  /** The image as a PNG (8-bit RGB, no interlace). */
  png(): Buffer {
    const { width, height } = this;
    const raw = Buffer.alloc((width * 3 + 1) * height);
    for (let y = 0; y < height; y += 1) {
      // Filter "Sub" (1): each byte minus the one of the pixel to its left; flat colours become zeros.
      const out = y * (width * 3 + 1);
      raw[out] = 1;
      for (let i = 0; i < width * 3; i += 1) {
        const here = this.pixels[y * width * 3 + i]!;
        const left = i >= 3 ? this.pixels[y * width * 3 + i - 3]! : 0;
        raw[out + 1 + i] = (here - left) & 0xff;
      }
    }
    const chunk = (type: string, data: Buffer) => {
      const head = Buffer.alloc(8);
      head.writeUInt32BE(data.length, 0);
      head.write(type, 4, 'latin1');
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
      return Buffer.concat([head, data, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(width, 0);
    ihdr.writeUInt32BE(height, 4);
    ihdr[8] = 8; // bit depth
    ihdr[9] = 2; // colour type: RGB
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(raw, { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

/** A glyph's path commands as closed polygons (curves flattened), through `at` (font units to pixels). */
function outline(commands: readonly { command: string; args: number[] }[], at: (x: number, y: number) => Point): Point[][] {
  const contours: Point[][] = [];
  let current: Point[] = [];
  let last: Point = [0, 0];
  const steps = 8;
  for (const { command, args: a } of commands) {
    if (command === 'moveTo') {
      if (current.length > 2) contours.push(current);
      last = [a[0]!, a[1]!];
      current = [at(...last)];
    } else if (command === 'lineTo') {
      last = [a[0]!, a[1]!];
      current.push(at(...last));
    } else if (command === 'quadraticCurveTo') {
      const [cx, cy, x, y] = a as [number, number, number, number];
      for (let i = 1; i <= steps; i += 1) {
        const t = i / steps;
        const u = 1 - t;
        current.push(at(u * u * last[0] + 2 * u * t * cx + t * t * x, u * u * last[1] + 2 * u * t * cy + t * t * y));
      }
      last = [x, y];
    } else if (command === 'bezierCurveTo') {
      const [c1x, c1y, c2x, c2y, x, y] = a as [number, number, number, number, number, number];
      for (let i = 1; i <= steps; i += 1) {
        const t = i / steps;
        const u = 1 - t;
        current.push(
          at(u * u * u * last[0] + 3 * u * u * t * c1x + 3 * u * t * t * c2x + t * t * t * x, u * u * u * last[1] + 3 * u * u * t * c1y + 3 * u * t * t * c2y + t * t * t * y),
        );
      }
      last = [x, y];
    } else if (command === 'closePath') {
      if (current.length > 2) contours.push(current);
      current = [];
    }
  }
  if (current.length > 2) contours.push(current);
  return contours;
}
