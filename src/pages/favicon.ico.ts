/** The 32x32 fallback icon for browsers and crawlers that read no SVG (and ask /favicon.ico unprompted). */
import type { APIRoute } from 'astro';
import { icoFromPng } from '../site/brand-mark';
import { markPng } from '../site/favicons';

export const GET: APIRoute = () => new Response(icoFromPng(markPng(32, 'rounded'), 32), { headers: { 'Content-Type': 'image/x-icon' } });
