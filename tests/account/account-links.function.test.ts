/**
 * Accounts that prove who they are (docs/decisions/accounts.md), on the Auth emulator, the local
 * database and the email stand-in: the verification link after a sign-up and on request, the
 * password reset, changing the address (with the old address's undo) and the password, and mail
 * only to a proven address. Every link is followed as a member would: from the message in the
 * inbox to our own page, GET (which changes nothing) then the page's form.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import sync from '../../netlify/functions/auth-sync.mts';
import accountEmail, { config as accountEmailConfig } from '../../netlify/functions/account-email.mts';
import accountPassword, { config as accountPasswordConfig } from '../../netlify/functions/account-password.mts';
import action, { config as actionConfig } from '../../netlify/functions/account-action.mts';
import { createHandler as createResetHandler, config as resetConfig } from '../../netlify/functions/password-reset.mts';
import exporter from '../../netlify/functions/account-export.mts';
import { queueEmail, queueEmailLimited } from '../../netlify/functions/_registry/emails';
import { supabaseAdmin } from '../../netlify/functions/_shared/supabase';
import { signEmailUndo, verifyEmailUndo } from '../../netlify/functions/_shared/email/links';
import type { EmailStandIn, StoredMessage } from '../../local-platform/email/email-standin';
import type { LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import { call, emulatorHost, emulatorSignUp, expectNoLeak, SITE, type Handler } from '../support/functions';
import { expectWellFormed, linksOf, TEST_LINK_SECRET } from '../support/email';
import { ACCOUNT_LINK_MESSAGES } from '../../src/features/account/account-links';
import { RESET_OUTCOMES } from '../../src/features/account/password-reset';
import { withStandIns } from '../support/stand-ins';

let inbox: EmailStandIn;
let db: LocalSupabase;
const PASSWORD = 'first-password-1';

withStandIns({ db: true, inbox: true }, (standIns) => {
  ({ inbox, db } = standIns);
});
afterEach(() => {
  vi.useRealTimers();
});

// --- the emulator, as a member's browser and as the owner ------------------------------------

const emulator = (path: string, body: unknown, owner = false) =>
  fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/${path}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(owner ? { authorization: 'Bearer owner' } : {}) },
    body: JSON.stringify(body),
  });

interface Member {
  memberId: string;
  email: string;
  idToken: string;
}

async function signUp(email = `member-${crypto.randomUUID().slice(0, 8)}@example.com`): Promise<Member> {
  const { memberId, idToken } = await emulatorSignUp({ email, password: PASSWORD });
  return { memberId, email, idToken };
}

/** Signs in with a password: the ID token, or the emulator's error message. */
async function signIn(email: string, password: string): Promise<{ idToken?: string; error?: string }> {
  const res = await emulator('accounts:signInWithPassword', { email, password, returnSecureToken: true });
  const data = (await res.json()) as { idToken?: string; error?: { message?: string } };
  return res.ok ? { idToken: data.idToken! } : { error: data.error?.message ?? String(res.status) };
}

async function account(memberId: string): Promise<{ email?: string; emailVerified?: boolean; validSince?: string }> {
  const res = await emulator('accounts:lookup', { localId: [memberId] }, true);
  return ((await res.json()) as { users: { email?: string; emailVerified?: boolean; validSince?: string }[] }).users[0]!;
}

async function markVerified(memberId: string): Promise<void> {
  await emulator('accounts:update', { localId: memberId, emailVerified: true }, true);
}

