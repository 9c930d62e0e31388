/**
 * Build-time share images: 1200x630 JPEGs drawn with satori (layout and text to SVG), resvg
 * (SVG to pixels) and jpeg-js (pixels to a baseline JPEG), in the site's look: deep plum, gold
 * and cream, Fraunces headings and Inter text from the @fontsource packages (their .woff files:
 * satori cannot read woff2). A JPEG at quality OG_JPEG_QUALITY weighs 50 to 70 KB where the same
 * image as a PNG weighed 270 KB: WhatsApp shows no preview for an image much over 300 KB, and
 * every card loads faster on a phone. Used by the endpoints under src/pages/og/, which Astro
 * pre-renders to dist/og/.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import satori, { type Font } from 'satori';
import { Resvg } from '@resvg/resvg-js';
import jpeg from 'jpeg-js';
import type { ReactNode } from 'react';
import { BRAND } from '../core/config/site';
import { iconInnerSvg, type IconName } from '../core/ui/icons';
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_TYPE, SHARE_IMAGE_WIDTH } from './share-image';

export const OG_WIDTH = SHARE_IMAGE_WIDTH;
export const OG_HEIGHT = SHARE_IMAGE_HEIGHT;
/** The image type of every share image (og:image:type and the endpoints' Content-Type). */
export const OG_TYPE = SHARE_IMAGE_TYPE;
/** JPEG quality: text stays crisp at feed size, the file stays well under 100 KB. */
export const OG_JPEG_QUALITY = 80;

const PLUM_900 = '#24163a';
const PLUM_800 = '#3d2360';
const PLUM_700 = '#52307a';
const PLUM_100 = '#ebe1f5';
const GOLD = '#e7b453';
const CREAM = '#fbf7f2';
const PAD_X = 76;
const PAD_Y = 60;

// Resolved from the project (Astro builds the endpoints into another folder, so not from here).
const requireFromProject = createRequire(path.join(process.cwd(), 'package.json'));

async function font(file: string, name: string, weight: Font['weight']): Promise<Font> {
  const data = await readFile(requireFromProject.resolve(file));
  return { name, data, weight, style: 'normal' };
}

let fonts: Promise<Font[]> | undefined;
function loadFonts(): Promise<Font[]> {
  fonts ??= Promise.all([
    font('@fontsource/fraunces/files/fraunces-latin-600-normal.woff', 'Fraunces', 600),
    font('@fontsource/inter/files/inter-latin-400-normal.woff', 'Inter', 400),
    font('@fontsource/inter/files/inter-latin-700-normal.woff', 'Inter', 700),
  ]);
  return fonts;
}

