import type { APIRoute } from 'astro';

/** robots.txt with the absolute sitemap address of this build's SITE_URL. */
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap-index.xml', site ?? 'http://localhost:4321').href;
  const body = ['User-agent: *', 'Disallow: /dashboard', 'Disallow: /debug', 'Disallow: /success', '', `Sitemap: ${sitemap}`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
