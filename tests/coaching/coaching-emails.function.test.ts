/**
 * The coaching emails (src/features/coaching/server/email/coaching.ts) end to end against the email
 * stand-in, the local database (our migrations: the triggers that queue a signup's confirmation
 * and a change's notices) and the Auth emulator: the confirmation sent at once by the function the
 * dashboard calls after its insert, and by the hourly run when that call never came; the
 * day-before reminder from the hourly run (decided by instants, across the change to summer
 * time), with its join link and its one-click unsubscribe; the notices of a session cancelled,
 * moved or given a new link. Each once, whatever the repeats; a provider 5xx tried again by the
 * next run; turning reminders off stops reminders and nothing else.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import run from '../../netlify/functions/email-outbox.mts';
import confirmation, { config as confirmationConfig } from '../../netlify/functions/coaching-confirmation.mts';
import coachSessions from '../../netlify/functions/coach-sessions.mts';
import coachJoinLink from '../../netlify/functions/coach-join-link.mts';
import preferences from '../../netlify/functions/email-preferences.mts';
import { sessionCalendar } from '../../src/features/coaching/calendar';
import { COACHING_JOIN } from '../../src/core/config/site';
import type { EmailStandIn, StoredMessage } from '../../local-platform/email/email-standin';
import type { LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import { call, createEmulatorUser, emulatorHost, setEmulatorClaims, SITE, type LogSpies } from '../support/functions';
import { expectWellFormed } from '../support/email';
import { withStandIns } from '../support/stand-ins';

let inbox: EmailStandIn;
let db: LocalSupabase;
let logs: LogSpies;

const HOUR = 3600_000;
const JOIN = 'https://meet.example.com/rapid-fire-live';
const STANDING = 'https://meet.example.com/standing-room';

withStandIns({ db: true, inbox: true }, (standIns, spies) => {
  ({ inbox, db } = standIns);
  logs = spies;
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const hourlyRun = () => call(run, '/.netlify/functions/email-outbox', { method: 'POST', body: {} });
const outbox = (kind?: string) => (db.tables.email_outbox ?? []).filter((r) => !kind || r.kind === kind);
const to = (email: string, subject?: RegExp) => inbox.messages.filter((m) => m.to.includes(email) && (!subject || subject.test(m.subject)));
const decoded = (m: StoredMessage, i = 0) => Buffer.from((m as unknown as { attachments: { content: string }[] }).attachments[i]!.content, 'base64').toString('utf8');

/** A session from `startIso` for an hour, as the coach adds it (the database writes its date and time). */
async function addSession(startIso: string, options: { seats?: number; minutes?: number } = {}): Promise<string> {
  const start = Date.parse(startIso);
  const [row] = await db.query<{ id: string }>(`insert into public.coaching_sessions (starts_at, ends_at, max_spots) values ($1, $2, $3) returning id`, [
    new Date(start).toISOString(),
    new Date(start + (options.minutes ?? 60) * 60_000).toISOString(),
    options.seats ?? 20,
  ]);
  return row!.id;
}
const sessionRow = async (id: string) =>
  (await db.query<{ id: string; date: string; starts_at: Date; ends_at: Date; time_zone: string }>(`select id, date::text, starts_at, ends_at, time_zone from public.coaching_sessions where id = $1`, [id]))[0]!;

/**
 * A signup as the member's insert writes it (the database queues its confirmation), by a member
 * whose verified address is `email` (their profile: every coaching message goes there, not to the
 * address typed into the signup, which the tests of that rule type differently).
 */
