/**
 * Sends one funnel beacon (src/core/hit.ts) with navigator.sendBeacon: fire and forget, never
 * an error for the visitor, nothing when the browser asks not to be tracked or cannot send it.
 */
import { HIT_ENDPOINT, hitOf, optedOut, type HitEvent } from './hit';

export function sendHit(event: HitEvent): void {
  try {
    if (optedOut(navigator as Navigator & { globalPrivacyControl?: boolean })) return;
    navigator.sendBeacon(HIT_ENDPOINT, JSON.stringify(hitOf(event, location, document.referrer)));
  } catch {
    /* no beacon: nothing is counted, nothing changes for the visitor */
  }
}
