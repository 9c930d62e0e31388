/** The browser tab's icon, drawn from the brand mark. */
import type { APIRoute } from 'astro';
import { markSvg } from '../site/brand-mark';

export const GET: APIRoute = () => new Response(markSvg({ shape: 'rounded' }), { headers: { 'Content-Type': 'image/svg+xml' } });
