/**
 * Absolute addresses of the site's own pages. One form per page: the trailing slash, as the
 * sitemap lists pages and as a static host serves a folder's index.html (Netlify answers the
 * form without it with a redirect). Canonical, og:url, share and structured-data URLs use it.
 */

/** The address the build falls back to when Astro has no `site` (as astro.config.mjs does). */
export const DEV_SITE = 'http://localhost:4321';

/** The canonical absolute URL of the page at `path` ("/pricing", "/app/stillpoint/", "/"). */
export function pageUrl(path: string, site: URL | string | undefined): string {
  const [pathname = '/'] = path.split(/[?#]/);
  return new URL(`${pathname.replace(/\/+$/, '')}/`, site ?? DEV_SITE).href;
}
