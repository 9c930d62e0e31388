/**
 * The brand mark (a gold four-pointed star on deep plum) as SVG text, and the brand colours
 * the browser and the home screen use. Every icon of the site is drawn from this one mark at
 * build time: favicon.svg, favicon.ico, the Apple touch icon and the web manifest's icons.
 */

export const MARK_BACKGROUND = '#24163a';
export const MARK_FOREGROUND = '#e7b453';
/** The page background (cream paper): the manifest's background colour. */
export const PAGE_BACKGROUND = '#fbf7f2';

/** The star, on a 32x32 grid, centred on (16, 15). */
const STAR = 'M16 6l2.4 6.6L25 15l-6.6 2.4L16 24l-2.4-6.6L7 15l6.6-2.4z';

export interface MarkOptions {
  /**
   * `rounded`: a rounded square with transparent corners (the browser tab's icon).
   * `full`: an opaque square edge to edge with the star centred, for places that cut their own
   * shape (the iOS home screen, Android's masks). The star's tips stay within 28% of the width
   * from the centre, inside the 40% safe zone of a maskable icon.
   */
  shape: 'rounded' | 'full';
}

/** The mark as an SVG document on a 32x32 view box. */
export function markSvg({ shape }: MarkOptions): string {
  const corner = shape === 'rounded' ? ' rx="8"' : '';
  const shift = shape === 'full' ? ' transform="translate(0 1)"' : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">` +
    `<rect width="32" height="32"${corner} fill="${MARK_BACKGROUND}"/><path d="${STAR}" fill="${MARK_FOREGROUND}"${shift}/></svg>`
  );
}

/** The PNG sizes of the web manifest's icons (Android asks for 192 and 512). */
export const MANIFEST_ICON_SIZES = [192, 512] as const;

export interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: 'any' | 'maskable';
}

/** The web app manifest: the brand's name and colours, and its icons. */
export function webManifest(input: { name: string; shortName: string; description: string; icons: readonly ManifestIcon[] }) {
  return {
    name: input.name,
    short_name: input.shortName,
    description: input.description,
    // Installed, the site opens where a member's day starts: the dashboard (a visitor lands on
    // its sign-in panel), in its own window.
    id: '/dashboard',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: MARK_BACKGROUND,
    background_color: PAGE_BACKGROUND,
    icons: input.icons.map((icon) => ({ ...icon })),
  };
}

/**
 * A .ico file holding one PNG image (every browser since IE Vista reads PNG inside ICO):
 * the 6-byte header, one 16-byte directory entry, then the PNG as it is.
 */
export function icoFromPng(png: Uint8Array, size: number): Uint8Array<ArrayBuffer> {
  if (size < 1 || size > 256) throw new RangeError(`an ICO image is 1 to 256 pixels wide, not ${size}`);
  const out = new Uint8Array(6 + 16 + png.length);
  const view = new DataView(out.buffer);
  view.setUint16(0, 0, true); // reserved
  view.setUint16(2, 1, true); // type: icon
  view.setUint16(4, 1, true); // one image
  out[6] = size === 256 ? 0 : size; // width (0 means 256)
  out[7] = size === 256 ? 0 : size; // height
  out[8] = 0; // no palette
  out[9] = 0; // reserved
  view.setUint16(10, 1, true); // colour planes
  view.setUint16(12, 32, true); // bits per pixel
  view.setUint32(14, png.length, true); // size of the image data
  view.setUint32(18, 22, true); // where it starts
  out.set(png, 22);
  return out;
}
