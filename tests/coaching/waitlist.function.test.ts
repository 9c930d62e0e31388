/**
 * The waitlist's and the after-session messages end to end (src/features/coaching/server/email/waitlist.ts)
 * against the email stand-in, the local database (our migrations: the offer made in the
 * transaction that frees a seat) and the Auth emulator, with the clock set across the changes of
 * clocks (Europe/Berlin, 28 March and 31 October 2027): the offer's window (12 hours, or an hour
 * before the start, on the member's clock), sent at once by the call the dashboard makes after a
 * give-back; a lapsed offer passed on by the hourly run, one email each; the thank-you and the
 * kind note after a session, once each, after the end, respecting the reminders switch; the
 * coach's correction of who came, and the CSV that carries it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import run from '../../netlify/functions/email-outbox.mts';
import confirmation from '../../netlify/functions/coaching-confirmation.mts';
import coachSessions from '../../netlify/functions/coach-sessions.mts';
import coachRegistrants from '../../netlify/functions/coach-registrants.mts';
import { COACH_MESSAGES } from '../../src/features/coaching/coach/coach-rules';
import type { EmailStandIn } from '../../local-platform/email/email-standin';
import type { LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import { call, createEmulatorUser, emulatorHost, setEmulatorClaims, SITE } from '../support/functions';
import { expectWellFormed } from '../support/email';
import { withStandIns } from '../support/stand-ins';

let inbox: EmailStandIn;
let db: LocalSupabase;
withStandIns({ db: true, inbox: true }, (standIns) => {
  ({ inbox, db } = standIns);
});
afterEach(() => {
  vi.useRealTimers();
});

const HOUR = 3600_000;
const setClock = (iso: string) => vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso) });
const hourlyRun = () => call(run, '/.netlify/functions/email-outbox', { method: 'POST', body: {} });
const to = (email: string, subject?: RegExp) => inbox.messages.filter((m) => m.to.includes(email) && (!subject || subject.test(m.subject)));

async function member() {
  const user = await createEmulatorUser();
  await setEmulatorClaims(user.memberId, { role: 'authenticated' });
  return { ...user, idToken: await signIn(user.email) };
}
async function signIn(email: string): Promise<string> {
  const res = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct-horse-battery', returnSecureToken: true }),
  });
  return ((await res.json()) as { idToken: string }).idToken;
}

async function addSession(startIso: string, seats = 1): Promise<string> {
  const start = Date.parse(startIso);
  const [row] = await db.query<{ id: string }>(`insert into public.coaching_sessions (starts_at, ends_at, max_spots) values ($1, $2, $3) returning id`, [
    new Date(start).toISOString(),
    new Date(start + HOUR).toISOString(),
    seats,
  ]);
  return row!.id;
}
/** A verified member `uid` with the address `uid@example.com`. */
const verified = (uid: string, name: string) =>
  db.query(`insert into public.profiles (id, email, full_name, email_verified) values ($1, lower($1) || '@example.com', $2, true) on conflict (id) do update set email_verified = true`, [uid, name]);
async function signUp(uid: string, sessionId: string, name = 'Bo Berg'): Promise<string> {
  await verified(uid, name);
  const [row] = await db.query<{ id: string }>(
    `insert into public.coaching_session_signups (user_id, session_id, name, email, time_zone) values ($1, $2, $3, lower($1) || '@example.com', 'Europe/Berlin') returning id`,
    [uid, sessionId, name],
  );
  return row!.id;
}
async function joinLine(uid: string, sessionId: string, name: string, zone = 'Europe/Berlin'): Promise<void> {
  await verified(uid, name);
  await db.query(`insert into public.coaching_waitlist (user_id, session_id, name, email, time_zone) values ($1, $2, $3, lower($1) || '@example.com', $4)`, [uid, sessionId, name, zone]);
}
const giveBack = (uid: string, sessionId: string) => db.query(`delete from public.coaching_session_signups where user_id = $1 and session_id = $2`, [uid, sessionId]);
const placeOf = async (uid: string) =>
  (await db.query<{ status: string; offer_expires_at: Date | null }>(`select status, offer_expires_at from public.coaching_waitlist where user_id = $1`, [uid]))[0];
const address = (uid: string) => `${uid.toLowerCase()}@example.com`;

