/** /robots.txt: everything allowed, and the sitemap's absolute address. */
import type { APIRoute } from 'astro';
import { DEV_SITE } from '../core/urls';

/**
 * robots.txt with the absolute sitemap address of this build's SITE_URL. Nothing is disallowed:
 * the private pages (dashboard, debug, success) say noindex in their HTML, which a crawler only
 * reads when it may fetch them; a Disallow would keep them indexable from links.
 */
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap-index.xml', site ?? DEV_SITE).href;
  const body = ['User-agent: *', 'Allow: /', '', `Sitemap: ${sitemap}`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
