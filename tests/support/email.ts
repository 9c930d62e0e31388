/** Email in the function tests: the functions pointed at the email stand-in, and checks on what a message holds. */
import { expect } from 'vitest';
import type { EmailStandIn, StoredMessage } from '../../local-platform/email/email-standin';
import { SITE } from './functions';

/** The link-signing secret the tests give the functions. */
export const TEST_LINK_SECRET = 'test-email-link-secret-0123456789';

/** The functions' email settings for `inbox`: the stand-in's address and key, the link secret, the site. */
export function emailEnv(inbox: EmailStandIn): Record<string, string> {
  return { ...inbox.env, EMAIL_LINK_SECRET: TEST_LINK_SECRET, SITE_URL: SITE };
}

/** Every address a message links to or loads, from its HTML (href and src) and its text. */
export function linksOf(message: Pick<StoredMessage, 'html' | 'text'>): { html: string[]; text: string[]; images: { src: string; alt: string | null }[] } {
  const html = message.html ?? '';
  const hrefs = [...html.matchAll(/\shref="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const images = [...html.matchAll(/<img\b[^>]*>/g)].map((m) => ({ src: /\ssrc="([^"]*)"/.exec(m[0])?.[1] ?? '', alt: /\salt="([^"]*)"/.exec(m[0])?.[1] ?? null }));
  const text = [...(message.text ?? '').matchAll(/<((?:https?:\/\/|mailto:)?[^\s<>]+)>/g)].map((m) => m[1]!);
  return { html: hrefs, text, images };
}

/**
 * What every message must be: a plain-text part and an HTML part; every link and image an
 * absolute address on the site (or a mailto: to the support address; or one of `external`, the
 * https join links a coaching message may carry); every image with alt text; nothing left
 * unfilled; the footer's support address in both parts.
 */
export function expectWellFormed(message: Pick<StoredMessage, 'html' | 'text' | 'subject'>, site = SITE, support = 'support@inneralchemy.coach', external: string[] = []): void {
  expect(message.text, 'a plain-text part').toBeTruthy();
  expect(message.html, 'an HTML part').toBeTruthy();
  const { html, text, images } = linksOf(message);
  expect(html.length).toBeGreaterThan(0);
  for (const href of [...html, ...text.filter((t) => t.startsWith('http'))]) {
    if (href.startsWith('mailto:')) expect(href).toBe(`mailto:${support}`);
    else if (external.includes(href)) expect(href.startsWith('https://'), href).toBe(true);
    else expect(href.startsWith(`${site}/`), `${href} is on ${site}`).toBe(true);
  }
  expect(images.length).toBeGreaterThan(0);
  for (const image of images) {
    expect(image.src.startsWith(`${site}/`), image.src).toBe(true);
    expect(image.alt, `alt text of ${image.src}`).toBeTruthy();
  }
  for (const part of [message.subject, message.text ?? '', message.html ?? '']) {
    expect(part).not.toMatch(/undefined|null|NaN|\[object|\{\{|\}\}|\$\{/);
  }
  expect(message.text).toContain(support);
  expect(message.html).toContain(`mailto:${support}`);
}