describe('a seat offered in turn', () => {
  it('before the clocks go forward: valid 12 hours, told on the member’s clock in summer time; sent at once by the call after a give-back', async () => {
    // Saturday 27 March 2027, 21:00 in Berlin (CET); the session is Sunday 28 March, 18:00 CEST (16:00 UTC).
    setClock('2027-03-27T20:00:00Z');
    const session = await addSession('2027-03-28T16:00:00Z');
    const bo = await member();
    await signUp(bo.memberId, session);
    const ana = 'uid-ana-offer';
    await joinLine(ana, session, 'Ana Lima');
    await giveBack(bo.memberId, session);
    // 12 hours later is 08:00 UTC, which the clocks, gone forward at 2:00, call 10:00 CEST.
    expect(await placeOf(ana)).toEqual({ status: 'offered', offer_expires_at: new Date('2027-03-28T08:00:00Z') });
    // (The emulator's ID token is dated by the real clock: the call is made on it.)
    vi.useRealTimers();

    // The dashboard's call after giving the seat back sends the offer now, to the one it was offered to.
    const sent = await call(confirmation, '/api/coaching-confirmation', { method: 'POST', headers: { authorization: `Bearer ${bo.idToken}` } });
    expect(sent.status).toBe(200);
    const [offer, ...more] = to(address(ana));
    expect(more).toEqual([]);
    expect(offer!.subject).toBe('A seat is free for you: Rapid Fire Coaching Live, Sunday, March 28, 2027');
    expectWellFormed(offer!);
    expect(offer!.text).toContain('Hi Ana,');
    expect(offer!.text).toContain('We’re holding it for you until Sunday, March 28, 2027, 10:00 AM CEST.');
    expect(offer!.text).toContain('Take the seat');
    expect(offer!.html).toContain(`href="${SITE}/dashboard/"`);
    expect(to(address(bo.memberId), /seat is free/)).toEqual([]);
    // The hourly run sends it no second time.
    await hourlyRun();
    expect(to(address(ana))).toHaveLength(1);
  });

  it('close to the start: until an hour before it, not 12 hours; after the clocks go back, in winter time', async () => {
    // Sunday 31 October 2027, 00:00 CEST (22:00 UTC on the 30th); the session is that day at 18:00 CET (17:00 UTC).
    setClock('2027-10-30T22:00:00Z');
    const later = await addSession('2027-10-31T17:00:00Z');
    const soon = await addSession('2027-10-31T09:00:00Z');
    for (const [s, taker, waiter] of [
      [later, 'uid-cy-oct', 'uid-di-oct'],
      [soon, 'uid-ed-oct', 'uid-fay-oct'],
    ] as const) {
      await signUp(taker, s);
      await joinLine(waiter, s, 'Di Dunn');
      await giveBack(taker, s);
    }
    // 12 hours after midnight CEST is 11:00 CET (the clocks went back an hour at 3:00).
    expect((await placeOf('uid-di-oct'))!.offer_expires_at).toEqual(new Date('2027-10-31T10:00:00Z'));
    // The session at 10:00 CET: an hour before it (08:00 UTC) comes before the 12 hours.
    expect((await placeOf('uid-fay-oct'))!.offer_expires_at).toEqual(new Date('2027-10-31T08:00:00Z'));
    await hourlyRun();
    expect(to(address('uid-di-oct'))[0]!.text).toContain('until Sunday, October 31, 2027, 11:00 AM CET.');
    expect(to(address('uid-fay-oct'))[0]!.text).toContain('until Sunday, October 31, 2027, 9:00 AM CET.');
  });

  it('a lapsed offer passes to the next in line by the hourly run, once: one email each, whatever the runs', async () => {
    setClock('2027-03-20T09:00:00Z');
    const session = await addSession('2027-03-25T17:00:00Z');
    await signUp('uid-gus', session);
    for (const [uid, name] of [
      ['uid-hal', 'Hal'],
      ['uid-ivy', 'Ivy'],
      ['uid-jo', 'Jo'],
    ] as const)
      await joinLine(uid, session, name, 'America/New_York');
    await giveBack('uid-gus', session);
    await hourlyRun();
    expect(to(address('uid-hal'))).toHaveLength(1);

    vi.setSystemTime(Date.parse('2027-03-20T21:00:00Z') + 60_000);
    const [first, second] = await Promise.all([hourlyRun(), hourlyRun()]);
    expect([first.status, second.status]).toEqual([200, 200]);
    await hourlyRun();
    expect([await placeOf('uid-hal'), await placeOf('uid-ivy'), await placeOf('uid-jo')].map((p) => p!.status)).toEqual(['expired', 'offered', 'waiting']);
    expect([to(address('uid-hal')).length, to(address('uid-ivy')).length, to(address('uid-jo')).length]).toEqual([1, 1, 0]);
    // On Ivy's own clock (New York, in summer time since 14 March): 09:01 UTC is 5:01 AM EDT.
    expect(to(address('uid-ivy'))[0]!.text).toContain('until Sunday, March 21, 2027, 5:01 AM EDT.');
  });
});

