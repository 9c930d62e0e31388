/**
 * The messages as rendered (netlify/functions/_shared/email/render.ts and messages.ts): for every
 * kind and every kind of product, a plain-text part and an HTML part, every link an absolute
 * address of the site, every image with alt text, nothing left unfilled, the support address in
 * the footer; what a member typed is escaped; a message whose details cannot be read is refused
 * rather than sent half-filled. And the signed links (links.ts) only open for what they were
 * signed for.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { absolute, renderMessage } from '../../netlify/functions/_shared/email/render';
import { accessEnding, endingParams, ENDING_REASONS, greeting, purchaseConfirmation, purchaseParams } from '../../netlify/functions/_shared/email/messages';
import { appSlugOf, boughtItem } from '../../netlify/functions/_shared/email/products';
import { preferencesPath, signLink, verifyLink } from '../../netlify/functions/_shared/email/links';
import { preferencesPage } from '../../netlify/functions/_shared/email/preferences-page';
import catalogue from '../../src/content/catalogue.json';
import { expectWellFormed } from '../support/email';
import { SITE } from '../support/functions';

const layout = { site: SITE, brand: 'Inner Alchemy', support: 'support@inneralchemy.coach' };
const PAID = catalogue.filter((p) => p.price > 0).map((p) => p.priceId);

describe('purchase confirmation', () => {
  it.each(PAID)('%s renders a complete message in both parts', (priceId) => {
    const data = purchaseParams({ priceId, orderRef: 'cs_test_a1b2' })!;
    expect(data).not.toBeNull();
    const message = renderMessage(purchaseConfirmation({ name: 'Ada Lovelace' }, data), layout);
    expectWellFormed(message);
    expect(message.text).toContain('Hi Ada,');
    expect(message.text).toContain('Order reference: cs_test_a1b2');
    expect(message.text).toContain(data.bought.name);
    expect(message.html).toContain(`href="${SITE}${data.bought.home}"`);
    expect(message.text).toContain('Stripe sends the receipt for your payment separately.');
  });

  it('greets by first name, or kindly without one, and escapes what a member typed', () => {
    expect(greeting({ name: '  Ada   Lovelace ' })).toBe('Hi Ada,');
    expect(greeting({ name: null })).toBe('Hello,');
    expect(greeting({ name: ' ' })).toBe('Hello,');
    const data = purchaseParams({ priceId: 'price_app_stillpoint', orderRef: 'cs_1' })!;
    const message = renderMessage(purchaseConfirmation({ name: '<img src=x onerror=alert(1)>' }, data), layout);
    expect(message.html).not.toContain('<img src=x');
    expect(message.html).toContain('Hi &lt;img,');
  });

  it('refuses details it cannot read: an unknown or free product, a missing reference', () => {
    expect(purchaseParams({ priceId: 'price_unknown', orderRef: 'cs_1' })).toBeNull();
    expect(purchaseParams({ priceId: 'price_app_stillpoint' })).toBeNull();
    expect(purchaseParams({ priceId: 'price_app_stillpoint', orderRef: 7 })).toBeNull();
    expect(purchaseParams({})).toBeNull();
  });
});

describe('access ending', () => {
  it.each(PAID.flatMap((priceId) => ENDING_REASONS.map((reason) => [priceId, reason] as const)))('%s after %s renders what ends, when, and what stays', (priceId, reason) => {
    const data = endingParams({ reason, priceId, endedAt: '2026-11-26T23:30:00.000Z' })!;
    expect(data).not.toBeNull();
    const message = renderMessage(accessEnding({ name: 'Ada' }, data), layout);
    expectWellFormed(message);
    expect(message.text).toContain('November 26, 2026');
    expect(message.text).toContain('What stays:');
    expect(message.text).toContain('closed to you now');
  });

  it('refuses an unknown reason, an unreadable date or product', () => {
    expect(endingParams({ reason: 'whim', priceId: 'price_app_stillpoint', endedAt: '2026-11-26T10:00:00Z' })).toBeNull();
    expect(endingParams({ reason: 'refund', priceId: 'price_app_stillpoint', endedAt: 'soon' })).toBeNull();
    expect(endingParams({ reason: 'refund', priceId: 'price_nope', endedAt: '2026-11-26T10:00:00Z' })).toBeNull();
  });
});

describe('the layout', () => {
  it('makes every path absolute on the site and refuses a link elsewhere', () => {
    expect(absolute('/course/', SITE)).toBe(`${SITE}/course/`);
    expect(absolute('/api/email-preferences?t=a.b.c', 'https://inneralchemy.coach')).toBe('https://inneralchemy.coach/api/email-preferences?t=a.b.c');
    expect(absolute('mailto:support@inneralchemy.coach', SITE)).toBe('mailto:support@inneralchemy.coach');
    for (const bad of ['https://evil.example/', '//evil.example/x', 'course/', 'javascript:alert(1)']) expect(() => absolute(bad, SITE)).toThrow();
  });

  it('puts the brand mark (with its alt text) at the top and the support address at the bottom of both parts', () => {
    const data = purchaseParams({ priceId: 'price_app_stillpoint', orderRef: 'cs_1' })!;
    const message = renderMessage(purchaseConfirmation({ name: null }, data), { ...layout, site: 'https://inneralchemy.coach' });
    expect(message.html).toContain('<img src="https://inneralchemy.coach/icons/192.png" width="40" height="40" alt="Inner Alchemy"');
    expect(message.text.trim().split('\n').slice(-3).join('\n')).toMatch(/support@inneralchemy\.coach[\s\S]*Inner Alchemy <https:\/\/inneralchemy\.coach\/>$/);
  });
});

describe('products', () => {
  it('knows every app of the catalogue by its content file, and opens it in its room', () => {
    const dir = path.resolve('src/content/apps');
    for (const file of readdirSync(dir)) {
      const { priceId } = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { priceId: string };
      const slug = file.replace(/\.json$/, '');
      expect(appSlugOf(priceId), file).toBe(slug);
      expect(boughtItem(priceId)).toMatchObject({ kind: 'app', home: `/lounge/${slug}/` });
    }
    expect(boughtItem('price_master_alchemist_course')).toMatchObject({ kind: 'course', home: '/course/', name: 'Master Alchemist Course' });
    expect(boughtItem('price_founding_membership')).toMatchObject({ kind: 'founding', home: '/dashboard/' });
    expect(boughtItem('price_alchemist_monthly')).toMatchObject({ kind: 'membership', name: 'Alchemist Membership' });
    expect(boughtItem('price_somebody_elses')).toBeNull();
  });
});

describe('signed links', () => {
  it('open for the member and purpose they were signed for, with the secret they were signed with', () => {
    const token = signLink('secret-1', 'reminders', 'uid_ada');
    expect(verifyLink('secret-1', token)).toEqual({ purpose: 'reminders', member: 'uid_ada' });
    expect(verifyLink('secret-2', token)).toBeNull();
    expect(verifyLink('secret-1', `${token}x`)).toBeNull();
    expect(verifyLink('secret-1', token.replace('reminders.', 'everything.'))).toBeNull();
    expect(verifyLink('secret-1', '')).toBeNull();
    expect(verifyLink('secret-1', 'a.b')).toBeNull();
    const [, , sig] = token.split('.');
    expect(verifyLink('secret-1', `reminders.${Buffer.from('uid_bea').toString('base64url')}.${sig}`)).toBeNull();
  });

  it('carry no address, and lead to the preferences function', () => {
    const link = preferencesPath('secret-1', 'reminders', 'uid_ada');
    expect(link).toMatch(/^\/api\/email-preferences\?t=reminders\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(link).not.toContain('@');
  });

  it('the page a link opens names no one and offers one button', () => {
    const html = preferencesPage({ kind: 'choice', reminders: true, changed: false, action: '/api/email-preferences?t=x' }, { support: 'support@inneralchemy.coach', site: SITE });
    expect(html.match(/<button/g)).toHaveLength(1);
    expect(html).toContain(`href="${SITE}/dashboard/"`);
  });
});
