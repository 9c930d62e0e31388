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
  const params = new URLSearchParams(page.search);
  for (const field of UTM_FIELDS) {
    const value = params.get(field)?.trim().slice(0, MAX_UTM);
    if (value) hit[field] = value;
  }
  return hit;
}

/** Whether the browser asks not to be tracked (Global Privacy Control, or Do Not Track). */
export function optedOut(nav: { globalPrivacyControl?: boolean; doNotTrack?: string | null }): boolean {
  return nav.globalPrivacyControl === true || nav.doNotTrack === '1';
}