describe('after the session', () => {
  it('a thank-you to who came and a kind note to who did not, with the next session (after the change of clocks); once each, from two hours after the end; reminders off, nothing', async () => {
    setClock('2027-03-20T09:00:00Z');
    // Thursday 25 March 2027, 18:00 CET; the next is Thursday 29 April, 18:00 CEST.
    const session = await addSession('2027-03-25T17:00:00Z', 10);
    await addSession('2027-04-29T16:00:00Z', 10);
    const came = await signUp('uid-came', session, 'Kit Kerr');
    await signUp('uid-missed', session, 'Lu Lane');
    const corrected = await signUp('uid-corrected', session, 'Max Moor');
    const quiet = await signUp('uid-quiet', session, 'Ned Noor');
    await db.query(`insert into public.email_preferences (user_id, coaching_reminders) values ('uid-quiet', false)`);
    await db.query(`update public.coaching_session_signups set joined_at = '2027-03-25T16:58:00Z' where id in ($1, $2, $3)`, [came, corrected, quiet]);
    // The coach's word comes first: Max opened the link but did not stay.
    await db.query(`update public.coaching_session_signups set attendance = 'absent' where id = $1`, [corrected]);

    const afterSession = (uid: string) => to(address(uid), /Thank you for coming|We missed you/);
    setClock('2027-03-25T19:00:00Z'); // an hour after the end: too soon
    await hourlyRun();
    expect(['uid-came', 'uid-missed', 'uid-corrected', 'uid-quiet'].flatMap(afterSession)).toEqual([]);

    setClock('2027-03-25T20:05:00Z');
    await Promise.all([hourlyRun(), hourlyRun()]);
    setClock('2027-03-25T21:05:00Z');
    await hourlyRun();
    const [thanks, ...moreThanks] = afterSession('uid-came');
    expect(moreThanks).toEqual([]);
    expect(thanks!.subject).toBe('Thank you for coming to Rapid Fire Coaching Live');
    expectWellFormed(thanks!);
    expect(thanks!.text).toContain('Hi Kit,');
    expect(thanks!.text).toContain('Thank you for joining us at Rapid Fire Coaching Live on Thursday, March 25, 2027.');
    expect(thanks!.text).toContain('Date: Thursday, April 29, 2027');
    expect(thanks!.text).toContain('Time: 6:00 PM – 7:00 PM CEST');
    expect(thanks!.html).toContain(`href="${SITE}/#coaching-signup"`);
    expect(thanks!.text).toContain('Turn reminders off');
    for (const uid of ['uid-missed', 'uid-corrected']) {
      const notes = afterSession(uid);
      expect(notes.map((m) => m.subject)).toEqual(['We missed you at Rapid Fire Coaching Live']);
      expect(notes[0]!.text).toContain('Whenever you’re ready, there’s a place for you and your question.');
      expect(notes[0]!.text).toContain('Date: Thursday, April 29, 2027');
    }
    expect(afterSession('uid-quiet')).toEqual([]);
  });
});

describe('who came, the coach’s word', () => {
  it('is recorded by the coach from the start (joined, did not come, taken back), refused before it and to anyone else; the CSV carries it', async () => {
    const coming = await addSession(new Date(Date.now() + 2 * HOUR).toISOString(), 5);
    const early = await signUp('uid-att-early', coming, 'Cy Cole');
    // A session that began ten minutes ago (the owner's fixture: signups close at the start).
    const session = await addSession(new Date(Date.now() - 10 * 60_000).toISOString(), 5);
    const ana = await signUp('uid-att-ana', session, 'Ana Lima');
    await signUp('uid-att-bo', session, 'Bo Berg');
    const boss = await createEmulatorUser();
    await setEmulatorClaims(boss.memberId, { role: 'authenticated', coach: true });
    const coachToken = await signIn(boss.email);
    const other = await member();
    const patch = (token: string, body: unknown) =>
      call(coachSessions, '/api/coach-sessions', { method: 'PATCH', headers: { authorization: `Bearer ${token}`, origin: SITE }, body });

    expect(await patch(coachToken, { id: coming, registrant: early, attendance: 'joined' })).toMatchObject({ status: 409, body: { error: COACH_MESSAGES.attendanceTooEarly } });
    // Another session's registrant is not this one's.
    expect((await patch(coachToken, { id: session, registrant: early, attendance: 'joined' })).status).toBe(404);
    expect((await patch(other.idToken, { id: session, registrant: ana, attendance: 'joined' })).status).toBe(403);
    expect(await patch(coachToken, { id: session, registrant: ana, attendance: 'maybe' })).toMatchObject({ status: 400, body: { error: COACH_MESSAGES.attendanceInvalid } });
    expect(await patch(coachToken, { id: session, registrant: crypto.randomUUID(), attendance: 'joined' })).toMatchObject({ status: 404, body: { error: COACH_MESSAGES.registrantMissing } });
    const saved = await patch(coachToken, { id: session, registrant: ana, attendance: 'joined' });
    expect(saved.status).toBe(200);
    expect((saved.body as { session: { registrants: { name: string; attendance: string | null }[] } }).session.registrants.map((r) => [r.name, r.attendance])).toEqual([
      ['Ana Lima', 'joined'],
      ['Bo Berg', null],
    ]);
    const csv = await call(coachRegistrants, `/api/coach-registrants?session=${session}`, { headers: { authorization: `Bearer ${coachToken}` } });
    expect(csv.text).toMatch(/^Name,Email,Signed up \(Europe\/Berlin\),Came\r\nAna Lima,uid-att-ana@example\.com,[\d-]+ [\d:]+,Joined\r\nBo Berg,uid-att-bo@example\.com,[\d-]+ [\d:]+,Did not come\r\n$/);
    expect((await patch(coachToken, { id: session, registrant: ana, attendance: null })).status).toBe(200);
    expect((await db.query(`select attendance from public.coaching_session_signups where id = $1`, [ana]))[0]).toEqual({ attendance: null });
  });
});
