/**
 * The coaching waitlist in the database (migration 20261209100000): members joining at once get
 * the seats and then places in the order they arrived; a seat given back is offered to the first
 * in line in the statement that frees it (with one email), held for them, and taken only by
 * them; an offer that lapses passes to the next exactly once, however many hourly runs come at
 * once; nothing is offered from an hour before the start; and who reads and writes the line.
 * Through the local PostgREST endpoint as each member, and by the clock PGlite reads (Date).
 */
import { PostgrestClient } from '@supabase/postgrest-js';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/core/db/database.types';
import { failure, hidden, member, migratedDatabase, owner, refusalOf, rows, service, UNIQUE_VIOLATION, verifiedMembers, visitor } from '../support/db';
import { dataApiClient, dataApiFetch } from '../support/postgrest';

let db: PGlite;
const crowd = Array.from({ length: 50 }, (_, i) => `uid-crowd-${String(i).padStart(2, '0')}`);
const people = ['ana', 'bo', 'cy', 'di', 'ed', 'fay', 'gus', 'hal', 'ivy', 'jo', 'kit', 'lu', 'max', 'ned', 'ola', 'pia', 'quin', 'ray'].map((n) => `uid-${n}`);
beforeAll(async () => {
  db = await migratedDatabase();
  await verifiedMembers(db, [...crowd, ...people]);
}, 60_000);
afterAll(async () => {
  await db.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const HOUR = 3_600_000;
let next = 0;
/** A session as the owner adds it: `seats` seats, starting `hours` from now (unique), for an hour. */
async function session(hours: number, seats: number): Promise<{ id: string; starts: string }> {
  const starts = new Date(Math.floor(Date.now() / 1000) * 1000 + hours * HOUR + ++next * 1000).toISOString();
  const [row] = await rows<{ id: string }>(db, owner, `insert into public.coaching_sessions (starts_at, ends_at, max_spots) values ($1, $2::timestamptz + interval '1 hour', $3) returning id`, [
    starts,
    starts,
    seats,
  ]);
  return { id: row!.id, starts };
}

const asMember = (uid: string) => new PostgrestClient<Database>('http://data-api.test/rest/v1', { fetch: dataApiFetch(db, { who: member(uid) }) });
const place = (uid: string, sessionId: string) => ({ user_id: uid, session_id: sessionId, name: `Name ${uid}`, email: `${uid}@example.com` });
const signUp = (uid: string, sessionId: string) => asMember(uid).from('coaching_session_signups').insert(place(uid, sessionId));
const join = (uid: string, sessionId: string) => asMember(uid).from('coaching_waitlist').insert(place(uid, sessionId)).select('id, place, status');

const registered = async (id: string) =>
  (await rows<{ user_id: string }>(db, owner, `select user_id from public.coaching_session_signups where session_id = $1 order by user_id`, [id])).map((r) => r.user_id);
const line = async (id: string) =>
  rows<{ user_id: string; status: string; offer_expires_at: Date | null }>(
    db,
    owner,
    `select user_id, status, offer_expires_at from public.coaching_waitlist where session_id = $1 order by place`,
    [id],
  );
const seats = async (id: string) => (await rows<{ spots_available: number }>(db, owner, `select spots_available from public.coaching_sessions where id = $1`, [id]))[0]!.spots_available;
const offerEmails = async (uid: string) =>
  (await rows<{ n: number }>(db, owner, `select count(*)::int as n from public.email_outbox where kind = 'coaching_seat_offer' and user_id = $1`, [uid]))[0]!.n;
const giveBack = (uid: string, sessionId: string) => asMember(uid).from('coaching_session_signups').delete().eq('session_id', sessionId).select('id');

describe('joining the line', () => {
  it('50 members joining at once for 20 seats: exactly 20 registered and 30 in line, in the order they arrived', async () => {
    const { id } = await session(72, 20);
    // Sent at once; the endpoint hands them to Postgres in the order they arrive.
    const results = await Promise.all(crowd.map((uid) => join(uid, id)));
    expect(results.every((r) => r.error === null)).toBe(true);
    // The first 20 were registered instead (no place: nothing returned), the other 30 are in line.
    expect(results.slice(0, 20).every((r) => r.data?.length === 0)).toBe(true);
    expect(results.slice(20).every((r) => r.data?.length === 1 && r.data[0]!.status === 'waiting')).toBe(true);
    expect(await registered(id)).toEqual(crowd.slice(0, 20));
    expect((await line(id)).map((r) => r.user_id)).toEqual(crowd.slice(20));
    expect(await seats(id)).toBe(0);
    // Each sees where they stand (1 is next), and no one else's place.
    const { data: mine } = await asMember(crowd[23]!).rpc('coaching_waitlist_mine');
    expect(mine).toEqual([expect.objectContaining({ session_id: id, status: 'waiting', place_in_line: 4 })]);
    // Each registered member's confirmation was queued with the seat, as any signup's.
    expect((await rows<{ n: number }>(db, owner, `select count(*)::int as n from public.email_outbox where kind = 'coaching_confirmation' and user_id = any($1)`, [crowd.slice(0, 20)]))[0]!.n).toBe(20);
  });

  it('registers instead when a seat is free; refuses a second place, a place beside a seat, and a started session, with the words to show', async () => {
    const { id } = await session(48, 1);
    expect((await join('uid-ana', id)).data).toEqual([]);
    expect(await registered(id)).toEqual(['uid-ana']);
    expect((await join('uid-bo', id)).data).toHaveLength(1);
    const again = await join('uid-bo', id);
    expect(again.error).toMatchObject({ code: UNIQUE_VIOLATION, message: 'You already have a place in line for this session. You can see it on your dashboard.' });
    expect((await join('uid-ana', id)).error).toMatchObject({ code: UNIQUE_VIOLATION, message: 'You’re already registered for this session. You can see it on your dashboard.' });
    // Someone else's place, or an unverified address: refused.
    expect((await asMember('uid-cy').from('coaching_waitlist').insert(place('uid-di', id))).error?.code).toBe('42501');
    const unverified = await asMember('uid-nobody').from('coaching_waitlist').insert(place('uid-nobody', id));
    expect(unverified.error?.message).toMatch(/^Please verify your email address first/);
    expect((await line(id)).map((r) => r.user_id)).toEqual(['uid-bo']);
    // Nor, where a seat is free, can one member register another through the line.
    const open = await session(50, 3);
    expect((await asMember('uid-cy').from('coaching_waitlist').insert(place('uid-di', open.id))).error?.code).toBe('42501');
    expect(await registered(open.id)).toEqual([]);

    const started = await session(-1, 1);
    expect((await join('uid-cy', started.id)).error?.message).toBe('This session has already begun, so its waitlist is closed. Please choose another date.');
  });

  it('shows each member only their own place; nobody but the database offers, and no one else passes offers on', async () => {
    const { id } = await session(30, 1);
    await signUp('uid-ed', id);
    await join('uid-fay', id);
    expect(await rows(db, member('uid-gus'), `select * from public.coaching_waitlist where session_id = $1`, [id])).toEqual([]);
    expect(await rows(db, member('uid-fay'), `select user_id, status from public.coaching_waitlist where session_id = $1`, [id])).toEqual([{ user_id: 'uid-fay', status: 'waiting' }]);
    expect(await hidden(db, visitor, `select * from public.coaching_waitlist`)).toBe(true);
    // A member cannot make their own place an offer, nor delete a place directly (leaving is the function's).
    // (Refused for want of a grant today; where grants are broad, no policy lets them touch a row.)
    expect(await hidden(db, member('uid-fay'), `update public.coaching_waitlist set status = 'offered', offered_at = now(), offer_expires_at = now() + interval '1 day' where session_id = $1 returning id`, [id])).toBe(true);
    expect(await hidden(db, member('uid-fay'), `delete from public.coaching_waitlist where session_id = $1 returning id`, [id])).toBe(true);
    expect(await failure(db, member('uid-fay'), `select public.coaching_pass_expired_offers()`)).toBe('42501');
    expect(await failure(db, visitor, `select public.coaching_waitlist_leave($1)`, [id])).toBe('42501');
    expect((await line(id)).map((r) => r.status)).toEqual(['waiting']);
  });
});

describe('seats offered in turn', () => {
  it('a seat given back is offered to the first in line in the statement that frees it, held for them, with one email', async () => {
    const { id, starts } = await session(72, 2);
    await signUp('uid-gus', id);
    await signUp('uid-hal', id);
    for (const uid of ['uid-ivy', 'uid-jo', 'uid-kit']) await join(uid, id);

    // In one transaction: the give-back and the offer stand or fall together.
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`delete from public.coaching_session_signups where session_id = $1 and user_id = 'uid-gus'`, [id]);
        const offered = await tx.query<{ user_id: string }>(`select user_id from public.coaching_waitlist where session_id = $1 and status = 'offered'`, [id]);
        expect(offered.rows).toEqual([{ user_id: 'uid-ivy' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await line(id)).map((r) => r.status)).toEqual(['waiting', 'waiting', 'waiting']);
    expect(await offerEmails('uid-ivy')).toBe(0);

    const before = Date.now();
    expect((await giveBack('uid-gus', id)).data).toHaveLength(1);
    const after = await line(id);
    expect(after.map((r) => [r.user_id, r.status])).toEqual([['uid-ivy', 'offered'], ['uid-jo', 'waiting'], ['uid-kit', 'waiting']]);
    // Valid 12 hours (the start is three days away).
    const ends = after[0]!.offer_expires_at!.getTime();
    expect(ends).toBeGreaterThanOrEqual(before + 12 * HOUR - 1000);
    expect(ends).toBeLessThanOrEqual(Date.now() + 12 * HOUR);
    expect(ends).toBeLessThan(Date.parse(starts));
    expect(await offerEmails('uid-ivy')).toBe(1);
    expect(await offerEmails('uid-jo')).toBe(0);
    // The seat is held: nobody else takes it, neither a new signup nor the second in line.
    expect(await seats(id)).toBe(0);
    expect((await signUp('uid-lu', id)).error?.code).toBe('23514');
    expect((await signUp('uid-jo', id)).error?.code).toBe('23514');
    expect(await registered(id)).toEqual(['uid-hal']);

    // The member it was offered to takes it: registered, out of the line, confirmed as any signup.
    expect((await signUp('uid-ivy', id)).error).toBeNull();
    expect(await registered(id)).toEqual(['uid-hal', 'uid-ivy']);
    expect((await line(id)).map((r) => r.user_id)).toEqual(['uid-jo', 'uid-kit']);
    expect(await seats(id)).toBe(0);
    expect(await offerEmails('uid-jo')).toBe(0);
  });

  it('an offer declined passes at once; seats the coach adds are offered to as many in line', async () => {
    const { id } = await session(60, 1);
    await signUp('uid-max', id);
    for (const uid of ['uid-ned', 'uid-ola', 'uid-pia']) await join(uid, id);
    await giveBack('uid-max', id);
    expect((await line(id)).map((r) => r.status)).toEqual(['offered', 'waiting', 'waiting']);
    const { data, error } = await asMember('uid-ned').rpc('coaching_waitlist_leave', { session: id });
    expect(error).toBeNull();
    expect(data).toBe(true);
    expect((await line(id)).map((r) => [r.user_id, r.status])).toEqual([['uid-ola', 'offered'], ['uid-pia', 'waiting']]);
    // Someone else's place is not theirs to leave.
    expect((await asMember('uid-quin').rpc('coaching_waitlist_leave', { session: id })).data).toBe(false);
    expect(await failure(db, service, `update public.coaching_sessions set max_spots = 3 where id = $1`, [id])).toBeNull();
    expect((await line(id)).map((r) => [r.user_id, r.status])).toEqual([['uid-ola', 'offered'], ['uid-pia', 'offered']]);
    expect(await seats(id)).toBe(1);
    expect([await offerEmails('uid-ola'), await offerEmails('uid-pia')]).toEqual([1, 1]);
    // Seats below those taken and held are refused.
    expect(await failure(db, service, `update public.coaching_sessions set max_spots = 1 where id = $1`, [id])).toBe('23514');
  });

  it('an expired offer passes to the next exactly once, one email each, however many hourly runs come at once; taking it late says so', async () => {
    const { id } = await session(5 * 24, 1);
    await signUp('uid-bo', id);
    for (const uid of ['uid-cy', 'uid-di', 'uid-ed']) await join(uid, id);
    await giveBack('uid-bo', id);
    expect((await line(id)).map((r) => r.status)).toEqual(['offered', 'waiting', 'waiting']);

    const runs = () => Promise.all([0, 1, 2].map(() => dataApiClient(db).rpc('coaching_pass_expired_offers')));
    // Before the 12 hours are up: nothing passes.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11 * HOUR);
    expect((await runs()).map((r) => r.data)).toEqual([0, 0, 0]);
    vi.setSystemTime(Date.now() + 2 * HOUR);
    const passed = await runs();
    expect(passed.map((r) => r.error)).toEqual([null, null, null]);
    // One run passed the lapsed offers (this session's and any other test's); the others, at once, found none.
    expect(passed.filter((r) => r.data !== 0)).toHaveLength(1);
    expect((await line(id)).map((r) => [r.user_id, r.status])).toEqual([['uid-cy', 'expired'], ['uid-di', 'offered'], ['uid-ed', 'waiting']]);
    expect([await offerEmails('uid-cy'), await offerEmails('uid-di'), await offerEmails('uid-ed')]).toEqual([1, 1, 0]);
    expect((await runs()).map((r) => r.data)).toEqual([0, 0, 0]);

    const late = await signUp('uid-cy', id);
    expect(late.error?.message).toBe(
      'This offer expired, so the seat has gone to the next person in line, and you’re no longer in line for this session. You can join the waitlist again.',
    );
    expect(await registered(id)).toEqual([]);
    // Joining again puts them at the back.
    expect((await join('uid-cy', id)).error).toBeNull();
    expect((await line(id)).filter((r) => r.status !== 'expired').map((r) => r.user_id)).toEqual(['uid-di', 'uid-ed', 'uid-cy']);
  });

  it('offers end an hour before the start, and nothing is offered from then on: a seat free in the last hour is anyone’s', async () => {
    // Starts in 5 hours: an offer made now lasts 4 hours, not 12.
    const soon = await session(5, 1);
    await signUp('uid-fay', soon.id);
    await join('uid-gus', soon.id);
    await giveBack('uid-fay', soon.id);
    const [offer] = await line(soon.id);
    expect(offer!.offer_expires_at!.getTime()).toBe(Date.parse(soon.starts) - HOUR);

    // The offer lapses an hour before the start: the run passes it, and offers nobody (the next
    // in line waits; the seat is free for whoever signs up).
    await join('uid-hal', soon.id);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(soon.starts) - HOUR + 60_000);
    expect((await dataApiClient(db).rpc('coaching_pass_expired_offers')).data).toBe(1);
    expect((await line(soon.id)).map((r) => [r.user_id, r.status])).toEqual([['uid-gus', 'expired'], ['uid-hal', 'waiting']]);
    expect(await offerEmails('uid-hal')).toBe(0);
    expect(await seats(soon.id)).toBe(1);

    // After the start: no run offers anything, and the line is closed.
    vi.setSystemTime(Date.parse(soon.starts) + 5 * 60_000);
    expect((await dataApiClient(db).rpc('coaching_pass_expired_offers')).data).toBe(0);
    expect(await refusalOf(db, member('uid-ivy'), `insert into public.coaching_waitlist (user_id, session_id, name, email) values ('uid-ivy', $1, 'Ivy', 'ivy@example.com')`, [soon.id])).toMatchObject({
      message: 'This session has already begun, so its waitlist is closed. Please choose another date.',
    });
    expect(await offerEmails('uid-hal')).toBe(0);
  });
});