/** An icon of the site's set as a data URL, stroked in one colour. */
function iconDataUrl(name: IconName, color: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" ` +
    `stroke="${color}" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round">${iconInnerSvg(name)}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

function Icon({ name, color, size }: { name: IconName; color: string; size: number }) {
  return <img src={iconDataUrl(name, color)} width={size} height={size} alt="" />;
}

/** The frame every image shares: the plum background, a soft gold glow and the brand mark. */
function Frame({ children }: { children: ReactNode }) {
  return (
    <div
      style={{
        // satori sizes boxes without their padding: the content box is what is left of the image.
        width: OG_WIDTH - 2 * PAD_X,
        height: OG_HEIGHT - 2 * PAD_Y,
        boxSizing: 'content-box',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: `${PAD_Y}px ${PAD_X}px`,
        color: CREAM,
        fontFamily: 'Inter',
        backgroundColor: PLUM_900,
        backgroundImage: `radial-gradient(circle at 88% 8%, rgba(231, 180, 83, 0.32), rgba(231, 180, 83, 0) 45%), radial-gradient(circle at 0% 110%, rgba(166, 62, 87, 0.35), rgba(166, 62, 87, 0) 45%), linear-gradient(135deg, ${PLUM_900} 0%, ${PLUM_800} 60%, ${PLUM_700} 100%)`,
      }}
    >
      <div style={{ display: 'flex', flexShrink: 0, alignItems: 'center', gap: 16 }}>
        <Icon name="sparkles" color={GOLD} size={44} />
        <span style={{ fontFamily: 'Fraunces', fontWeight: 600, fontSize: 38, color: CREAM }}>{BRAND}</span>
      </div>
      {children}
      <div style={{ display: 'flex', flexShrink: 0, width: 140, height: 6, borderRadius: 3, backgroundColor: GOLD }} />
    </div>
  );
}

async function toJpeg(element: ReactNode): Promise<Uint8Array<ArrayBuffer>> {
  const svg = await satori(element, { width: OG_WIDTH, height: OG_HEIGHT, fonts: await loadFonts() });
  const image = new Resvg(svg, { fitTo: { mode: 'width', value: OG_WIDTH }, font: { loadSystemFonts: false } }).render();
  // The background is opaque, so the alpha channel jpeg-js ignores carries nothing.
  const encoded = jpeg.encode({ data: image.pixels, width: image.width, height: image.height }, OG_JPEG_QUALITY);
  return Uint8Array.from(encoded.data);
}

/** The site-wide share image: the brand and the hero line. */
export function renderDefaultImage(): Promise<Uint8Array<ArrayBuffer>> {
  return toJpeg(
    <Frame>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 48 }}>
        <div style={{ display: 'flex', flexDirection: 'column', width: 720 }}>
          <span style={{ fontSize: 24, fontWeight: 700, letterSpacing: 4, color: GOLD, textTransform: 'uppercase' }}>
            Emotional intelligence coaching
          </span>
          <div style={{ display: 'flex', flexDirection: 'column', marginTop: 20, fontFamily: 'Fraunces', fontWeight: 600, fontSize: 78, lineHeight: 1.1, color: CREAM }}>
            <span>You’re not broken.</span>
            <span>You’re becoming.</span>
          </div>
          <span style={{ marginTop: 24, fontSize: 30, lineHeight: 1.4, color: PLUM_100 }}>
            Free guided journeys, coaching and gentle apps.
          </span>
        </div>
        <IconMedallion name="sunrise" />
      </div>
    </Frame>,
  );
}

function IconMedallion({ name }: { name: IconName }) {
  return (
    <div
      style={{
        display: 'flex',
        flexShrink: 0,
        alignItems: 'center',
        justifyContent: 'center',
        width: 260,
        height: 260,
        borderRadius: '50%',
        border: `4px solid ${GOLD}`,
        backgroundColor: 'rgba(231, 180, 83, 0.14)',
      }}
    >
      <Icon name={name} color={GOLD} size={150} />
    </div>
  );
}

export interface JourneyImageInput {
  title: string;
  symbolicIcon: IconName;
  transformedIcon: IconName;
}

/** A journey's share image: its title, and its icon before and after the journey. */
export function renderJourneyImage(journey: JourneyImageInput): Promise<Uint8Array<ArrayBuffer>> {
  const size = journey.title.length > 30 ? 66 : 76;
  return toJpeg(
    <Frame>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 48 }}>
        <div style={{ display: 'flex', flexDirection: 'column', width: 700 }}>
          <span style={{ fontSize: 24, fontWeight: 700, letterSpacing: 4, color: GOLD, textTransform: 'uppercase' }}>
            A free guided journey
          </span>
          <span style={{ marginTop: 20, fontFamily: 'Fraunces', fontWeight: 600, fontSize: size, lineHeight: 1.08, color: CREAM }}>
            {journey.title}
          </span>
          <span style={{ marginTop: 24, fontSize: 30, lineHeight: 1.4, color: PLUM_100 }}>
            Five gentle steps to set down what you carry.
          </span>
        </div>
        <div style={{ display: 'flex', position: 'relative', width: 300, height: 300, flexShrink: 0 }}>
          <div style={{ display: 'flex', position: 'absolute', right: 0, top: 0 }}>
            <IconMedallion name={journey.transformedIcon} />
          </div>
          <div
            style={{
              display: 'flex',
              position: 'absolute',
              left: 0,
              bottom: 0,
              alignItems: 'center',
              justifyContent: 'center',
              width: 112,
              height: 112,
              borderRadius: '50%',
              backgroundColor: PLUM_800,
              border: `3px solid ${PLUM_100}`,
            }}
          >
            <Icon name={journey.symbolicIcon} color={PLUM_100} size={60} />
          </div>
        </div>
      </div>
    </Frame>,
  );
}

export interface AppImageInput {
  name: string;
  tagline: string;
  icon: IconName;
}

/** An app's share image: the Lounge, the app's name, what it is for, and its icon. */
export function renderAppImage(app: AppImageInput, loungeName: string): Promise<Uint8Array<ArrayBuffer>> {
  const size = app.name.length > 16 ? 72 : 88;
  return toJpeg(
    <Frame>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 48 }}>
        <div style={{ display: 'flex', flexDirection: 'column', width: 700 }}>
          <span style={{ fontSize: 24, fontWeight: 700, letterSpacing: 4, color: GOLD, textTransform: 'uppercase' }}>
            {loungeName}
          </span>
          <span style={{ marginTop: 16, fontFamily: 'Fraunces', fontWeight: 600, fontSize: size, lineHeight: 1.05, color: CREAM }}>
            {app.name}
          </span>
          <span style={{ marginTop: 20, fontSize: 32, lineHeight: 1.35, color: PLUM_100 }}>{app.tagline}</span>
          <span style={{ marginTop: 16, fontSize: 24, lineHeight: 1.4, color: GOLD }}>One-time purchase, lifetime access</span>
        </div>
        <IconMedallion name={app.icon} />
      </div>
    </Frame>,
  );
}

export interface LessonImageInput {
  title: string;
  summary: string;
}

/** The free lesson's share image: the course, the lesson's title and its one-line summary. */
export function renderLessonImage(lesson: LessonImageInput): Promise<Uint8Array<ArrayBuffer>> {
  const size = lesson.title.length > 24 ? 66 : 80;
  return toJpeg(
    <Frame>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 48 }}>
        <div style={{ display: 'flex', flexDirection: 'column', width: 760 }}>
          <span style={{ fontSize: 24, fontWeight: 700, letterSpacing: 4, color: GOLD, textTransform: 'uppercase' }}>
            A free lesson · Master Alchemist Course
          </span>
          <span style={{ marginTop: 20, fontFamily: 'Fraunces', fontWeight: 600, fontSize: size, lineHeight: 1.08, color: CREAM }}>
            {lesson.title}
          </span>
          <span style={{ marginTop: 24, fontSize: 30, lineHeight: 1.4, color: PLUM_100 }}>{lesson.summary}</span>
        </div>
        <IconMedallion name="book-open" />
      </div>
    </Frame>,
  );
}
