/**
 * The link in a reminder (netlify/functions/email-preferences.mts): signed, it works without
 * signing in; a GET only shows where reminders stand (mail scanners open links), a POST (RFC
 * 8058's one-click body, or the page's button) changes them and the page says what it did; a
 * link we did not sign changes nothing. Turning reminders off leaves every confirmation on.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import handler, { config } from '../../netlify/functions/email-preferences.mts';
import { preferencesPath, signLink } from '../../netlify/functions/_shared/email/links';
import { queueEmail } from '../../netlify/functions/_registry/emails';
import { supabaseAdmin } from '../../netlify/functions/_shared/supabase';
import type { EmailStandIn } from '../../local-platform/email/email-standin';
import type { LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import { call } from '../support/functions';
import { TEST_LINK_SECRET } from '../support/email';
import { withStandIns } from '../support/stand-ins';

const ADA = 'uid_ada';
let inbox: EmailStandIn;
let db: LocalSupabase;

const link = (member = ADA, secret = TEST_LINK_SECRET) => preferencesPath(secret, 'reminders', member);
const reminders = async (member = ADA) => (await db.query<{ coaching_reminders: boolean }>('select coaching_reminders from public.email_preferences where user_id = $1', [member]))[0]?.coaching_reminders;
const oneClick = (path: string, type = 'application/x-www-form-urlencoded') =>
  call(handler, path, { method: 'POST', headers: { 'content-type': type }, body: 'List-Unsubscribe=One-Click' });
const choose = (path: string, choice: 'on' | 'off') => call(handler, path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `choice=${choice}` });

withStandIns({ db: true, inbox: true }, (standIns) => {
  ({ inbox, db } = standIns);
});
beforeEach(() => {
  db.tables.profiles = [
    { id: ADA, email: 'ada@example.com', full_name: 'Ada Lovelace', membership_tier: 'Explorer', email_verified: true },
    { id: 'uid_bea', email: 'bea@example.com', full_name: 'Bea', membership_tier: 'Explorer', email_verified: true },
  ];
});

describe('email-preferences', () => {
  it('is served at /api/email-preferences with a rate limit', () => {
    expect(config.path).toBe('/api/email-preferences');
    expect(config.rateLimit?.aggregateBy).toEqual(['ip', 'domain']);
  });

  it('a GET shows that reminders are on, with the one button that turns them off, and changes nothing', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await call(handler, link());
      expect(res.status).toBe(200);
      expect(res.text).toContain('Your coaching reminders are on.');
      expect(res.text).toMatch(/<form method="post" action="\/api\/email-preferences\?t=[^"]+"><input type="hidden" name="choice" value="off"><button type="submit">Turn off reminders<\/button><\/form>/);
    }
    expect(await reminders()).toBeUndefined();
    expect(db.requestsTo('POST', 'email_preferences')).toEqual([]);
  });

  it('answers a page a browser shows safely: no script, its style by hash, the token kept from other sites', async () => {
    const res = await call(handler, link());
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'$/);
    expect(res.text).not.toContain('<script');
    expect(res.text).toMatch(/^<!doctype html><html lang="en">/);
    expect(res.text.match(/<h1>/g)).toHaveLength(1);
  });

  it.each(['application/x-www-form-urlencoded', 'multipart/form-data'])('RFC 8058 one-click (%s) turns reminders off, without signing in', async (type) => {
    let res;
    if (type === 'multipart/form-data') {
      const form = new FormData();
      form.set('List-Unsubscribe', 'One-Click');
      const body = new Response(form);
      res = await call(handler, link(), { method: 'POST', headers: { 'content-type': body.headers.get('content-type')! }, body: await body.text() });
    } else {
      res = await oneClick(link(), type);
    }
    expect(res.status).toBe(200);
    expect(res.text).toContain('Done: reminders are off');
    expect(res.text).toContain('We’ve turned off your coaching reminders.');
    expect(await reminders()).toBe(false);
    expect(await reminders('uid_bea')).toBeUndefined();
    expect(db.requestsTo('POST', 'email_preferences')[0]?.apikey).toBe(db.env.SUPABASE_SERVICE_ROLE_KEY);
  });

  it('the page’s buttons turn them back on and off again, and say so', async () => {
    await oneClick(link());
    const again = await oneClick(link());
    expect(again.text).toContain('Your coaching reminders are already off.');
    const on = await choose(link(), 'on');
    expect(on.text).toContain('Done: reminders are on');
    expect(await reminders()).toBe(true);
    expect((await call(handler, link())).text).toContain('Your coaching reminders are on.');
    await choose(link(), 'off');
    expect(await reminders()).toBe(false);
    expect((await call(handler, link())).text).toContain('Your coaching reminders are already off.');
  });

  it.each([
    ['no token', '/api/email-preferences'],
    ['a token signed with another secret', link(ADA, 'another-secret')],
    ['a token for one member with another’s id', `/api/email-preferences?t=${signLink(TEST_LINK_SECRET, 'reminders', ADA).replace(Buffer.from(ADA).toString('base64url'), Buffer.from('uid_bea').toString('base64url'))}`],
    ['a token cut short', link().slice(0, -6)],
    ['a deleted account', link('uid_gone')],
  ])('%s changes nothing and says so (400)', async (_, path) => {
    const res = await oneClick(path);
    expect(res.status).toBe(400);
    expect(res.text).toContain('This link doesn’t work');
    expect(res.text).toContain('nothing was changed');
    expect(await reminders()).toBeUndefined();
    expect(await reminders('uid_bea')).toBeUndefined();
    expect(await reminders('uid_gone')).toBeUndefined();
  });

  it('refuses other methods (405) and a body that says nothing (400)', async () => {
    expect((await call(handler, link(), { method: 'PUT' })).status).toBe(405);
    const empty = await call(handler, link(), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'choice=maybe' });
    expect(empty.status).toBe(400);
    expect(await reminders()).toBeUndefined();
  });

  it('without the link secret the page says to try later (503) and changes nothing', async () => {
    const path = link();
    delete process.env.EMAIL_LINK_SECRET;
    const res = await oneClick(path);
    expect(res.status).toBe(503);
    expect(res.text).toContain('nothing was changed');
    expect(await reminders()).toBeUndefined();
  });

  it('turning reminders off leaves confirmations on: a purchase is still confirmed', async () => {
    await oneClick(link());
    expect(await queueEmail(supabaseAdmin(), 'purchase_confirmation', { member: ADA, ref: 'cs_1', params: { priceId: 'price_app_stillpoint', orderRef: 'cs_1' } })).toBe('sent');
    expect(inbox.messages.map((m) => m.subject)).toEqual(['Stillpoint is yours']);
  });
});