async function signUp(memberId: string, sessionId: string, options: { name?: string; email?: string; zone?: string | null; typed?: string } = {}): Promise<string> {
  await db.query(
    `insert into public.profiles (id, email, full_name, email_verified) values ($1, $2, $3, true) on conflict (id) do update set email = excluded.email, email_verified = true`,
    [memberId, options.email ?? `${memberId}@example.com`, options.name ?? 'Ada Lovelace'],
  );
  const [row] = await db.query<{ id: string }>(
    `insert into public.coaching_session_signups (user_id, session_id, name, email, time_zone) values ($1, $2, $3, $4, $5) returning id`,
    [memberId, sessionId, options.name ?? 'Ada Lovelace', options.typed ?? options.email ?? `${memberId}@example.com`, options.zone === undefined ? 'America/New_York' : options.zone],
  );
  return row!.id;
}
const remindersOff = (memberId: string) => db.query(`insert into public.email_preferences (user_id, coaching_reminders) values ($1, false)`, [memberId]);
const setClock = (iso: string) => vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso) });
/** Marks what is queued as sent, as if an earlier run had sent it (so a test looks at one kind). */
const alreadySent = () => db.query(`update public.email_outbox set status = 'sent', sent_at = now(), attempts = 1 where status = 'pending'`);

async function member() {
  const user = await createEmulatorUser();
  await setEmulatorClaims(user.memberId, { role: 'authenticated' });
  const res = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: 'correct-horse-battery', returnSecureToken: true }),
  });
  return { ...user, idToken: ((await res.json()) as { idToken: string }).idToken };
}
async function coach() {
  const user = await member();
  await setEmulatorClaims(user.memberId, { role: 'authenticated', coach: true });
  const res = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: 'correct-horse-battery', returnSecureToken: true }),
  });
  return { ...user, idToken: ((await res.json()) as { idToken: string }).idToken };
}
const confirmNow = (user: { idToken: string } | null) =>
  call(confirmation, '/api/coaching-confirmation', { method: 'POST', headers: user ? { authorization: `Bearer ${user.idToken}` } : {} });