/** A member as the site knows them after signing up: the account, the claim, the profile (and the first link, sent). */
async function newMember(email?: string): Promise<Member> {
  const member = await signUp(email);
  const res = await call(sync, '/api/auth-sync', { method: 'POST', headers: { authorization: `Bearer ${member.idToken}` } });
  expect(res.status).toBe(200);
  return member;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const profile = (memberId: string) => db.tables.profiles?.find((p) => p.id === memberId);
const to = (address: string) => inbox.messages.filter((m) => m.to.includes(address));

/** The one link in a message that leads to our account page, as a path with its query. */
function actionLink(message: StoredMessage): string {
  const link = linksOf(message).html.find((href) => href.startsWith(`${SITE}/api/account-action?`));
  expect(link, 'a link to our own account page').toBeTruthy();
  return link!.slice(SITE.length);
}

/** Opens a link's page (GET) and posts its form with `fields` as the browser would. */
async function openLink(path: string) {
  return call(action as Handler, path);
}
async function submitLink(path: string, fields: Record<string, string> = {}) {
  const query = new URL(path, SITE).searchParams;
  const form = new URLSearchParams({ mode: query.get('mode') ?? '', code: query.get('code') ?? '', ...fields });
  return call(action as Handler, '/api/account-action', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
}

const titleOf = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1];

describe('the verification link', () => {
  it('is sent once after an email-and-password sign-up, to the account, and proves the address only when its page is confirmed', async () => {
    const member = await newMember();
    expect(profile(member.memberId)).toMatchObject({ email: member.email, email_verified: false });
    const [message] = to(member.email);
    expect(inbox.messages).toHaveLength(1);
    expect(message!.subject).toBe('Confirm your email for Inner Alchemy');
    expectWellFormed(message!);
    // Signing in again does not send it again (the key 'signup').
    const again = await signIn(member.email, PASSWORD);
    expect((await call(sync, '/api/auth-sync', { method: 'POST', headers: bearer(again.idToken!) })).status).toBe(200);
    expect(inbox.messages).toHaveLength(1);

    const link = actionLink(message!);
    const page = await openLink(link);
    expect(page.status).toBe(200);
    expect(titleOf(page.text)).toBe('Confirm your email');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    // Opening the page (as a mail scanner does) changes nothing.
    expect((await account(member.memberId)).emailVerified).toBe(false);

    const done = await submitLink(link);
    expect(done.status).toBe(200);
    expect(titleOf(done.text)).toBe('Your email is confirmed');
    expect((await account(member.memberId)).emailVerified).toBe(true);
    expect(profile(member.memberId)).toMatchObject({ email_verified: true });

    // The same link again: used.
    const used = await submitLink(link);
    expect(used.status).toBe(400);
    expect(titleOf(used.text)).toBe('This link has expired');
    expect(used.text).toContain('Send the link again');
  });

  it('is not sent to a Google account, whose address counts as proven', async () => {
    const res = await emulator('accounts:signInWithIdp', {
      requestUri: 'http://localhost',
      postBody: `id_token=${encodeURIComponent(JSON.stringify({ sub: `g-${crypto.randomUUID()}`, email: `g-${crypto.randomUUID().slice(0, 6)}@gmail.com`, email_verified: true }))}&providerId=google.com`,
      returnSecureToken: true,
    });
    const google = (await res.json()) as { localId: string; idToken: string };
    expect(res.ok).toBe(true);
    expect((await call(sync, '/api/auth-sync', { method: 'POST', headers: bearer(google.idToken) })).status).toBe(200);
    expect(profile(google.localId)).toMatchObject({ email_verified: true });
    expect(inbox.messages).toHaveLength(0);
  });

  it('"Send the link again" sends at most 3 an hour, then answers with the limit\'s words; a verified address gets nothing', async () => {
    const member = await newMember();
    inbox.reset();
    const ask = () => call(accountEmail as Handler, '/api/account-email', { method: 'POST', headers: bearer(member.idToken), body: { action: 'verify' } });
    const answers = await Promise.all([ask(), ask(), ask(), ask()]);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 202, 202, 429]);
    expect(answers.find((a) => a.status === 429)!.body).toEqual({ error: ACCOUNT_LINK_MESSAGES.tooMany });
    expect(to(member.email)).toHaveLength(3);
    // The next clock hour has room again (the key's hour is the server's, never the device's).
    const nextHour = new Date(Date.now() + 3_600_000);
    expect(await queueEmailLimited(supabaseAdmin(), 'email_verification', { member: member.memberId, prefix: 'again', perHour: 3 }, nextHour)).toBe('sent');
    expect(await queueEmailLimited(supabaseAdmin(), 'email_verification', { member: member.memberId, prefix: 'again', perHour: 3 })).toBe('limited');

    await markVerified(member.memberId);
    inbox.reset();
    const verified = await ask();
    expect(verified).toMatchObject({ status: 200, body: { verified: true } });
    expect(inbox.messages).toHaveLength(0);
  });

  it('counts each member\'s requests: past 20 in ten minutes, the 21st is refused whatever it asks', async () => {
    const member = await newMember();
    await markVerified(member.memberId);
    const ask = () => call(accountEmail as Handler, '/api/account-email', { method: 'POST', headers: bearer(member.idToken), body: { action: 'verify' } });
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await ask()).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('refuses a request without a member', async () => {
    const res = await call(accountEmail as Handler, '/api/account-email', { method: 'POST', body: { action: 'verify' } });
    expect(res.status).toBe(401);
    expect(accountEmailConfig.rateLimit?.aggregateBy).toEqual(['ip', 'domain']);
    expect(actionConfig.path).toBe('/api/account-action');
  });
});

