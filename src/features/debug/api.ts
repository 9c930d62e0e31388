/**
 * The HTTP probes of the /debug page. They use plain `fetch` (the database through its REST
 * endpoint) so the page loads neither the Supabase nor the Firebase SDK for a visitor.
 */
import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from 'astro:env/client';
import type { ProbeOutcome } from './debug';
import { asMember } from '../../core/member-api';

async function probe(url: string, init: RequestInit = {}): Promise<ProbeOutcome> {
  try {
    const res = await fetch(url, { cache: 'no-store', ...init });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    return { kind: 'response', status: res.status, body };
  } catch (error) {
    return { kind: 'network-error', message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Reads at most one row of `table` as the member (as a visitor without one); null when the
 * database is not configured.
 */
export async function probeTable(table: string): Promise<ProbeOutcome | null> {
  if (!PUBLIC_SUPABASE_URL || !PUBLIC_SUPABASE_ANON_KEY) return null;
  const request = await asMember({ headers: { apikey: PUBLIC_SUPABASE_ANON_KEY } }, PUBLIC_SUPABASE_ANON_KEY);
  if (!request) return null;
  const base = PUBLIC_SUPABASE_URL.replace(/\/+$/, '');
  return probe(`${base}/rest/v1/${encodeURIComponent(table)}?select=*&limit=1`, request);
}

/** The newsletter function's read-only health answer: nothing is stored. */
export function probeNewsletter(): Promise<ProbeOutcome> {
  return probe('/api/newsletter-signup?check');
}

/** The forms function's read-only health answer. */
export function probeForms(): Promise<ProbeOutcome> {
  return probe('/api/forms?check');
}

export function probeProducts(): Promise<ProbeOutcome> {
  return probe('/api/stripe-products');
}

/** What the live Stripe prices and the site's catalogue disagree on (names prices, never a key). */
export function probeCatalogue(): Promise<ProbeOutcome> {
  return probe('/api/stripe-products?check');
}

/** Whether the server can complete a sign-in (names what is missing, never a value). */
export function probeServerAuth(): Promise<ProbeOutcome> {
  return probe('/api/auth-sync?check');
}
