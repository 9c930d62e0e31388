/** The site-wide share image (every page's default og:image), rendered at build time. */
import type { APIRoute } from 'astro';
import { OG_TYPE, renderDefaultImage } from '../../site/share-image-render';

export const GET: APIRoute = async () => new Response(await renderDefaultImage(), { headers: { 'Content-Type': OG_TYPE } });