describe('mail goes only to a proven address', () => {
  it('a purchase confirmation waits for nobody: an unverified member gets none; once verified, the next one arrives', async () => {
    const member = await newMember();
    inbox.reset();
    const purchase = (ref: string) => ({ member: member.memberId, ref, params: { priceId: 'price_app_stillpoint', orderRef: ref } });
    expect(await queueEmail(supabaseAdmin(), 'purchase_confirmation', purchase('cs_unverified'))).toBe('skipped');
    expect(inbox.messages).toHaveLength(0);
    expect(db.tables.email_outbox?.find((r) => r.ref === 'cs_unverified')).toMatchObject({ status: 'skipped', last_error: 'no verified address on record' });

    await submitLink(actionLink((await (async () => {
      await call(accountEmail as Handler, '/api/account-email', { method: 'POST', headers: bearer(member.idToken), body: { action: 'verify' } });
      return to(member.email)[0]!;
    })())));
    expect(await queueEmail(supabaseAdmin(), 'purchase_confirmation', purchase('cs_verified'))).toBe('sent');
    expect(to(member.email).map((m) => m.subject)).toContain('Stillpoint is yours');
  });

  it('a coaching confirmation goes to the verified address, never to the address typed into the signup', async () => {
    const member = await newMember();
    await markVerified(member.memberId);
    db.tables.profiles = db.tables.profiles!.map((p) => (p.id === member.memberId ? { ...p, email_verified: true } : p));
    const session = '5e55e55e-0000-4000-8000-0000000000a1';
    db.tables.coaching_sessions = [{ id: session, starts_at: '2099-01-29T17:00:00Z', ends_at: '2099-01-29T18:00:00Z', max_spots: 10 }];
    db.tables.coaching_session_signups = [{ user_id: member.memberId, session_id: session, name: 'Ada', email: 'stranger@example.org' }];
    inbox.reset();
    const { default: confirm } = await import('../../netlify/functions/coaching-confirmation.mts');
    const res = await call(confirm as Handler, '/api/coaching-confirmation', { method: 'POST', headers: bearer(member.idToken) });
    expect(res.status).toBe(200);
    expect(inbox.messages.map((m) => m.to)).toEqual([[member.email]]);
    expect(to('stranger@example.org')).toHaveLength(0);
  });
});

