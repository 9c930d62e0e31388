/**
 * The beacon's body: src/core/hit.ts (the journey player's) and the page view's inline script
 * (src/features/funnel/Beacon.astro), run here with a browser's globals stood in, build the same
 * body from the same page, send nothing when the browser asks not to be tracked, and carry no
 * more than the path, the event, another site's host and the utm_* fields.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HIT_ENDPOINT, hitOf, MAX_UTM, optedOut, sourceValue, UTM_FIELDS, type PageAddress } from '../../src/core/hit';
import { pageSource } from '../../src/core/hit-api';
import { checkHit } from '../../src/features/funnel/hit-check';

const source = readFileSync(path.resolve(import.meta.dirname, '../../src/features/funnel/Beacon.astro'), 'utf8');
const inline = /<script is:inline[^>]*>([\s\S]*?)<\/script>/.exec(source)![1]!;

/** Runs the inline script as the browser would (Astro passes define:vars as constants). */
function runInline(page: string, referrer: string, nav: { globalPrivacyControl?: boolean; doNotTrack?: string | null } = {}) {
  const sent: [string, string][] = [];
  const url = new URL(page);
  const navigator = { ...nav, sendBeacon: (to: string, body: string) => (sent.push([to, body]), true) };
  new Function('endpoint', 'fields', 'most', 'navigator', 'location', 'document', inline)(HIT_ENDPOINT, UTM_FIELDS, MAX_UTM, navigator, url, { referrer });
  return sent;
}

const address = (page: string): PageAddress => new URL(page);

describe('the beacon’s body', () => {
  const cases: [string, string][] = [
    ['https://inner-alchemy.example/pricing?utm_source=Newsletter&utm_medium=email&utm_campaign=nov&utm_term=%20calm%20&utm_content=top&other=x', 'https://mail.example.com/inbox/123?me=ada'],
    ['https://inner-alchemy.example/lead-magnet-journey/self-trust', 'https://inner-alchemy.example/lead-magnet-journey'],
    ['https://inner-alchemy.example/', ''],
    ['https://inner-alchemy.example/about-us?utm_source=' + 'x'.repeat(150), 'not an address'],
  ];

  it.each(cases)('is the same from the inline script and from src/core/hit.ts: %s', (page, referrer) => {
    const sent = runInline(page, referrer);
    expect(sent).toHaveLength(1);
    expect(sent[0]![0]).toBe('/api/hit');
    expect(JSON.parse(sent[0]![1])).toEqual(hitOf('pageview', address(page), referrer));
  });

  it('carries the path, another site’s host only, and the campaign; no query, no referrer path, nothing else', () => {
    const [page, referrer] = cases[0]!;
    expect(hitOf('pageview', address(page), referrer)).toEqual({
      path: '/pricing',
      event: 'pageview',
      referrer: 'mail.example.com',
      utm_source: 'Newsletter',
      utm_medium: 'email',
      utm_campaign: 'nov',
      utm_term: 'calm',
      utm_content: 'top',
    });
    expect(hitOf('journey_started', address(cases[1]![0]), cases[1]![1])).toEqual({ path: '/lead-magnet-journey/self-trust', event: 'journey_started' });
    expect(hitOf('pageview', address(cases[3]![0]), cases[3]![1]).utm_source).toHaveLength(MAX_UTM);
  });

  it('is one the function counts, as the site sends it', () => {
    for (const [page, referrer] of cases) expect(checkHit(hitOf('pageview', address(page), referrer), ['inner-alchemy.example'])).not.toBeNull();
  });

  it('is not sent when the browser asks not to be tracked', () => {
    expect(runInline(cases[0]![0], '', { globalPrivacyControl: true })).toEqual([]);
    expect(runInline(cases[0]![0], '', { doNotTrack: '1' })).toEqual([]);
    expect(runInline(cases[0]![0], '', { doNotTrack: '0' })).toHaveLength(1);
    expect(optedOut({ globalPrivacyControl: true })).toBe(true);
    expect(optedOut({ doNotTrack: '1' })).toBe(true);
    expect(optedOut({ doNotTrack: 'unspecified' })).toBe(false);
  });
});

describe('the sign-up’s campaign (src/core/hit-api.ts pageSource, sent with the account sync)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const on = (page: string, nav: { globalPrivacyControl?: boolean; doNotTrack?: string | null } = {}) => {
    vi.stubGlobal('location', new URL(page));
    vi.stubGlobal('navigator', nav);
    return pageSource();
  };

  it('is the utm_source of the page’s address, as the beacon reads it, and none when the browser asks not to be tracked', () => {
    expect(on('https://inner-alchemy.example/signup?utm_source=%20Newsletter%20&utm_medium=email')).toBe('Newsletter');
    expect(on(`https://inner-alchemy.example/signup?utm_source=${'y'.repeat(150)}`)).toBe('y'.repeat(MAX_UTM));
    expect(on('https://inner-alchemy.example/signup?utm_medium=email')).toBeUndefined();
    expect(on('https://inner-alchemy.example/signup?utm_source=%20')).toBeUndefined();
    expect(on('https://inner-alchemy.example/signup?utm_source=newsletter', { globalPrivacyControl: true })).toBeUndefined();
    expect(on('https://inner-alchemy.example/signup?utm_source=newsletter', { doNotTrack: '1' })).toBeUndefined();
  });

  it('is kept by the server as /api/hit keeps a source: lower case, 1 to 100 characters, no control characters', () => {
    expect(sourceValue('  Newsletter ')).toBe('newsletter');
    expect(sourceValue('x'.repeat(100))).toBe('x'.repeat(100));
    for (const bad of ['x'.repeat(101), '', '  ', 'news\nletter', 42, null, undefined, ['newsletter']]) expect(sourceValue(bad), String(bad)).toBeNull();
    expect(checkHit({ path: '/', event: 'pageview', utm_source: '  Newsletter ' }, [])?.utm.utm_source).toBe(sourceValue('  Newsletter '));
  });
});
