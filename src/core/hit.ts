/**
 * The funnel's beacon (issue 44; docs/decisions/funnel.md): what a visitor's page may send to
 * /api/hit, and how a page builds it from its own address and referrer. Nothing else is sent:
 * no identifier, no cookie, nothing read from or stored on the device. Pure rules, shared by
 * the journey player (src/core/hit-api.ts sends) and the function that counts
 * (src/features/funnel/server/hit.ts checks). The page view itself is an inline script with the
 * same rules (src/features/funnel/Beacon.astro), so a page without an island loads no file.
 */

/** Where the beacon goes. */
export const HIT_ENDPOINT = '/api/hit';

/** What is counted: a page view, a journey started (its first Continue), a journey finished (its closing step). */
export const HIT_EVENTS = ['pageview', 'journey_started', 'journey_finished'] as const;
export type HitEvent = (typeof HIT_EVENTS)[number];

/** The campaign fields of the page's address that are passed on, each at most MAX_UTM characters. */
export const UTM_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];
export const MAX_UTM = 100;

/** The largest beacon the function reads; anything larger is not counted. */
export const MAX_HIT_BYTES = 2048;

export type Hit = { path: string; event: HitEvent; referrer?: string } & { [K in UtmField]?: string };

/** The page's address and its referrer, as the browser has them. */
export interface PageAddress {
  pathname: string;
  search: string;
  hostname: string;
}

/**
 * The beacon of `event` on this page: its path, the referring site's host (only when it is
 * another site's), and the utm_* fields of its address.
 */
export function hitOf(event: HitEvent, page: PageAddress, referrer: string): Hit {
  const hit: Hit = { path: page.pathname, event };
  let host = '';
  try {
    host = referrer ? new URL(referrer).hostname : '';
  } catch {
    /* not an address: no referrer */
  }
  if (host && host !== page.hostname) hit.referrer = host;
  return { ...hit, ...campaignOf(page.search) };
}

/** The utm_* fields of an address's query (`?a=b...`): each trimmed and cut to MAX_UTM characters, the empty ones left out. */
export function campaignOf(search: string): { [K in UtmField]?: string } {
  const params = new URLSearchParams(search);
  const campaign: { [K in UtmField]?: string } = {};
  for (const field of UTM_FIELDS) {
    const value = params.get(field)?.trim().slice(0, MAX_UTM);
    if (value) campaign[field] = value;
  }
  return campaign;
}

/** Control characters (a newline, a tab...), by their code points: none in a campaign tag. */
const hasControl = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * A campaign value as the server accepts it: text, trimmed, 1 to MAX_UTM characters, no control
 * characters; null otherwise. (/api/hit refuses a beacon with such a value; auth-sync ignores it.)
 */
export function utmValue(given: unknown): string | null {
  if (typeof given !== 'string') return null;
  const text = given.trim();
  return !text || text.length > MAX_UTM || hasControl(text) ? null : text;
}

/** A utm_source as it is kept: a utm value in lower case ("Newsletter" and "newsletter" are one source), or null. */
export function sourceValue(given: unknown): string | null {
  return utmValue(given)?.toLowerCase() ?? null;
}

/** Whether the browser asks not to be tracked (Global Privacy Control, or Do Not Track). */
export function optedOut(nav: { globalPrivacyControl?: boolean; doNotTrack?: string | null }): boolean {
  return nav.globalPrivacyControl === true || nav.doNotTrack === '1';
}

/** Whether the request asks not to be tracked: Global Privacy Control (Sec-GPC: 1) or Do Not Track (DNT: 1). */
export function asksNotToBeTracked(headers: Headers): boolean {
  return headers.get('sec-gpc')?.trim() === '1' || headers.get('dnt')?.trim() === '1';
}