describe('the password reset', () => {
  const reset = createResetHandler();
  const ask = (email: string, handler: Handler = reset as Handler) => call(handler, '/api/password-reset', { method: 'POST', body: { email } });

  it('gives the same answer whether or not an account has the address, and mails only the account', async () => {
    const member = await newMember();
    inbox.reset();
    const known = await ask(member.email);
    const unknown = await ask(`nobody-${crypto.randomUUID().slice(0, 6)}@example.com`);
    expect(known).toMatchObject({ status: 202, body: { sent: true, message: ACCOUNT_LINK_MESSAGES.resetSent } });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(inbox.messages).toHaveLength(1);
    expect(to(member.email)[0]!.subject).toBe('Reset your Inner Alchemy password');
    expectWellFormed(to(member.email)[0]!);
    expect(resetConfig.rateLimit?.aggregateBy).toEqual(['ip', 'domain']);
  });

  it("checks the address with the spec's words, and answers a form posted without JavaScript with the page's outcome", async () => {
    expect(await ask('')).toMatchObject({ status: 400, body: { error: 'Please enter your email address' } });
    expect(await ask('not-an-address')).toMatchObject({ status: 400, body: { error: 'Please enter a valid email address' } });
    expect(await ask('a@x.com,b@y.com')).toMatchObject({ status: 400, body: { error: 'Please enter a valid email address' } });
    const form = (email: string) => call(reset as Handler, '/api/password-reset', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email }).toString() });
    const sent = await form('someone@example.com');
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/forgot-password/#sent');
    expect((await form('')).headers.get('location')).toBe('/forgot-password/#email-required');
    expect(Object.keys(RESET_OUTCOMES)).toEqual(['sent', 'email-required', 'email-invalid', 'too-many', 'unavailable']);
  });

  it('limits each address to 3 an hour alike, with or without an account, and each client to 10 a minute', async () => {
    let now = Date.parse('2026-11-29T10:00:00Z');
    const handler = createResetHandler({ now: () => now }) as Handler;
    const member = await newMember();
    inbox.reset();
    const nobody = `nobody-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const statuses = async (email: string) => {
      const out = [];
      for (let i = 0; i < 4; i++) out.push((await ask(email, handler)).status);
      return out;
    };
    expect(await statuses(member.email)).toEqual([202, 202, 202, 429]);
    expect(await statuses(nobody)).toEqual([202, 202, 202, 429]);
    expect(to(member.email)).toHaveLength(3);
    expect((await ask(member.email, handler)).body).toEqual({ error: ACCOUNT_LINK_MESSAGES.tooManyRequests });
    // Ten from one client in a minute; the eleventh waits.
    now += 3_600_000;
    const many = [];
    for (let i = 0; i < 11; i++) many.push((await ask(`x${i}@example.com`, handler)).status);
    expect(many.filter((s) => s === 202)).toHaveLength(10);
    expect(many.at(-1)).toBe(429);
  });

  it('sets a new password with the spec\'s rules through the emailed link; the old password and every earlier session stop working', async () => {
    const member = await newMember();
    inbox.reset();
    await ask(member.email);
    const link = actionLink(to(member.email)[0]!);
    const page = await openLink(link);
    expect(titleOf(page.text)).toBe('Choose a new password');
    expect(page.text).toContain('<label for="new-password">New password</label>');

    expect((await submitLink(link, { password: 'abcdefg', confirmPassword: 'abcdefh' })).text).toContain('Passwords do not match');
    const short = await submitLink(link, { password: 'abc', confirmPassword: 'abc' });
    expect(short.status).toBe(400);
    expect(short.text).toContain('Password must be at least 6 characters long');

    // A second before the new password, the member's token was issued; it must stop counting.
    await new Promise((r) => setTimeout(r, 1100));
    const done = await submitLink(link, { password: 'second-password-2', confirmPassword: 'second-password-2' });
    expect(done.status).toBe(200);
    expect(titleOf(done.text)).toBe('Your new password is set');
    expect((await signIn(member.email, PASSWORD)).error).toMatch(/INVALID_PASSWORD|INVALID_LOGIN_CREDENTIALS/);
    expect((await signIn(member.email, 'second-password-2')).idToken).toBeTruthy();
    const old = await call(exporter as Handler, '/api/account-export', { headers: bearer(member.idToken) });
    expect(old.status).toBe(401);
    // Used once.
    expect(titleOf((await openLink(link)).text)).toBe('This link has expired');
    expectNoLeak(done.text);
  });
});

describe('changing the address', () => {
  it('asks for a recent sign-in, mails the new address, moves the account only when that link is opened, and tells the old address how to undo it', async () => {
    const member = await newMember();
    await markVerified(member.memberId);
    await call(sync, '/api/auth-sync', { method: 'POST', headers: bearer((await signIn(member.email, PASSWORD)).idToken!) });
    expect(profile(member.memberId)).toMatchObject({ email_verified: true });
    inbox.reset();
    const newEmail = `moved-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const change = (token: string, email = newEmail) => call(accountEmail as Handler, '/api/account-email', { method: 'POST', headers: bearer(token), body: { action: 'change', email } });

    // A sign-in more than 5 minutes old is not enough.
    vi.useFakeTimers({ now: Date.now() + 6 * 60_000, toFake: ['Date'] });
    expect((await change(member.idToken)).status).toBe(401);
    vi.useRealTimers();
    expect(await change(member.idToken, 'nope')).toMatchObject({ status: 400, body: { error: 'Please enter a valid email address' } });
    expect(await change(member.idToken, member.email)).toMatchObject({ status: 400, body: { error: ACCOUNT_LINK_MESSAGES.sameAddress } });

    expect((await change(member.idToken)).status).toBe(202);
    const [message] = to(newEmail);
    expect(message!.subject).toBe('Confirm your new email for Inner Alchemy');
    expect((await account(member.memberId)).email).toBe(member.email);

    const link = actionLink(message!);
    expect(titleOf((await openLink(link)).text)).toBe('Use your new address');
    expect((await account(member.memberId)).email).toBe(member.email);
    await new Promise((r) => setTimeout(r, 1100));
    const done = await submitLink(link);
    expect(titleOf(done.text)).toBe('Your new address is in use');
    expect(await account(member.memberId)).toMatchObject({ email: newEmail, emailVerified: true });
    expect(profile(member.memberId)).toMatchObject({ email: newEmail, email_verified: true });
    expect((await call(exporter as Handler, '/api/account-export', { headers: bearer(member.idToken) })).status).toBe(401);

    // The old address gets the notice, with the way back.
    const [notice] = to(member.email);
    expect(notice!.subject).toBe('Your Inner Alchemy account has a new email address');
    expect(notice!.text).toContain(newEmail);
    const undo = actionLink(notice!);
    expect(titleOf((await openLink(undo)).text)).toBe('Undo the change of address');

    // A forged undo (another member's id in a token we did not sign) changes nothing.
    const token = new URL(undo, SITE).searchParams.get('code')!;
    const forged = token.replace(/^[^.]+/, Buffer.from(JSON.stringify({ m: 'someone-else', o: 'x@example.com', n: newEmail, e: Date.now() + 1e9 })).toString('base64url'));
    expect(titleOf((await submitLink(`/api/account-action?mode=undoEmailChange&code=${encodeURIComponent(forged)}`)).text)).toBe('This link has expired');

    const undone = await submitLink(undo);
    expect(titleOf(undone.text)).toBe('Your address is back');
    expect(await account(member.memberId)).toMatchObject({ email: member.email, emailVerified: true });
    expect(profile(member.memberId)).toMatchObject({ email: member.email, email_verified: true });
    // Once only.
    expect(titleOf((await submitLink(undo)).text)).toBe('This link has expired');
  });

  it('an undo link works for 30 days from its notice, and only with our signature', async () => {
    const member = await newMember();
    const undo = (expires: number, secret = TEST_LINK_SECRET) =>
      `/api/account-action?mode=undoEmailChange&code=${encodeURIComponent(signEmailUndo(secret, { member: member.memberId, oldEmail: 'old@example.com', newEmail: member.email, expires }))}`;
    expect(titleOf((await openLink(undo(Date.now() + 60_000))).text)).toBe('Undo the change of address');
    expect(titleOf((await openLink(undo(Date.now() - 1))).text)).toBe('This link has expired');
    expect(titleOf((await openLink(undo(Date.now() + 60_000, 'another-secret'))).text)).toBe('This link has expired');
    expect(verifyEmailUndo(TEST_LINK_SECRET, 'a.b.c')).toBeNull();
    // The notice's own link: 30 days from when it is sent.
    const { prepareEmailChanged } = await import('../../src/features/account/server/email/account');
    const now = new Date('2026-11-29T10:00:00Z');
    const prepared = await prepareEmailChanged(supabaseAdmin(), { id: 1, user_id: member.memberId, kind: 'email_changed', ref: 'r', params: { oldEmail: 'old@example.com', newEmail: member.email }, created_at: now.toISOString() } as never, {
      settings: { site: SITE, linkSecret: TEST_LINK_SECRET } as never,
      now,
    });
    const code = /code=([^"&\s]+)/.exec(JSON.stringify(prepared))![1]!;
    expect(verifyEmailUndo(TEST_LINK_SECRET, decodeURIComponent(code))?.expires).toBe(now.getTime() + 30 * 86_400_000);
  });
});

