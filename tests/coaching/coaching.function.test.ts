/**
 * The coaching functions against the local database (PGlite behind the PostgREST endpoint, with
 * our migrations and today's grants) and the Auth emulator: the daily scheduler; the coach's
 * functions as the coach, as a member, with a forged token, on a deleted session and with bad
 * input (a clear message, nothing written); the join link as a registered member, a member who
 * is not registered, too early and after the end. Then the coach claim against Google's APIs
 * (a local stand-in with real keys), and `npm run coach:grant` on the emulator and with a service
 * account.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { UnsecuredJWT } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import schedule from '../../netlify/functions/coaching-schedule.mts';
import coachSessions from '../../netlify/functions/coach-sessions.mts';
import coachJoinLink from '../../netlify/functions/coach-join-link.mts';
import coachRegistrants from '../../netlify/functions/coach-registrants.mts';
import coachingJoin from '../../netlify/functions/coaching-join.mts';
import { COACH_MESSAGES } from '../../src/features/coaching/coach/coach-rules';
import { JOIN_MESSAGES } from '../../src/features/coaching/server/coaching-join';
import type { LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import { call, createEmulatorUser, emulatorClaims, emulatorHost, expectNoLeak, SITE, setEmulatorClaims, type EmulatorUser, type Handler, type LogSpies } from '../support/functions';
import { startGoogleDouble, type GoogleDouble } from '../support/google-double';
import { withStandIns } from '../support/stand-ins';

let db: LocalSupabase;
let logs: LogSpies;
let info: MockInstance<typeof console.log>;
withStandIns({ db: true }, (standIns, spies) => {
  ({ db } = standIns);
  logs = spies;
});
beforeEach(() => {
  info = vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  info.mockRestore();
});

const PASSWORD = 'correct-horse-battery';
const MINUTE = 60_000;

/** A fresh ID token for an emulator account (after its claims changed, as the browser refreshes it). */
async function signIn(email: string): Promise<string> {
  const res = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`emulator sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { idToken: string }).idToken;
}

/** A member as auth-sync leaves them (role: authenticated), and the coach (role and coach: true). */
async function member(): Promise<EmulatorUser> {
  const user = await createEmulatorUser();
  await setEmulatorClaims(user.memberId, { role: 'authenticated' });
  return { ...user, idToken: await signIn(user.email) };
}
async function coach(): Promise<EmulatorUser> {
  const user = await createEmulatorUser();
  await setEmulatorClaims(user.memberId, { role: 'authenticated', coach: true });
  return { ...user, idToken: await signIn(user.email) };
}
/** Marks an emulator account's email address verified, as the verification link does (Admin API, as the owner). */
async function verifyEmail(memberId: string): Promise<void> {
  const res = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: memberId, emailVerified: true }),
  });
  if (!res.ok) throw new Error(`emulator update failed: ${res.status} ${await res.text()}`);
}
const bearer = (user: { idToken: string }) => ({ authorization: `Bearer ${user.idToken}` });
const writeHeaders = (user: { idToken: string }) => ({ ...bearer(user), origin: SITE });

let unique = 0;
/** A session as the scheduler or the coach adds it, starting `minutes` from now (and a few unique seconds) for `length` minutes. */
async function session(minutes: number, options: { length?: number; seats?: number } = {}): Promise<string> {
  const starts = new Date(Math.floor((Date.now() + minutes * MINUTE) / 1000) * 1000 + ++unique * 1000);
  const [row] = await db.query<{ id: string }>(
    `insert into public.coaching_sessions (starts_at, ends_at, max_spots) values ($1, $2, $3) returning id`,
    [starts.toISOString(), new Date(starts.getTime() + (options.length ?? 60) * MINUTE).toISOString(), options.seats ?? 20],
  );
  return row!.id;
}
/** Moves a session the member registered for while it was still to come: it started `minutes` ago (signups close at the start). */
async function startedAgo(sessionId: string, minutes: number, length: number): Promise<void> {
  await db.query(`update public.coaching_sessions set starts_at = now() - make_interval(mins => $2), ends_at = now() - make_interval(mins => $2) + make_interval(mins => $3) where id = $1`, [
    sessionId,
    minutes,
    length,
  ]);
}
async function register(memberId: string, sessionId: string, name = 'Ada Lovelace', email = `${memberId}@example.com`.toLowerCase()): Promise<void> {
  // A signup asks for a verified address (profiles.email_verified, the service role's to write).
  await db.query(`insert into public.profiles (id, email, email_verified) values ($1, lower($1) || '@example.com', true) on conflict (id) do update set email_verified = true`, [memberId]);
  await db.query(`insert into public.coaching_session_signups (user_id, session_id, name, email) values ($1, $2, $3, $4)`, [memberId, sessionId, name, email]);
}

/** Everything the coach can change, as Postgres keeps it (to show that nothing changed). */
async function everything(): Promise<unknown> {
  return db.query(`select
      (select coalesce(json_agg(s order by s.starts_at), '[]') from (select id, starts_at, ends_at, max_spots, spots_available, is_active, cancelled_at from public.coaching_sessions) s) as sessions,
      (select count(*)::int from public.coaching_session_signups) as signups,
      (select coalesce(json_agg(l order by l.session_id), '[]') from public.coaching_join_links l) as links,
      (select coalesce(json_agg(l), '[]') from public.coaching_standing_link l) as standing,
      (select count(*)::int from public.coaching_session_changes) as changes`);
}

describe('coaching-schedule (a scheduled function, daily)', () => {
  it('adds the next three last Thursdays once, across the change of clocks, and logs one line a run', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-03-01T09:00:00Z') });
    const first = await call(schedule, '/.netlify/functions/coaching-schedule', { method: 'POST' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ created: ['2027-03-25T17:00:00.000Z', '2027-04-29T16:00:00.000Z', '2027-05-27T16:00:00.000Z'], kept: [] });
    expect(info).toHaveBeenCalledTimes(1);
    expect(info.mock.calls[0]![0]).toBe(
      '[coaching-schedule] coaching schedule: added Thursday, March 25, 2027 6:00 PM – 7:00 PM CET; Thursday, April 29, 2027 6:00 PM – 7:00 PM CEST; Thursday, May 27, 2027 6:00 PM – 7:00 PM CEST',
    );

    const again = await call(schedule, '/.netlify/functions/coaching-schedule', { method: 'POST' });
    expect(again.body).toEqual({ created: [], kept: (first.body as { created: string[] }).created });
    expect(info).toHaveBeenCalledTimes(2);
    expect(info.mock.calls[1]![0]).toMatch(/added none; already there: Thursday, March 25, 2027/);
    expect(await db.query(`select time, max_spots from public.coaching_sessions order by starts_at`)).toEqual([
      { time: '6:00 PM – 7:00 PM CET', max_spots: 20 },
      { time: '6:00 PM – 7:00 PM CEST', max_spots: 20 },
      { time: '6:00 PM – 7:00 PM CEST', max_spots: 20 },
    ]);
    expect(logs.lines()).toBe(0);
  });

  it('answers only Netlify’s POST, and a failing database with 502 and one log line, adding nothing', async () => {
    expect((await call(schedule, '/.netlify/functions/coaching-schedule')).status).toBe(405);
    db.fail('coaching_sessions', 'POST', 500, 'XX000');
    const res = await call(schedule, '/.netlify/functions/coaching-schedule', { method: 'POST' });
    expect(res.status).toBe(502);
    expectNoLeak(res.text);
    expect(logs.error).toHaveBeenCalledTimes(1);
    expect(logs.all()).toMatch(/coaching_sessions insert: XX000/);
    expect(info).not.toHaveBeenCalled();
    expect(await db.query(`select id from public.coaching_sessions`)).toEqual([]);
  });
});

describe('the coach’s functions, as the coach', () => {
  it('lists upcoming and past sessions with their registrants, seats and links', async () => {
    const boss = await coach();
    const soon = await session(3 * 24 * 60, { seats: 12 });
    const past = await session(-3 * 24 * 60);
    await register('uid-ada', soon, 'Ada Lovelace', 'ada@example.com');
    await register('uid-bea', soon, 'Bea Brown', 'bea@example.com');
    await db.query(`insert into public.coaching_join_links (session_id, url) values ($1, 'https://meet.example.com/soon')`, [soon]);
    await db.query(`insert into public.coaching_standing_link (url) values ('https://meet.example.com/standing')`);
    const res = await call(coachSessions, '/api/coach-sessions', { headers: bearer(boss) });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = res.body as { standing_url: string; time_zone: string; upcoming: Record<string, unknown>[]; past: Record<string, unknown>[] };
    expect(body).toMatchObject({ standing_url: 'https://meet.example.com/standing', time_zone: 'Europe/Berlin', default_seats: 20 });
    expect(body.upcoming).toMatchObject([
      {
        id: soon,
        max_spots: 12,
        spots_available: 10,
        join_url: 'https://meet.example.com/soon',
        registrants: [
          { name: 'Ada Lovelace', email: 'ada@example.com', signed_up_at: expect.any(String) },
          { name: 'Bea Brown', email: 'bea@example.com', signed_up_at: expect.any(String) },
        ],
      },
    ]);
    expect(body.past).toMatchObject([{ id: past, join_url: null, registrants: [] }]);
  });

  it('adds a one-off session, changes its seats, sets its link and the standing link, downloads the CSV, and cancels it', async () => {
    const boss = await coach();
    const added = await call(coachSessions, '/api/coach-sessions', { method: 'POST', headers: writeHeaders(boss), body: { date: '2099-01-15', start: '19:30', minutes: '45', seats: '8' } });
    expect(added.status).toBe(201);
    const id = (added.body as { session: { id: string } }).session.id;
    expect(added.body).toMatchObject({ session: { starts_at: '2099-01-15T18:30:00+00:00', time: '7:30 PM – 8:15 PM CET', max_spots: 8, registrants: [] } });
    await register('uid-cy', id, 'Cy Young', 'cy@example.com');

    const seats = await call(coachSessions, '/api/coach-sessions', { method: 'PATCH', headers: writeHeaders(boss), body: { id, seats: 3 } });
    expect(seats.status).toBe(200);
    expect(seats.body).toMatchObject({ session: { max_spots: 3, spots_available: 2 } });

    const link = await call(coachJoinLink, '/api/coach-join-link', { method: 'PUT', headers: writeHeaders(boss), body: { session: id, url: ' https://meet.example.com/one-off ' } });
    expect(link).toMatchObject({ status: 200, body: { session: id, url: 'https://meet.example.com/one-off' } });
    const standing = await call(coachJoinLink, '/api/coach-join-link', { method: 'PUT', headers: writeHeaders(boss), body: { session: null, url: 'https://meet.example.com/every-month' } });
    expect(standing).toMatchObject({ status: 200, body: { session: null, url: 'https://meet.example.com/every-month' } });
    expect(await db.query(`select url from public.coaching_join_links where session_id = $1`, [id])).toEqual([{ url: 'https://meet.example.com/one-off' }]);
    expect(await db.query(`select url from public.coaching_standing_link`)).toEqual([{ url: 'https://meet.example.com/every-month' }]);

    const csv = await call(coachRegistrants, `/api/coach-registrants?session=${id}`, { headers: bearer(boss) });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="rapid-fire-coaching-2099-01-15-registrants.csv"');
    // Whether they came is empty before the session starts (issue 46).
    expect(csv.text).toMatch(/^Name,Email,Signed up \(Europe\/Berlin\),Came\r\nCy Young,cy@example\.com,\d{4}-\d{2}-\d{2} \d{2}:\d{2},\r\n$/);

    const cancelled = await call(coachSessions, '/api/coach-sessions', { method: 'PATCH', headers: writeHeaders(boss), body: { id, cancel: true } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ session: { is_active: false, cancelled_at: expect.any(String), registrants: [{ name: 'Cy Young' }] } });
    // The registrant keeps the signup (to be told); the change is recorded for the email.
    expect(await db.query(`select kind from public.coaching_session_changes where session_id = $1 order by changed_at, kind`, [id])).toEqual([
      { kind: 'join_link' },
      { kind: 'cancelled' },
    ]);
    // A cancelled session changes no more.
    const after = await call(coachSessions, '/api/coach-sessions', { method: 'PATCH', headers: writeHeaders(boss), body: { id, seats: 10 } });
    expect(after).toMatchObject({ status: 409, body: { error: COACH_MESSAGES.sessionCancelled } });
    expect(logs.error).not.toHaveBeenCalled();
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const boss = await coach();
    const id = await session(5 * 24 * 60, { seats: 5 });
    for (const memberId of ['uid-1', 'uid-2', 'uid-3']) await register(memberId, id);
    const before = await everything();
    const cases: [Handler, string, string, unknown, number, string][] = [
      [coachJoinLink, '/api/coach-join-link', 'PUT', { session: id, url: 'http://meet.example.com/x' }, 400, COACH_MESSAGES.linkNotHttps],
      [coachJoinLink, '/api/coach-join-link', 'PUT', { session: null, url: 'zoom.us/j/123' }, 400, COACH_MESSAGES.linkInvalid],
      [coachSessions, '/api/coach-sessions', 'PATCH', { id, seats: -1 }, 400, COACH_MESSAGES.seatsBelowOne],
      [coachSessions, '/api/coach-sessions', 'PATCH', { id, seats: 2 }, 400, '3 seats are already taken, so the session needs at least 3 seats.'],
      [coachSessions, '/api/coach-sessions', 'PATCH', { id, seats: 'lots' }, 400, COACH_MESSAGES.seatsNotNumber],
      [coachSessions, '/api/coach-sessions', 'POST', { date: '2020-01-30', start: '18:00' }, 400, COACH_MESSAGES.inPast],
      [coachSessions, '/api/coach-sessions', 'POST', { date: '2099-02-30', start: '18:00' }, 400, COACH_MESSAGES.dateInvalid],
      [coachSessions, '/api/coach-sessions', 'POST', { date: 'soon', start: '18:00' }, 400, COACH_MESSAGES.dateInvalid],
      [coachSessions, '/api/coach-sessions', 'POST', { date: '2099-03-01', start: '6pm' }, 400, COACH_MESSAGES.timeInvalid],
      [coachSessions, '/api/coach-sessions', 'PATCH', { id }, 400, 'Say what to change: { id, seats }, { id, cancel: true } or { id, registrant, attendance }.'],
    ];
    for (const [handler, path, method, body, status, message] of cases) {
      const res = await call(handler, path, { method, headers: writeHeaders(boss), body });
      expect([res.status, (res.body as { error?: string }).error], JSON.stringify(body)).toEqual([status, message]);
    }
    const csv = await call(coachRegistrants, `/api/coach-registrants?session=${crypto.randomUUID()}`, { headers: bearer(boss) });
    expect(csv).toMatchObject({ status: 404, body: { error: COACH_MESSAGES.sessionMissing } });
    expect(await everything()).toEqual(before);
  });

  it('on a deleted session answers 404 and writes nothing', async () => {
    const boss = await coach();
    const id = await session(6 * 24 * 60);
    await db.query(`delete from public.coaching_sessions where id = $1`, [id]);
    const before = await everything();
    for (const [handler, path, method, body] of [
      [coachSessions, '/api/coach-sessions', 'PATCH', { id, seats: 9 }],
      [coachSessions, '/api/coach-sessions', 'PATCH', { id, cancel: true }],
      [coachJoinLink, '/api/coach-join-link', 'PUT', { session: id, url: 'https://meet.example.com/gone' }],
    ] as const) {
      const res = await call(handler, path, { method, headers: writeHeaders(boss), body });
      expect([res.status, (res.body as { error?: string }).error]).toEqual([404, COACH_MESSAGES.sessionMissing]);
    }
    expect((await call(coachRegistrants, `/api/coach-registrants?session=${id}`, { headers: bearer(boss) })).status).toBe(404);
    expect(await everything()).toEqual(before);
  });
});

describe('the coach’s functions, as anyone else', () => {
  /** Every coach call, with `headers`; each must be refused with `status`. */
  async function refusedAll(headers: Record<string, string>, status: number, message?: string) {
    const id = await session(4 * 24 * 60);
    await register('uid-private', id, 'Pri Vate', 'private@example.com');
    const before = await everything();
    const calls: [Handler, string, string, unknown][] = [
      [coachSessions, '/api/coach-sessions', 'GET', undefined],
      [coachSessions, '/api/coach-sessions', 'POST', { date: '2099-04-01', start: '18:00' }],
      [coachSessions, '/api/coach-sessions', 'PATCH', { id, seats: 50 }],
      [coachSessions, '/api/coach-sessions', 'PATCH', { id, cancel: true }],
      [coachJoinLink, '/api/coach-join-link', 'PUT', { session: id, url: 'https://evil.example.com/x' }],
      [coachJoinLink, '/api/coach-join-link', 'PUT', { session: null, url: 'https://evil.example.com/x' }],
      [coachRegistrants, `/api/coach-registrants?session=${id}`, 'GET', undefined],
    ];
    for (const [handler, path, method, body] of calls) {
      const res = await call(handler, path, { method, headers: { ...headers, origin: SITE }, ...(body !== undefined ? { body } : {}) });
      expect(res.status, `${method} ${path}`).toBe(status);
      if (message) expect((res.body as { error?: string }).error).toBe(message);
      expect(res.text).not.toContain('private@example.com');
    }
    expect(await everything()).toEqual(before);
  }

  it('a member without the coach claim gets 403 and nothing changes', async () => {
    await refusedAll(bearer(await member()), 403, COACH_MESSAGES.notCoach);
  });

  it('a forged token gets 403 and nothing changes: the claim added to a member’s own token, or an account that does not exist', async () => {
    const m = await member();
    const claims = UnsecuredJWT.decode(m.idToken).payload;
    const forged = new UnsecuredJWT({ ...claims, coach: true }).encode();
    await refusedAll({ authorization: `Bearer ${forged}` }, 403);
    const nobody = new UnsecuredJWT({ ...claims, sub: 'no-such-account', user_id: 'no-such-account', coach: true }).encode();
    await refusedAll({ authorization: `Bearer ${nobody}` }, 403);
  });

  it('no token gets 401, and a write from another site 403', async () => {
    await refusedAll({}, 401);
    const boss = await coach();
    const before = await everything();
    const res = await call(coachSessions, '/api/coach-sessions', { method: 'POST', headers: { ...bearer(boss), origin: 'https://evil.example.com' }, body: { date: '2099-04-01', start: '18:00' } });
    expect(res).toMatchObject({ status: 403, body: { error: 'Requests from other sites are not allowed.' } });
    expect(await everything()).toEqual(before);
  });
});

describe('coaching-join: the link, for registrants only, from an hour before until the end', () => {
  const join = (user: { idToken: string } | null, id: string) =>
    call(coachingJoin, `/api/coaching-join?session=${id}`, { headers: user ? bearer(user) : {} });

  it('answers the session’s link to a registered member inside the window, else the standing link', async () => {
    const ana = await member();
    const soon = await session(30);
    const now = await session(45, { length: 60 });
    await register(ana.memberId, soon);
    await register(ana.memberId, now);
    await startedAgo(now, 20, 60);
    await db.query(`insert into public.coaching_join_links (session_id, url) values ($1, 'https://meet.example.com/soon')`, [soon]);
    await db.query(`insert into public.coaching_standing_link (url) values ('https://meet.example.com/standing')`);
    const res = await join(ana, soon);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toMatchObject({ url: 'https://meet.example.com/soon' });
    expect(await join(ana, now)).toMatchObject({ status: 200, body: { url: 'https://meet.example.com/standing' } });
  });

  it('refuses a member who is not registered, too early, after the end, a cancelled session, and no link yet', async () => {
    const ana = await member();
    const bea = await member();
    const open = await session(10);
    const early = await session(2 * 60);
    const ended = await session(50, { length: 60 });
    const cancelled = await session(20);
    const unlinked = await session(15);
    for (const id of [open, early, ended, cancelled]) await register(ana.memberId, id);
    await startedAgo(ended, 70, 60);
    await register(ana.memberId, unlinked);
    for (const id of [open, early, ended, cancelled]) await db.query(`insert into public.coaching_join_links (session_id, url) values ($1, 'https://meet.example.com/x')`, [id]);
    await db.query(`update public.coaching_sessions set is_active = false, cancelled_at = now() where id = $1`, [cancelled]);

    expect(await join(ana, open)).toMatchObject({ status: 200, body: { url: 'https://meet.example.com/x' } });
    const refusals: [EmulatorUser | null, string, number, string][] = [
      [bea, open, 403, JOIN_MESSAGES.notRegistered],
      [ana, early, 403, JOIN_MESSAGES.tooEarly],
      [ana, ended, 403, JOIN_MESSAGES.ended],
      [ana, cancelled, 404, JOIN_MESSAGES.cancelled],
      [ana, unlinked, 404, JOIN_MESSAGES.noLink],
      [ana, crypto.randomUUID(), 404, JOIN_MESSAGES.noSession],
      [ana, 'not-a-session', 404, JOIN_MESSAGES.noSession],
    ];
    for (const [who, id, status, message] of refusals) {
      const res = await join(who, id);
      expect([res.status, (res.body as { error?: string }).error]).toEqual([status, message]);
      expect(res.text).not.toContain('meet.example.com');
    }
    expect((await join(null, open)).status).toBe(401);
  });

  it('marks the registrant as joined at the first link answered (the server’s clock), once: a later use, or a refusal, never moves it', async () => {
    const ana = await member();
    const bea = await member();
    const soon = await session(70);
    await register(ana.memberId, soon);
    await register(bea.memberId, soon);
    await db.query(`insert into public.coaching_join_links (session_id, url) values ($1, 'https://meet.example.com/x')`, [soon]);
    const joined = async () =>
      Object.fromEntries((await db.query<{ user_id: string; joined_at: string | null }>(`select user_id, joined_at from public.coaching_session_signups where session_id = $1`, [soon])).map((r) => [r.user_id, r.joined_at && new Date(r.joined_at).toISOString()]));

    // Too early (70 minutes before the start): refused, nothing marked.
    expect((await join(ana, soon)).status).toBe(403);
    expect(await joined()).toEqual({ [ana.memberId]: null, [bea.memberId]: null });

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 15 * MINUTE);
    const first = new Date().toISOString();
    const [a, b] = await Promise.all([join(ana, soon), join(ana, soon)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await joined()).toEqual({ [ana.memberId]: first, [bea.memberId]: null });

    vi.setSystemTime(Date.now() + 10 * MINUTE);
    expect((await join(ana, soon)).status).toBe(200);
    expect(await joined()).toEqual({ [ana.memberId]: first, [bea.memberId]: null });
  });
});

describe('the coach claim with Google’s APIs (outside the emulator)', () => {
  let google: GoogleDouble;
  beforeAll(async () => {
    google = await startGoogleDouble();
  });
  afterAll(async () => {
    await google.close();
  });
  beforeEach(() => {
    for (const name of ['FIREBASE_AUTH_EMULATOR_HOST', 'FIREBASE_CLIENT_EMAIL', 'FIREBASE_PRIVATE_KEY', 'PUBLIC_FIREBASE_PROJECT_ID']) delete process.env[name];
    Object.assign(process.env, google.env, { FIREBASE_SERVICE_ACCOUNT: google.serviceAccount.keyFile });
    google.reset();
    vi.resetModules();
  });

  it('takes the coach’s signed token, and refuses a token signed by another key or a claim the account does not have', async () => {
    const { default: fn } = await import('../../netlify/functions/coach-sessions.mts');
    google.users.set('uid-coach', { localId: 'uid-coach', email: 'coach@example.com', customAttributes: JSON.stringify({ role: 'authenticated', coach: true }) });
    google.users.set('uid-member', { localId: 'uid-member', email: 'member@example.com', customAttributes: JSON.stringify({ role: 'authenticated' }) });
    const get = (token: string) => call(fn, '/api/coach-sessions', { headers: { authorization: `Bearer ${token}` } });
    expect((await get(await google.idToken('uid-coach', { claims: { role: 'authenticated', coach: true } }))).status).toBe(200);
    // Signed by a key Google never published.
    expect(await get(await google.idToken('uid-coach', { claims: { coach: true }, key: google.newKey() }))).toMatchObject({ status: 403 });
    // A real token of a member whose account has no coach claim (a claim taken away since the token was issued).
    expect(await get(await google.idToken('uid-member', { claims: { role: 'authenticated', coach: true } }))).toMatchObject({ status: 403, body: { error: COACH_MESSAGES.notCoach } });
  });
});

describe('npm run coach:grant', () => {
  const run = promisify(execFile);
  const grant = (args: string[], env: Record<string, string | undefined>) =>
    run(process.execPath, ['scripts/grant-role.mjs', 'coach', ...args], { env: { PATH: process.env.PATH ?? '', ...env } }).then(
      (r) => ({ code: 0, out: r.stdout + r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );

  it('gives an emulator account the coach claim, keeping role: authenticated, and takes it back', async () => {
    const m = await member();
    await verifyEmail(m.memberId);
    const env = { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID };
    const given = await grant([m.email.toUpperCase()], env);
    expect(given).toMatchObject({ code: 0, out: expect.stringContaining(`${m.email} is the coach now`) });
    expect(await emulatorClaims(m.memberId)).toEqual({ role: 'authenticated', coach: true });
    expect((await grant([m.email], env)).out).toContain('is the coach already; nothing changed');
    expect((await grant(['--revoke', m.email], env)).out).toContain('is no longer the coach');
    expect(await emulatorClaims(m.memberId)).toEqual({ role: 'authenticated' });
    expect(await grant(['nobody-here@example.com'], env)).toMatchObject({ code: 1, out: expect.stringContaining('No account has the email nobody-here@example.com') });
    expect((await grant([], env)).code).toBe(2);
  }, 60_000);

  it('refuses an account whose email address is not verified, saying why and what to do; --revoke still works on it', async () => {
    const m = await member();
    const env = { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID };
    const refused = await grant([m.email], env);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`${m.email} has not verified its email address, so it cannot be given the coach role`);
    expect(refused.out).toContain('The member verifies their address first');
    expect(await emulatorClaims(m.memberId)).toEqual({ role: 'authenticated' });
    // A coach from before this rule, unverified: the role can still be taken away.
    await setEmulatorClaims(m.memberId, { role: 'authenticated', coach: true });
    expect(await grant(['--revoke', m.email], env)).toMatchObject({ code: 0, out: expect.stringContaining('is no longer the coach') });
    expect(await emulatorClaims(m.memberId)).toEqual({ role: 'authenticated' });
    // Once the member proved the address, the same command gives the role.
    await verifyEmail(m.memberId);
    expect(await grant([m.email], env)).toMatchObject({ code: 0, out: expect.stringContaining(`${m.email} is the coach now`) });
    expect(await emulatorClaims(m.memberId)).toEqual({ role: 'authenticated', coach: true });
  }, 60_000);

  it('works with a service account against Google’s Identity Toolkit, for a verified account only', async () => {
    const google = await startGoogleDouble();
    try {
      google.users.set('uid-u', { localId: 'uid-u', email: 'una@example.com', emailVerified: false, customAttributes: JSON.stringify({ role: 'authenticated' }) });
      const refused = await grant(['una@example.com'], { ...google.env, FIREBASE_SERVICE_ACCOUNT: google.serviceAccount.keyFile });
      expect(refused).toMatchObject({ code: 1, out: expect.stringContaining('una@example.com has not verified its email address') });
      expect(JSON.parse(google.users.get('uid-u')!.customAttributes!)).toEqual({ role: 'authenticated' });
      expect(google.requests.filter((r) => r.path.endsWith('accounts:update'))).toHaveLength(0);

      google.users.set('uid-g', { localId: 'uid-g', email: 'cora@example.com', emailVerified: true, customAttributes: JSON.stringify({ role: 'authenticated' }) });
      const res = await grant(['cora@example.com'], { ...google.env, FIREBASE_SERVICE_ACCOUNT: google.serviceAccount.keyFile });
      expect(res).toMatchObject({ code: 0, out: expect.stringContaining('cora@example.com is the coach now') });
      expect(JSON.parse(google.users.get('uid-g')!.customAttributes!)).toEqual({ role: 'authenticated', coach: true });
      // An access token from the service account's signed assertion (one a run), then the lookup and the update with it.
      expect(google.requestsTo('/token')).toHaveLength(2);
      expect(google.requests.filter((r) => r.path.endsWith('accounts:update'))).toHaveLength(1);
    } finally {
      await google.close();
    }
  }, 60_000);
});
