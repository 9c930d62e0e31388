/** The iOS home-screen icon (180x180, opaque: iOS rounds the corners itself), also read by several link previews. */
import type { APIRoute } from 'astro';
import { markPng } from '../site/favicons';

export const GET: APIRoute = () => new Response(markPng(180, 'full'), { headers: { 'Content-Type': 'image/png' } });