describe('changing the password', () => {
  const change = (token: string, password: string, confirmPassword = password) =>
    call(accountPassword as Handler, '/api/account-password', { method: 'POST', headers: bearer(token), body: { password, confirmPassword } });

  it("asks for a recent sign-in and the spec's rules, then ends every session", async () => {
    const member = await newMember();
    expect(accountPasswordConfig.path).toBe('/api/account-password');
    expect(await change(member.idToken, 'abcdefg', 'abcdefh')).toMatchObject({ status: 400, body: { error: 'Passwords do not match' } });
    expect(await change(member.idToken, 'abc')).toMatchObject({ status: 400, body: { error: 'Password must be at least 6 characters long' } });
    vi.useFakeTimers({ now: Date.now() + 6 * 60_000, toFake: ['Date'] });
    expect((await change(member.idToken, 'third-password-3')).status).toBe(401);
    vi.useRealTimers();

    await new Promise((r) => setTimeout(r, 1100));
    expect(await change(member.idToken, 'third-password-3')).toMatchObject({ status: 200, body: { changed: true } });
    expect((await signIn(member.email, PASSWORD)).error).toBeTruthy();
    const fresh = await signIn(member.email, 'third-password-3');
    expect(fresh.idToken).toBeTruthy();
    expect((await call(exporter as Handler, '/api/account-export', { headers: bearer(member.idToken) })).status).toBe(401);
    expect((await call(exporter as Handler, '/api/account-export', { headers: bearer(fresh.idToken!) })).status).toBe(200);
  });
});
