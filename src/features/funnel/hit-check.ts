/**
 * What /api/hit counts (docs/decisions/funnel.md): pure rules, values in, values out. A beacon
 * is counted only when every field is as the site's own pages send it (src/core/hit.ts); any
 * other body, a browser that asks not to be tracked, and a known bot are not counted at all.
 */
import { HIT_EVENTS, sourceValue, UTM_FIELDS, utmValue, type Hit, type HitEvent, type UtmField } from '../../core/hit';
export { asksNotToBeTracked } from '../../core/hit';

/** A path of the site: letters, digits and - . _ ~ /, at most 200 characters (as the table checks). */
const PATH = /^\/[A-Za-z0-9/._~-]{0,199}$/;
/** A host name (the table's check): lower case letters, digits, dots and hyphens. */
const HOST = /^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?$/;
const FIELDS = new Set<string>(['path', 'event', 'referrer', ...UTM_FIELDS]);

/** A beacon as it is stored: the path without a trailing slash, the referrer null when it is ours. */
export interface CheckedHit {
  event: HitEvent;
  path: string;
  referrer_host: string | null;
  utm: { [K in UtmField]: string | null };
}

/**
 * The beacon in `value`, checked, or null when it is not one the site sends: an unknown field,
 * an unknown event, a path that is not the site's, a referrer that is not a host name, a utm
 * value that is not text of 1 to 100 characters. A referrer of one of `ownHosts` is dropped.
 */
export function checkHit(value: unknown, ownHosts: readonly string[]): CheckedHit | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const body = value as Record<string, unknown>;
  if (Object.keys(body).some((key) => !FIELDS.has(key))) return null;
  const { path, event, referrer } = body as Partial<Record<keyof Hit, unknown>>;
  if (typeof event !== 'string' || !(HIT_EVENTS as readonly string[]).includes(event)) return null;
  if (typeof path !== 'string' || !PATH.test(path) || path.includes('//')) return null;
  let host: string | null = null;
  if (referrer !== undefined) {
    if (typeof referrer !== 'string') return null;
    host = referrer.toLowerCase();
    if (!HOST.test(host)) return null;
    if (ownHosts.includes(host)) host = null;
  }
  const utm = {} as CheckedHit['utm'];
  for (const field of UTM_FIELDS) {
    const given = body[field];
    if (given === undefined) {
      utm[field] = null;
      continue;
    }
    // Sources are grouped on the owner's page: "Newsletter" and "newsletter" are one (sourceValue).
    const text = field === 'utm_source' ? sourceValue(given) : utmValue(given);
    if (text === null) return null;
    utm[field] = text;
  }
  return { event: event as HitEvent, path: path.length > 1 ? path.replace(/\/+$/, '') : path, referrer_host: host, utm };
}

/**
 * Known bots, crawlers, previews, monitors, headless browsers and HTTP libraries, by their user
 * agent; a request without one is not a browser either. Not counted.
 */
const BOT =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|headless|phantomjs|lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|preview|facebookexternalhit|embedly|whatsapp|telegram|discord|slack|curl|wget|python|httpclient|http-client|okhttp|java\/|go-http|node-fetch|undici|axios|postman|insomnia|scrapy|libwww|feedfetcher|validator/i;

export function isBot(userAgent: string | null): boolean {
  return !userAgent?.trim() || BOT.test(userAgent);
}

/** The calendar day in Berlin of `at`, 'YYYY-MM-DD': the day a visitor's hash belongs to. */
export function berlinDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
