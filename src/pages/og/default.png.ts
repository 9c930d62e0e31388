/** The site-wide share image (every page's default og:image), rendered at build time. */
import type { APIRoute } from 'astro';
import { renderDefaultImage } from '../../og/render';

export const GET: APIRoute = async () =>
  new Response(await renderDefaultImage(), { headers: { 'Content-Type': 'image/png' } });