describe('the signup confirmation', () => {
  it('is queued with the signup, sent at once by the dashboard’s call: the session in the member’s words, the .ics the dashboard gives, how to give the seat back; once', async () => {
    expect(confirmationConfig).toMatchObject({ path: '/api/coaching-confirmation', rateLimit: expect.objectContaining({ windowLimit: 10 }) });
    const ada = await member();
    // Thursday, March 25, 2027, 6 PM in Berlin (CET, still winter time): 1 PM in New York (EDT since March 14).
    const session = await addSession('2027-03-25T17:00:00Z');
    const signup = await signUp(ada.memberId, session, { email: 'ada@example.com' });
    expect(outbox()).toMatchObject([{ kind: 'coaching_confirmation', user_id: ada.memberId, ref: signup, status: 'pending' }]);
    expect(inbox.messages).toEqual([]);

    expect((await confirmNow(null)).status).toBe(401);
    const sent = await confirmNow(ada);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ sent: 1, failed: 0, given_up: 0, skipped: 0, left: 0 });
    const [message] = to('ada@example.com');
    expect(message!.subject).toBe('Your seat is saved: Rapid Fire Coaching Live, Thursday, March 25, 2027');
    expectWellFormed(message!);
    expect(message!.text).toContain('Hi Ada,');
    expect(message!.text).toContain('Date: Thursday, March 25, 2027');
    expect(message!.text).toContain('Time: 6:00 PM – 7:00 PM CET');
    expect(message!.text).toContain('Your time: 1:00 PM – 2:00 PM EDT');
    expect(message!.text).toContain('give your seat back on your dashboard');
    expect(message!.text).toContain(`Go to your dashboard: ${SITE}/dashboard/`);
    // The .ics: the dashboard's own text for this session, stamped when the message was queued.
    expect(message!.attachments).toEqual([expect.objectContaining({ filename: 'rapid-fire-coaching-2027-03-25.ics', content_type: 'text/calendar; charset=utf-8' })]);
    const row = await sessionRow(session);
    const queued = new Date(String(outbox('coaching_confirmation')[0]!.created_at));
    expect(decoded(message!)).toBe(
      sessionCalendar(
        { id: session, date: row.date, starts_at: row.starts_at.toISOString(), ends_at: row.ends_at.toISOString(), time_zone: row.time_zone },
        { host: new URL(SITE).host, joinDetails: COACHING_JOIN.details, joinUrl: COACHING_JOIN.url, now: queued },
      ),
    );
    expect(decoded(message!)).toContain('DTSTART:20270325T170000Z');
    // Confirmations carry no unsubscribe: they have no switch.
    expect(message!.headers['List-Unsubscribe']).toBeUndefined();

    // Again, and the hourly run: nothing new.
    expect((await confirmNow(ada)).body).toMatchObject({ sent: 0 });
    await hourlyRun();
    expect(inbox.messages).toHaveLength(1);
    expect(outbox()).toMatchObject([{ status: 'sent', recipient: 'ada@example.com', attempts: 1 }]);
    // One line, for the call without a token; no address, no body.
    expect(logs.all()).toBe('[coaching-confirmation] 401 POST /api/coaching-confirmation: User not authenticated');
  });

  it('the call sends only the caller’s own; the hourly run sends one nobody asked for; a seat given back first is not confirmed', async () => {
    const [ada, ben] = [await member(), await member()];
    const session = await addSession(new Date(Date.now() + 10 * 24 * HOUR).toISOString());
    await signUp(ada.memberId, session, { email: 'ada@example.com', name: 'Ada' });
    await signUp(ben.memberId, session, { email: 'ben@example.com', name: 'Ben' });
    const gone = await signUp('uid_gone', session, { email: 'gone@example.com' });
    await db.query(`delete from public.coaching_session_signups where id = $1`, [gone]);

    await confirmNow(ada);
    expect(inbox.messages.map((m) => m.to[0])).toEqual(['ada@example.com']);
    // The seat given back dropped its confirmation at once (the database), so the run has only Ben's.
    const first = await hourlyRun();
    expect(first.body).toMatchObject({ sent: 1, skipped: 0 });
    expect(to('ben@example.com')).toHaveLength(1);
    expect(to('gone@example.com')).toEqual([]);
    expect(outbox().find((r) => r.user_id === 'uid_gone')).toMatchObject({ status: 'skipped', last_error: 'the seat was given back before it was sent' });
    await hourlyRun();
    expect(inbox.messages).toHaveLength(2);
  });

  it('a provider 5xx on the immediate send: the signup stands, the next run sends it once', async () => {
    const ada = await member();
    const session = await addSession(new Date(Date.now() + 5 * 24 * HOUR).toISOString());
    await signUp(ada.memberId, session, { email: 'ada@example.com' });
    inbox.fail(503);
    expect((await confirmNow(ada)).body).toMatchObject({ sent: 0, failed: 1 });
    expect(outbox()).toMatchObject([{ status: 'failed', attempts: 1, last_error: '503 application_error' }]);
    expect((await hourlyRun()).body).toMatchObject({ sent: 1 });
    expect((await hourlyRun()).body).toMatchObject({ sent: 0 });
    expect(to('ada@example.com')).toHaveLength(1);
  });
});

