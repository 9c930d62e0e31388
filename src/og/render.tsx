/**
 * Build-time share images: 1200x630 PNGs drawn with satori (layout and text to SVG) and
 * resvg (SVG to PNG), in the site's look: deep plum, gold and cream, Fraunces headings and
 * Inter text from the @fontsource packages (their .woff files: satori cannot read woff2).
 * Used by the endpoints under src/pages/og/, which Astro pre-renders to dist/og/.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import satori, { type Font } from 'satori';
import { Resvg } from '@resvg/resvg-js';
import type { ReactNode } from 'react';
import { BRAND } from '../config/site';
import { iconInnerSvg, type IconName } from '../lib/icons';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

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

async function toPng(element: ReactNode): Promise<Uint8Array<ArrayBuffer>> {
  const svg = await satori(element, { width: OG_WIDTH, height: OG_HEIGHT, fonts: await loadFonts() });
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: OG_WIDTH }, font: { loadSystemFonts: false } }).render().asPng();
  return Uint8Array.from(png);
}

/** The site-wide share image: the brand and the hero line. */
export function renderDefaultImage(): Promise<Uint8Array<ArrayBuffer>> {
  return toPng(
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
  return toPng(
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
