/** The 32x32 fallback icon for browsers and crawlers that read no SVG (and ask /favicon.ico unprompted). */
import type { APIRoute } from 'astro';
import { icoFromPng } from '../lib/brand-mark';
import { markPng } from '../og/icons';

export const GET: APIRoute = () => new Response(icoFromPng(markPng(32, 'rounded'), 32), { headers: { 'Content-Type': 'image/x-icon' } });
