/**
 * Sends one funnel beacon (src/core/hit.ts) with navigator.sendBeacon: fire and forget, never
 * an error for the visitor, nothing when the browser asks not to be tracked or cannot send it.
 */
import { campaignOf, HIT_ENDPOINT, hitOf, optedOut, type HitEvent } from './hit';

export function sendHit(event: HitEvent): void {
  try {
    if (optedOut(navigator as Navigator & { globalPrivacyControl?: boolean })) return;
    navigator.sendBeacon(HIT_ENDPOINT, JSON.stringify(hitOf(event, location, document.referrer)));
  } catch {
    /* no beacon: nothing is counted, nothing changes for the visitor */
  }
}

/**
 * The utm_source of this page's address: the campaign the visitor came with, which the site's
 * links carry from page to page in the address (src/features/funnel/Beacon.astro), sent with the
 * sign-up's account sync; none when the browser asks not to be tracked. Nothing is read from the
 * device. (docs/decisions/funnel.md, "Sources".)
 */
export function pageSource(): string | undefined {
  try {
    return optedOut(navigator as Navigator & { globalPrivacyControl?: boolean }) ? undefined : campaignOf(location.search).utm_source;
  } catch {
    return undefined;
  }
}
