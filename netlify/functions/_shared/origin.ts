/** The site's own origins, for redirect addresses and cross-site checks. */
import { originsOf } from '../../../src/core/origins';
import { HttpError } from './http';

/**
 * The origin the request came in on, plus the site's configured addresses (Netlify sets URL,
 * DEPLOY_URL and DEPLOY_PRIME_URL; SITE_URL is the build's canonical address).
 */
export function siteOrigins(req: Request): string[] {
  const env = process.env;
  return originsOf([req.url, env.URL, env.DEPLOY_URL, env.DEPLOY_PRIME_URL, env.SITE_URL]);
}

/** 403 when a browser sends the request from another site (the Origin header says so). */
export function requireSameSite(req: Request): void {
  const origin = req.headers.get('origin');
  if (origin && origin !== 'null' && !siteOrigins(req).includes(origin)) {
    throw new HttpError(403, 'Requests from other sites are not allowed.');
  }
}
