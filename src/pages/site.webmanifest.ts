/** The web app manifest: name, brand colours and icons, for "Add to Home Screen" and browsers' UI. */
import type { APIRoute } from 'astro';
import { BRAND } from '../core/config/site';
import { MANIFEST_ICON_SIZES, webManifest } from '../site/brand-mark';

export const GET: APIRoute = () =>
  new Response(
    JSON.stringify(
      webManifest({
        name: BRAND,
        shortName: BRAND,
        description: 'Emotional intelligence coaching: free guided journeys, coaching, memberships and gentle wellness apps.',
        icons: [
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          ...MANIFEST_ICON_SIZES.map((size) => ({ src: `/icons/${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' as const })),
          // Opaque edge to edge with the star in the safe zone: Android may cut it to its own shape.
          { src: '/icons/512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      }),
      null,
      2,
    ),
    { headers: { 'Content-Type': 'application/manifest+json' } },
  );