describe('the reminder, the day before', () => {
  it('goes to each registrant whose reminders are on, for sessions starting within 24 hours, with the join link and a one-click unsubscribe; once', async () => {
    setClock('2026-12-09T12:00:00Z');
    const soon = await addSession('2026-12-10T11:30:00Z'); // in 23.5 hours
    const later = await addSession('2026-12-10T13:00:00Z'); // in 25 hours
    const cancelled = await addSession('2026-12-10T09:00:00Z');
    await signUp('uid_ada', soon, { email: 'ada@example.com', name: 'Ada' });
    await signUp('uid_ben', soon, { email: 'ben@example.com', name: 'Ben', zone: null });
    await signUp('uid_cleo', soon, { email: 'cleo@example.com', name: 'Cleo' });
    await remindersOff('uid_cleo');
    await signUp('uid_ada', later, { email: 'ada@example.com' });
    await signUp('uid_ben', cancelled, { email: 'ben@example.com' });
    await db.query(`update public.coaching_sessions set is_active = false, cancelled_at = now() where id = $1`, [cancelled]);
    await alreadySent();
    await db.query(`insert into public.coaching_join_links (session_id, url) values ($1, $2)`, [soon, JOIN]);

    const first = await hourlyRun();
    expect(first.body).toEqual({ sent: 2, failed: 0, given_up: 0, skipped: 0, left: 0, waiting: 0, waiting_due: 0 });
    expect(outbox('coaching_reminder').map((r) => [r.user_id, r.ref]).sort()).toEqual([
      ['uid_ada', soon],
      ['uid_ben', soon],
    ]);
    const [ada] = to('ada@example.com', /^Coming up/);
    expect(ada!.subject).toBe('Coming up: Rapid Fire Coaching Live, and how to join');
    expectWellFormed(ada!, SITE, 'support@inneralchemy.coach', [JOIN]);
    expect(ada!.text).toContain(`Join the session: ${JOIN}`);
    expect(ada!.html).toContain(`href="${JOIN}"`);
    expect(ada!.text).toContain('Time: 12:30 PM – 1:30 PM CET');
    expect(ada!.text).toContain('Your time: 6:30 AM – 7:30 AM EST');
    expect(ada!.attachments).toEqual([expect.objectContaining({ filename: 'rapid-fire-coaching-2026-12-10.ics' })]);
    const unsubscribe = ada!.headers['List-Unsubscribe']!;
    expect(unsubscribe).toMatch(new RegExp(`^<${SITE}/api/email-preferences\\?t=reminders\\.[\\w%.-]+>, <mailto:support@inneralchemy\\.coach\\?subject=Turn%20off%20coaching%20reminders>$`));
    expect(ada!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // The same signed link in the body's footer.
    const link = /^<([^>]+)>/.exec(unsubscribe)![1]!;
    expect(ada!.text).toContain(`Turn reminders off <${link}>`);
    // Ben gave no zone: the coach's clock only.
    const [ben] = to('ben@example.com', /^Coming up/);
    expect(ben!.text).toContain('Hi Ben,');
    expect(ben!.text).not.toContain('Your time');
    expect(to('cleo@example.com', /^Coming up/)).toEqual([]);

    // The next hour: the later session comes into the window; nothing is sent twice.
    vi.setSystemTime(new Date('2026-12-09T13:00:00Z'));
    expect((await hourlyRun()).body).toMatchObject({ sent: 1 });
    vi.setSystemTime(new Date('2026-12-09T14:00:00Z'));
    expect((await hourlyRun()).body).toMatchObject({ sent: 0 });
    expect(to('ada@example.com', /^Coming up/)).toHaveLength(2);
    expect(to('ben@example.com', /^Coming up/)).toHaveLength(1);
    expect(logs.lines()).toBe(0);
  });

  it('without a link of its own: the standing link; without either: where the link will be', async () => {
    setClock('2026-12-09T12:00:00Z');
    const soon = await addSession('2026-12-10T10:00:00Z');
    await signUp('uid_ada', soon, { email: 'ada@example.com' });
    await alreadySent();
    await hourlyRun();
    expect(to('ada@example.com')[0]!.text).toContain('Your join link isn’t ready yet. It will be on your dashboard');
    expectWellFormed(to('ada@example.com')[0]!);

    const other = await addSession('2026-12-10T11:00:00Z');
    await signUp('uid_ben', other, { email: 'ben@example.com' });
    await alreadySent();
    await db.query(`insert into public.coaching_standing_link (url) values ($1)`, [STANDING]);
    await hourlyRun();
    expect(to('ben@example.com')[0]!.text).toContain(`Join the session: ${STANDING}`);
  });

  it('turning reminders off (the one-click POST of the mail app) stops the reminder and nothing else', async () => {
    db.tables.profiles = [{ id: 'uid_ada', email: 'ada@example.com', full_name: 'Ada Lovelace', membership_tier: 'Explorer', email_verified: true }];
    setClock('2026-12-09T12:00:00Z');
    const soon = await addSession('2026-12-10T11:00:00Z');
    await signUp('uid_ada', soon, { email: 'ada@example.com' });
    // The confirmation still goes, whatever the switch says.
    await remindersOff('uid_ada');
    expect((await hourlyRun()).body).toMatchObject({ sent: 1 });
    expect(to('ada@example.com').map((m) => m.subject)).toEqual([expect.stringMatching(/^Your seat is saved/)]);
    expect(outbox('coaching_reminder')).toEqual([]);

    // On again: the next run reminds. Then off from the reminder's own header, before a second session's.
    await db.query(`update public.email_preferences set coaching_reminders = true where user_id = 'uid_ada'`);
    await hourlyRun();
    const [reminder] = to('ada@example.com', /^Coming up/);
    const link = new URL(/^<([^>]+)>/.exec(reminder!.headers['List-Unsubscribe']!)![1]!);
    const second = await addSession('2026-12-10T11:30:00Z');
    await signUp('uid_ada', second, { email: 'ada@example.com' });
    const clicked = await call(preferences, `${link.pathname}${link.search}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(clicked.status).toBe(200);
    expect((await hourlyRun()).body).toMatchObject({ sent: 1 });
    expect(to('ada@example.com', /^Coming up/)).toHaveLength(1);
    expect(to('ada@example.com', /^Your seat is saved/)).toHaveLength(2);

    // And the coach's cancellation still reaches her.
    await db.query(`update public.coaching_sessions set is_active = false, cancelled_at = now() where id = $1`, [second]);
    await hourlyRun();
    expect(to('ada@example.com', /^Cancelled/)).toHaveLength(1);
  });

  it('a reminder queued and then turned off before its send is skipped', async () => {
    setClock('2026-12-09T12:00:00Z');
    const soon = await addSession('2026-12-10T11:00:00Z');
    await signUp('uid_ada', soon, { email: 'ada@example.com' });
    await alreadySent();
    inbox.fail(503);
    expect((await hourlyRun()).body).toMatchObject({ failed: 1 });
    await remindersOff('uid_ada');
    expect((await hourlyRun()).body).toMatchObject({ sent: 0, skipped: 1 });
    expect(outbox('coaching_reminder')).toMatchObject([{ status: 'skipped', last_error: 'reminders are off' }]);
    expect(inbox.messages).toEqual([]);
  });

  it('a provider 5xx is tried again by the next run, once sent never again', async () => {
    setClock('2026-12-09T12:00:00Z');
    const soon = await addSession('2026-12-10T11:00:00Z');
    await signUp('uid_ada', soon, { email: 'ada@example.com' });
    await alreadySent();
    inbox.fail(502);
    expect((await hourlyRun()).body).toMatchObject({ sent: 0, failed: 1 });
    expect(outbox('coaching_reminder')).toMatchObject([{ status: 'failed', attempts: 1 }]);
    vi.setSystemTime(new Date('2026-12-09T13:00:00Z'));
    expect((await hourlyRun()).body).toMatchObject({ sent: 1, failed: 0 });
    vi.setSystemTime(new Date('2026-12-09T14:00:00Z'));
    expect((await hourlyRun()).body).toMatchObject({ sent: 0, failed: 0 });
    expect(to('ada@example.com', /^Coming up/)).toHaveLength(1);
    expect(new Set(inbox.requests.map((r) => r.idempotencyKey)).size).toBe(1);
  });

  it('across the change to summer time: the session on the first day of CEST is reminded 24 hours before its instant, not its wall clock', async () => {
    // Sunday, March 28, 2027: Berlin's clocks go from 2:00 CET to 3:00 CEST. 6 PM CEST is 16:00 UTC.
    const sunday = await addSession('2027-03-28T16:00:00Z');
    await signUp('uid_ada', sunday, { email: 'ada@example.com' });
    await alreadySent();
    // Saturday 4 PM CET (15:00 UTC): 25 hours before. A reminder by the wall clock ("tomorrow at 6 PM minus a day") would go now or at 5 PM CET.
    setClock('2027-03-27T15:00:00Z');
    expect((await hourlyRun()).body).toMatchObject({ sent: 0 });
    vi.setSystemTime(new Date('2027-03-27T15:59:00Z'));
    expect((await hourlyRun()).body).toMatchObject({ sent: 0 });
    // Saturday 5 PM CET (16:00 UTC): exactly 24 hours before.
    vi.setSystemTime(new Date('2027-03-27T16:00:00Z'));
    expect((await hourlyRun()).body).toMatchObject({ sent: 1 });
    const [reminder] = to('ada@example.com', /^Coming up/);
    expect(reminder!.text).toContain('Date: Sunday, March 28, 2027');
    expect(reminder!.text).toContain('Time: 6:00 PM – 7:00 PM CEST');
    expect(reminder!.text).toContain('Your time: 12:00 PM – 1:00 PM EDT');
    expect(decoded(reminder!)).toContain('DTSTART:20270328T160000Z');
    vi.setSystemTime(new Date('2027-03-27T17:00:00Z'));
    expect((await hourlyRun()).body).toMatchObject({ sent: 0 });
  });

  it('a session already started when the run comes is not reminded', async () => {
    setClock('2026-12-09T12:00:00Z');
    const soon = await addSession('2026-12-09T12:30:00Z');
    await signUp('uid_ada', soon, { email: 'ada@example.com' });
    await alreadySent();
    inbox.fail(503);
    await hourlyRun();
    vi.setSystemTime(new Date('2026-12-09T13:00:00Z'));
    expect((await hourlyRun()).body).toMatchObject({ sent: 0, skipped: 1 });
    expect(outbox('coaching_reminder')).toMatchObject([{ status: 'skipped', last_error: 'the session has started' }]);
  });
});

describe('a session changed or cancelled by the coach', () => {
  it('cancelled through the coach’s page: every registrant told at once, with an apology and the next session with seats; once', async () => {
    const boss = await coach();
    const day = 24 * HOUR;
    const doomed = await addSession(new Date(Date.now() + 3 * day).toISOString());
    const full = await addSession(new Date(Date.now() + 5 * day).toISOString(), { seats: 1 });
    const next = await addSession(new Date(Date.now() + 9 * day).toISOString());
    await signUp('uid_ada', doomed, { email: 'ada@example.com', name: 'Ada' });
    await signUp('uid_ben', doomed, { email: 'ben@example.com', name: 'Ben', zone: 'Asia/Tokyo' });
    await signUp('uid_someone', full, { email: 'someone@example.com' });
    await alreadySent();

    const res = await call(coachSessions, '/api/coach-sessions', { method: 'PATCH', headers: { authorization: `Bearer ${boss.idToken}`, origin: SITE }, body: { id: doomed, cancel: true } });
    expect(res.status).toBe(200);
    const change = (await db.query<{ id: string }>(`select id from public.coaching_session_changes where session_id = $1 and kind = 'cancelled'`, [doomed]))[0]!.id;
    expect(outbox('coaching_change').map((r) => [r.user_id, r.ref, r.status]).sort()).toEqual([
      ['uid_ada', change, 'sent'],
      ['uid_ben', change, 'sent'],
    ]);
    const [ada] = to('ada@example.com', /^Cancelled/);
    expectWellFormed(ada!);
    expect(ada!.text).toContain('We’re sorry: the session you signed up for');
    const nextRow = await sessionRow(next);
    const nextDay = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(nextRow.starts_at);
    expect(ada!.text).toContain(`The next session with seats open is:\n\nDate: ${nextDay}`);
    expect(ada!.text).toContain(`Save a seat: ${SITE}/#coaching-signup`);
    expect(to('ben@example.com', /^Cancelled/)[0]!.text).toMatch(/Your time: .* GMT\+9/);

    // Cancelling again is refused and sends nothing; the hourly run sends nothing more.
    const again = await call(coachSessions, '/api/coach-sessions', { method: 'PATCH', headers: { authorization: `Bearer ${boss.idToken}`, origin: SITE }, body: { id: doomed, cancel: true } });
    expect(again.status).toBe(409);
    await hourlyRun();
    expect(to('ada@example.com', /^Cancelled/)).toHaveLength(1);
    expect(to('ben@example.com', /^Cancelled/)).toHaveLength(1);
    expect(to('someone@example.com')).toEqual([]);
  });

  it('moved twice: two notices each, with the new time and the .ics; the moves of a seat given back are not sent', async () => {
    const start = Date.now() + 6 * 24 * HOUR;
    const session = await addSession(new Date(start).toISOString());
    await signUp('uid_ada', session, { email: 'ada@example.com', zone: 'Europe/Berlin' });
    await signUp('uid_ben', session, { email: 'ben@example.com' });
    await alreadySent();
    const move = (ms: number) => db.query(`update public.coaching_sessions set starts_at = $2, ends_at = $3 where id = $1`, [session, new Date(ms).toISOString(), new Date(ms + HOUR).toISOString()]);
    await move(start + HOUR);
    await move(start + 2 * HOUR);
    await db.query(`delete from public.coaching_session_signups where user_id = 'uid_ben'`);
    expect((await hourlyRun()).body).toMatchObject({ sent: 2, skipped: 2 });
    const notices = to('ada@example.com', /^New time/);
    expect(notices).toHaveLength(2);
    expectWellFormed(notices[0]!);
    expect(notices[0]!.text).toContain('We’ve had to move the session you signed up for. It was');
    expect(notices[0]!.text).not.toContain('Your time'); // her zone is the coach's
    expect(notices[0]!.attachments).toHaveLength(1);
    expect(decoded(notices[0]!)).toContain(`DTSTART:${new Date(start + 2 * HOUR).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    expect(new Set(outbox('coaching_change').map((r) => r.ref)).size).toBe(2);
    await hourlyRun();
    expect(to('ada@example.com', /^New time/)).toHaveLength(2);
  });

  it('a new join link: only to those whose reminder carried the old one; the same link again sends nothing', async () => {
    const boss = await coach();
    const soon = await addSession(new Date(Date.now() + 20 * HOUR).toISOString());
    await signUp('uid_ada', soon, { email: 'ada@example.com' });
    await signUp('uid_ben', soon, { email: 'ben@example.com' });
    await remindersOff('uid_ben');
    const setLink = (url: string) =>
      call(coachJoinLink, '/api/coach-join-link', { method: 'PUT', headers: { authorization: `Bearer ${boss.idToken}`, origin: SITE }, body: { session: soon, url } });

    // Before any reminder: no notice (the reminder will carry the link).
    expect((await setLink(JOIN)).status).toBe(200);
    expect(outbox('coaching_change')).toEqual([]);
    await hourlyRun();
    expect(to('ada@example.com', /^Coming up/)[0]!.text).toContain(JOIN);

    // After it: Ada's reminder has the old link; Ben had none.
    const moved = 'https://meet.example.com/another-room';
    expect((await setLink(moved)).status).toBe(200);
    const [notice] = to('ada@example.com', /^A new join link/);
    expect(notice!.text).toContain(`Join the session: ${moved}`);
    expect(notice!.text).toContain('Please use this one instead of the link in your reminder');
    expect(to('ben@example.com', /join link/)).toEqual([]);
    // The same link again is no change; the hourly run sends nothing more.
    expect((await setLink(moved)).status).toBe(200);
    await hourlyRun();
    expect(to('ada@example.com', /^A new join link/)).toHaveLength(1);
  });
});
