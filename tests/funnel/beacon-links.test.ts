// @vitest-environment jsdom
/**
 * The campaign travels in the address (docs/decisions/funnel.md, "Sources"): the page view's
 * inline script (src/features/funnel/Beacon.astro), run on a page in jsdom, gives the page's own
 * links to the site the utm_* fields of its address that they do not have yet, at once and when
 * a link an island drew later is clicked; another site's links, `#` links and a browser that
 * asks not to be tracked keep every link as it was. Nothing is stored anywhere.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HIT_ENDPOINT, MAX_UTM, UTM_FIELDS } from '../../src/core/hit';

const source = readFileSync(path.resolve(import.meta.dirname, '../../src/features/funnel/Beacon.astro'), 'utf8');
const inline = /<script is:inline[^>]*>([\s\S]*?)<\/script>/.exec(source)![1]!;

const SITE = 'https://inner-alchemy.example';

const LINKS = [
  ['journey', '/lead-magnet-journey/self-trust'],
  ['signup', '/signup?utm_source=podcast'],
  ['faq', '/pricing#faq'],
  ['absolute', `${SITE}/products`],
  ['skip', '#main'],
  ['other site', 'https://www.instagram.com/inneralchemy'],
  ['mail', 'mailto:hello@inner-alchemy.example'],
  ['other scheme', 'http://inner-alchemy.example/products'],
] as const;

/** The page at `page` with LINKS, its inline script run as the browser would; what it sent and its links' addresses. */
function open(page: string, nav: { globalPrivacyControl?: boolean; doNotTrack?: string | null } = {}) {
  const doc = document.implementation.createHTMLDocument('page');
  const base = doc.createElement('base');
  base.href = page;
  doc.head.append(base);
  for (const [name, href] of LINKS) {
    const a = doc.createElement('a');
    a.setAttribute('href', href);
    a.textContent = name;
    doc.body.append(a);
  }
  const sent: string[] = [];
  const navigator = { ...nav, sendBeacon: (_to: string, body: string) => (sent.push(body), true) };
  new Function('endpoint', 'fields', 'most', 'navigator', 'location', 'document', inline)(HIT_ENDPOINT, UTM_FIELDS, MAX_UTM, navigator, new URL(page), doc);
  const href = (name: string) => [...doc.querySelectorAll('a')].find((a) => a.textContent === name)!.getAttribute('href');
  return { doc, sent, href };
}

describe('a page whose address has utm_* fields', () => {
  const page = `${SITE}/lead-magnet-journey?utm_source=Newsletter&utm_campaign=%20nov%20&utm_medium=&ref=me`;

  it('adds them to its links to the site, only those a link lacks, trimmed, and no other field', () => {
    const { href } = open(page);
    expect(href('journey')).toBe(`${SITE}/lead-magnet-journey/self-trust?utm_source=Newsletter&utm_campaign=nov`);
    expect(href('signup')).toBe(`${SITE}/signup?utm_source=podcast&utm_campaign=nov`);
    expect(href('faq')).toBe(`${SITE}/pricing?utm_source=Newsletter&utm_campaign=nov#faq`);
    expect(href('absolute')).toBe(`${SITE}/products?utm_source=Newsletter&utm_campaign=nov`);
  });

  it('leaves another site’s links, `#` links, mail links and another scheme as they were', () => {
    const { href } = open(page);
    for (const name of ['skip', 'other site', 'mail', 'other scheme']) expect(href(name), name).toBe(LINKS.find(([n]) => n === name)![1]);
  });

  it('gives a link drawn later (an island’s) the fields when it is clicked, or middle-clicked', () => {
    const { doc } = open(page);
    const later = doc.createElement('a');
    later.setAttribute('href', '/lead-magnet-signup');
    const inside = doc.createElement('span');
    later.append(inside);
    doc.body.append(later);
    inside.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(later.getAttribute('href')).toBe(`${SITE}/lead-magnet-signup?utm_source=Newsletter&utm_campaign=nov`);
    const other = doc.createElement('a');
    other.setAttribute('href', '/pricing');
    doc.body.append(other);
    other.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 }));
    expect(other.getAttribute('href')).toBe(`${SITE}/pricing?utm_source=Newsletter&utm_campaign=nov`);
  });

  it('changes no link, now or on a click, when the browser asks not to be tracked, and sends nothing', () => {
    for (const nav of [{ globalPrivacyControl: true }, { doNotTrack: '1' }]) {
      const { doc, sent, href } = open(page, nav);
      for (const [name, given] of LINKS) expect(href(name), name).toBe(given);
      const later = doc.createElement('a');
      later.setAttribute('href', '/signup');
      doc.body.append(later);
      later.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      expect(later.getAttribute('href')).toBe('/signup');
      expect(sent).toEqual([]);
    }
  });
});

describe('a page without a campaign in its address', () => {
  it('changes no link, now or on a click', () => {
    const { doc, sent, href } = open(`${SITE}/pricing?ref=me&utm_source=%20%20`);
    expect(sent).toHaveLength(1);
    for (const [name, given] of LINKS) expect(href(name), name).toBe(given);
    const later = doc.createElement('a');
    later.setAttribute('href', '/signup');
    doc.body.append(later);
    later.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(later.getAttribute('href')).toBe('/signup');
  });
});
