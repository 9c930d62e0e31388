/**
 * The messages as rendered (netlify/functions/_shared/email/render.ts and messages.ts): for every
 * kind and every kind of product, a plain-text part and an HTML part, every link an absolute
 * address of the site, every image with alt text, nothing left unfilled, the support address in
 * the footer (the coaching messages too: confirmation, reminder, each change, in winter and
 * summer time and for members in several zones); what a member typed is escaped; a message whose details cannot be read is refused
 * rather than sent half-filled. And the signed links (links.ts) only open for what they were
 * signed for.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { absolute, renderMessage } from '../../netlify/functions/_shared/email/render';
import { accessEnding, endingParams, ENDING_REASONS, greeting, purchaseConfirmation, purchaseParams } from '../../src/features/commerce/server/email/messages';
import { boughtItem } from '../../src/features/commerce/server/email/products';
import { appPriceId } from '../../src/features/lounge/shared/server/product-homes';
import { PRODUCT_HOMES } from '../../netlify/functions/_registry/product-homes';
import { preferencesPath, signLink, verifyLink } from '../../netlify/functions/_shared/email/links';
import { preferencesPage } from '../../netlify/functions/_shared/email/preferences-page';
import { coachingChange, coachingConfirmation, coachingReminder, type ChangeData } from '../../src/features/coaching/server/email/coaching-messages';
import { calendarAttachment, unsubscribeHeaders } from '../../src/features/coaching/server/email/coaching';
import { sessionCalendar } from '../../src/features/coaching/calendar';
import { COACHING_JOIN } from '../../src/core/config/site';
import catalogue from '../../src/content/catalogue.json';
import { expectWellFormed } from '../support/email';
import { SITE } from '../support/functions';

const layout = { site: SITE, brand: 'Inner Alchemy', support: 'support@inneralchemy.coach' };
const PAID = catalogue.filter((p) => p.price > 0).map((p) => p.priceId);

describe('purchase confirmation', () => {
  it.each(PAID)('%s renders a complete message in both parts', (priceId) => {
    const data = purchaseParams({ priceId, orderRef: 'cs_test_a1b2' }, PRODUCT_HOMES)!;
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
    const data = purchaseParams({ priceId: 'price_app_stillpoint', orderRef: 'cs_1' }, PRODUCT_HOMES)!;
    const message = renderMessage(purchaseConfirmation({ name: '<img src=x onerror=alert(1)>' }, data), layout);
    expect(message.html).not.toContain('<img src=x');
    expect(message.html).toContain('Hi &lt;img,');
  });

  it('refuses details it cannot read: an unknown or free product, a missing reference', () => {
    expect(purchaseParams({ priceId: 'price_unknown', orderRef: 'cs_1' }, PRODUCT_HOMES)).toBeNull();
    expect(purchaseParams({ priceId: 'price_app_stillpoint' }, PRODUCT_HOMES)).toBeNull();
    expect(purchaseParams({ priceId: 'price_app_stillpoint', orderRef: 7 }, PRODUCT_HOMES)).toBeNull();
    expect(purchaseParams({}, PRODUCT_HOMES)).toBeNull();
  });
});

describe('access ending', () => {
  it.each(PAID.flatMap((priceId) => ENDING_REASONS.map((reason) => [priceId, reason] as const)))('%s after %s renders what ends, when, and what stays', (priceId, reason) => {
    const data = endingParams({ reason, priceId, endedAt: '2026-11-26T23:30:00.000Z' }, PRODUCT_HOMES)!;
    expect(data).not.toBeNull();
    const message = renderMessage(accessEnding({ name: 'Ada' }, data), layout);
    expectWellFormed(message);
    expect(message.text).toContain('November 26, 2026');
    expect(message.text).toContain('What stays:');
    expect(message.text).toContain('closed to you now');
  });

  it('refuses an unknown reason, an unreadable date or product', () => {
    expect(endingParams({ reason: 'whim', priceId: 'price_app_stillpoint', endedAt: '2026-11-26T10:00:00Z' }, PRODUCT_HOMES)).toBeNull();
    expect(endingParams({ reason: 'refund', priceId: 'price_app_stillpoint', endedAt: 'soon' }, PRODUCT_HOMES)).toBeNull();
    expect(endingParams({ reason: 'refund', priceId: 'price_nope', endedAt: '2026-11-26T10:00:00Z' }, PRODUCT_HOMES)).toBeNull();
  });
});

describe('coaching messages', () => {
  // Thursday, March 25, 2027 (CET) and Thursday, April 29, 2027 (CEST), 6 PM in Berlin.
  const winter = { starts_at: '2027-03-25T17:00:00.000Z', ends_at: '2027-03-25T18:00:00.000Z', time_zone: 'Europe/Berlin' };
  const summer = { starts_at: '2027-04-29T16:00:00.000Z', ends_at: '2027-04-29T17:00:00.000Z', time_zone: 'Europe/Berlin' };
  const JOIN = 'https://meet.example.com/live?pwd=a1&b=2';
  const ZONES = [null, 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'Mars/Olympus_Mons'];
  const turnOffPath = preferencesPath('secret-1', 'reminders', 'uid_ada');
  const all = (session: typeof winter, memberZone: string | null) => {
    const changes: ChangeData[] = [
      { kind: 'cancelled', session, memberZone, next: summer },
      { kind: 'cancelled', session, memberZone, next: null },
      { kind: 'moved', before: winter, session: summer, memberZone, next: null },
      { kind: 'moved', before: winter, session: summer, memberZone, next: { ...summer, starts_at: '2027-05-27T16:00:00.000Z', ends_at: '2027-05-27T17:00:00.000Z' } },
      { kind: 'join_link', session, memberZone, joinUrl: JOIN },
      { kind: 'join_link', session, memberZone, joinUrl: null },
    ];
    return [
      coachingConfirmation({ name: 'Ada Lovelace' }, { session, memberZone }),
      coachingReminder({ name: 'Ada Lovelace' }, { session, memberZone, joinUrl: JOIN, turnOffPath }),
      coachingReminder({ name: null }, { session, memberZone, joinUrl: null, turnOffPath }),
      ...changes.map((c) => coachingChange({ name: 'Ada' }, c)),
    ];
  };

  it.each(ZONES.flatMap((zone) => [[winter, zone], [summer, zone]] as const))('render completely in both parts (%o, the member in %s)', (session, zone) => {
    for (const content of all(session, zone)) {
      const message = renderMessage(content, layout);
      expectWellFormed(message, SITE, 'support@inneralchemy.coach', [JOIN]);
      expect(message.text).toMatch(/6:00 PM – 7:00 PM CES?T/);
    }
  });

  it('give the time on the coach’s clock with its abbreviation for the date, and on the member’s where it differs', () => {
    const text = (session: typeof winter, zone: string | null) => renderMessage(coachingConfirmation({ name: 'Ada' }, { session, memberZone: zone }), layout).text;
    expect(text(winter, 'America/New_York')).toContain('Date: Thursday, March 25, 2027\nTime: 6:00 PM – 7:00 PM CET\nYour time: 1:00 PM – 2:00 PM EDT');
    expect(text(summer, 'America/New_York')).toContain('Time: 6:00 PM – 7:00 PM CEST\nYour time: 12:00 PM – 1:00 PM EDT');
    expect(text(winter, 'Asia/Tokyo')).toContain('Your time: Friday, March 26, 2027, 2:00 AM – 3:00 AM GMT+9');
    expect(text(winter, 'Europe/Paris')).not.toContain('Your time');
    expect(text(winter, 'Europe/Berlin')).not.toContain('Your time');
    // A zone this server does not know: the coach's clock only, never a failure.
    expect(text(winter, 'Mars/Olympus_Mons')).not.toContain('Your time');
  });

  it('the reminder carries the join link as it is, and its switch in the footer; the link is escaped in HTML', () => {
    const message = renderMessage(coachingReminder({ name: 'Ada' }, { session: winter, memberZone: null, joinUrl: JOIN, turnOffPath }), layout);
    expect(message.html).toContain(`href="${JOIN.replace(/&/g, '&amp;')}"`);
    expect(message.text).toContain(`Join the session: ${JOIN}`);
    expect(message.text).toContain(`Turn reminders off <${SITE}${turnOffPath}>`);
    expect(unsubscribeHeaders({ site: 'https://inneralchemy.coach', linkSecret: 'secret-1', support: 'support@inneralchemy.coach' }, 'uid_ada')).toEqual({
      'List-Unsubscribe': `<https://inneralchemy.coach${turnOffPath}>, <mailto:support@inneralchemy.coach?subject=Turn%20off%20coaching%20reminders>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('an external link must be https', () => {
    expect(absolute(JOIN, SITE, true)).toBe(JOIN);
    for (const bad of ['http://meet.example.com/x', 'javascript:alert(1)', '/dashboard/', 'https://']) expect(() => absolute(bad, SITE, true)).toThrow();
  });

  it('the .ics attached is the dashboard’s text for the session', () => {
    const session = { id: '0b7e6a3c-1111-4222-8333-444455556666', date: '2027-03-25', ...winter };
    const stamp = new Date('2027-03-01T09:00:00Z');
    const file = calendarAttachment(session, { site: 'https://inneralchemy.coach' }, stamp)!;
    expect(file).toMatchObject({ filename: 'rapid-fire-coaching-2027-03-25.ics', contentType: 'text/calendar; charset=utf-8' });
    expect(Buffer.from(file.content, 'base64').toString('utf8')).toBe(
      sessionCalendar(session, { host: 'inneralchemy.coach', joinDetails: COACHING_JOIN.details, joinUrl: COACHING_JOIN.url, now: stamp }),
    );
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
    const data = purchaseParams({ priceId: 'price_app_stillpoint', orderRef: 'cs_1' }, PRODUCT_HOMES)!;
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
      expect(appPriceId(slug), file).toBe(priceId);
      expect(boughtItem(priceId, PRODUCT_HOMES)).toMatchObject({ kind: 'app', home: `/lounge/${slug}/` });
    }
    expect(boughtItem('price_master_alchemist_course', PRODUCT_HOMES)).toMatchObject({ kind: 'course', home: '/course/', name: 'Master Alchemist Course' });
    expect(boughtItem('price_founding_membership', PRODUCT_HOMES)).toMatchObject({ kind: 'founding', home: '/dashboard/' });
    expect(boughtItem('price_alchemist_monthly', PRODUCT_HOMES)).toMatchObject({ kind: 'membership', name: 'Alchemist Membership' });
    expect(boughtItem('price_somebody_elses', PRODUCT_HOMES)).toBeNull();
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
