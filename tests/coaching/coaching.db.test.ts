/** Coaching on Postgres: who reads and changes sessions, and how a seat is taken, counted and given back. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import {
  affected,
  CHECK_VIOLATION,
  failure,
  hidden,
  member,
  migratedDatabase,
  RLS_VIOLATION,
  owner,
  rows,
  UNIQUE_VIOLATION,
  visitor,
} from '../support/db';

let db: PGlite;
const OPEN = '00000000-0000-4000-8000-000000000001';
const CLOSED = '00000000-0000-4000-8000-000000000002';
const FULL = '00000000-0000-4000-8000-000000000003';
const LAST_SPOT = '00000000-0000-4000-8000-000000000004';

beforeAll(async () => {
  db = await migratedDatabase();
  await db.query(`
    insert into public.coaching_sessions (id, date, time, is_active, spots_available, max_spots) values
      ('${OPEN}', current_date + 7, '6:00 PM CET', true, 10, 10),
      ('${CLOSED}', current_date + 14, '6:00 PM CET', false, 10, 10),
      ('${FULL}', current_date + 21, '6:00 PM CET', true, 0, 10),
      ('${LAST_SPOT}', current_date + 28, '6:00 PM CET', true, 1, 10)`);
}, 60_000);

const signUp = `insert into public.coaching_session_signups (user_id, session_id, name, email) values ($1, $2, $3, $4)`;
const spots = async (id: string): Promise<number> =>
  (await rows<{ spots_available: number }>(db, owner, `select spots_available from public.coaching_sessions where id = $1`, [id]))[0]!.spots_available;

describe('coaching sessions', () => {
  it('are read by visitors and members when active, and hidden when not', async () => {
    const expected = [OPEN, FULL, LAST_SPOT].sort();
    const ids = (r: { id: string }[]) => r.map((s) => s.id).sort();
    expect(ids(await rows(db, visitor, `select id from public.coaching_sessions`))).toEqual(expected);
    expect(ids(await rows(db, member('uid-x'), `select id from public.coaching_sessions`))).toEqual(expected);
  });

  it('are changed by no one but the site owner (the table editor)', async () => {
    for (const who of [visitor, member('uid-a')]) {
      expect(await failure(db, who, `insert into public.coaching_sessions (date, time, spots_available, max_spots) values (current_date, 'noon', 5, 5)`)).toBe(
        RLS_VIOLATION,
      );
      expect(await hidden(db, who, `update public.coaching_sessions set spots_available = 0`)).toBe(true);
      expect(await hidden(db, who, `delete from public.coaching_sessions`)).toBe(true);
    }
    expect(await spots(OPEN)).toBe(10);
    expect(await affected(db, owner, `update public.coaching_sessions set time = '7:00 PM CET' where id = $1`, [OPEN])).toBe(1);
  });

  it('keep spots_available between 0 and max_spots', async () => {
    const insert = `insert into public.coaching_sessions (date, time, spots_available, max_spots) values (current_date, '6:00 PM CET', $1, $2)`;
    expect(await failure(db, owner, insert, [11, 10])).toBe(CHECK_VIOLATION);
    expect(await failure(db, owner, insert, [-1, 10])).toBe(CHECK_VIOLATION);
    expect(await failure(db, owner, insert, [0, 0])).toBe(CHECK_VIOLATION);
  });
});

describe('coaching signups', () => {
  it('a member signs up, takes a spot, and reads their signup with its session', async () => {
    expect(await failure(db, member('uid-a'), signUp, ['uid-a', OPEN, 'Ada', 'ada@example.com'])).toBeNull();
    expect(await spots(OPEN)).toBe(9);
    const mine = await rows(
      db,
      member('uid-a'),
      `select s.name, s.email, c.id as session_id, c.time from public.coaching_session_signups s
       join public.coaching_sessions c on c.id = s.session_id order by s.created_at desc`,
    );
    expect(mine).toEqual([{ name: 'Ada', email: 'ada@example.com', session_id: OPEN, time: '7:00 PM CET' }]);
  });

  it('a member cannot sign someone else up', async () => {
    expect(await failure(db, member('uid-b'), signUp, ['uid-a', OPEN, 'Ada', 'ada@example.com'])).toBe(RLS_VIOLATION);
  });

  it("another member does not read a member's signups, and a visitor reads none", async () => {
    await failure(db, member('uid-b'), signUp, ['uid-b', OPEN, 'Bea', 'bea@example.com']);
    expect(await rows(db, member('uid-b'), `select user_id from public.coaching_session_signups`)).toEqual([{ user_id: 'uid-b' }]);
    expect(await hidden(db, visitor, `select user_id from public.coaching_session_signups`)).toBe(true);
  });

  it('a visitor cannot sign up', async () => {
    expect(await failure(db, visitor, signUp, ['uid-v', OPEN, 'Vi', 'vi@example.com'])).toBe(RLS_VIOLATION);
  });

  // Since 20261124000200 a member may delete (give back) their own future signup: see below.
  it("a member cannot change a signup, theirs or not, nor delete another member's", async () => {
    expect(await hidden(db, member('uid-a'), `update public.coaching_session_signups set name = 'Mallory'`)).toBe(true);
    expect(await hidden(db, member('uid-x'), `delete from public.coaching_session_signups`)).toBe(true);
    expect(await rows(db, owner, `select name from public.coaching_session_signups where user_id = 'uid-a'`)).toEqual([{ name: 'Ada' }]);
  });

  it('refuses a full or inactive session and leaves its spots alone', async () => {
    expect(await failure(db, member('uid-c'), signUp, ['uid-c', FULL, 'Cy', 'cy@example.com'])).toBe(CHECK_VIOLATION);
    expect(await failure(db, member('uid-c'), signUp, ['uid-c', CLOSED, 'Cy', 'cy@example.com'])).toBe(CHECK_VIOLATION);
    expect(await spots(FULL)).toBe(0);
    expect(await spots(CLOSED)).toBe(10);
    expect(await rows(db, owner, `select id from public.coaching_session_signups where user_id = 'uid-c'`)).toEqual([]);
  });

  it('gives the last spot to the first member only', async () => {
    expect(await failure(db, member('uid-d'), signUp, ['uid-d', LAST_SPOT, 'Dee', 'dee@example.com'])).toBeNull();
    expect(await failure(db, member('uid-e'), signUp, ['uid-e', LAST_SPOT, 'Eve', 'eve@example.com'])).toBe(CHECK_VIOLATION);
    expect(await spots(LAST_SPOT)).toBe(0);
  });

  it('refuses a second signup to the same session without taking another spot', async () => {
    const before = await spots(OPEN);
    expect(await failure(db, member('uid-a'), signUp, ['uid-a', OPEN, 'Ada', 'ada@example.com'])).toBe(UNIQUE_VIOLATION);
    expect(await spots(OPEN)).toBe(before);
  });

  it('stores names trimmed and emails trimmed and lower-case', async () => {
    expect(await failure(db, member('uid-f'), signUp, ['uid-f', OPEN, 'Fay', 'Fay@Example.com'])).toBe(CHECK_VIOLATION);
    expect(await failure(db, member('uid-f'), signUp, ['uid-f', OPEN, ' Fay ', 'fay@example.com'])).toBe(CHECK_VIOLATION);
    expect(await failure(db, member('uid-f'), signUp, ['uid-f', OPEN, '', 'fay@example.com'])).toBe(CHECK_VIOLATION);
    // Tabs and line breaks count as untrimmed too, as they do for the form's trim().
    expect(await failure(db, member('uid-f'), signUp, ['uid-f', OPEN, 'Fay\n', 'fay@example.com'])).toBe(CHECK_VIOLATION);
    expect(await failure(db, member('uid-f'), signUp, ['uid-f', OPEN, 'Fay', '\tfay@example.com'])).toBe(CHECK_VIOLATION);
  });

  it('a member still sees a session they signed up for after it closes; others do not', async () => {
    await db.query(`update public.coaching_sessions set is_active = false where id = $1`, [LAST_SPOT]);
    expect(await rows(db, member('uid-d'), `select id from public.coaching_sessions where id = $1`, [LAST_SPOT])).toEqual([{ id: LAST_SPOT }]);
    expect(await rows(db, member('uid-e'), `select id from public.coaching_sessions where id = $1`, [LAST_SPOT])).toEqual([]);
    expect(await rows(db, visitor, `select id from public.coaching_sessions where id = $1`, [LAST_SPOT])).toEqual([]);
  });

  it('gives the spot back when a signup is removed, and a signup cannot move session', async () => {
    const before = await spots(OPEN);
    expect(await failure(db, owner, `update public.coaching_session_signups set session_id = $1 where user_id = 'uid-b'`, [FULL])).toBe(CHECK_VIOLATION);
    expect(await affected(db, owner, `delete from public.coaching_session_signups where user_id = 'uid-b'`)).toBe(1);
    expect(await spots(OPEN)).toBe(before + 1);
  });
});

describe('giving a seat back', () => {
  const SOON = '00000000-0000-4000-8000-000000000011';
  const PAST = '00000000-0000-4000-8000-000000000012';
  const TODAY = '00000000-0000-4000-8000-000000000013';
  const signupOf = async (uid: string, session: string) =>
    (await rows<{ id: string }>(db, owner, `select id from public.coaching_session_signups where user_id = $1 and session_id = $2`, [uid, session]))[0]?.id;

  beforeAll(async () => {
    await db.query(`
      insert into public.coaching_sessions (id, date, time, is_active, spots_available, max_spots) values
        ('${SOON}', current_date + 3, '6:00 PM CET', true, 5, 5),
        ('${TODAY}', current_date, '6:00 PM CET', true, 5, 5),
        ('${PAST}', current_date - 30, '6:00 PM CET', true, 5, 5)`);
    for (const [uid, session] of [
      ['uid-g', SOON],
      ['uid-h', SOON],
      ['uid-g', TODAY],
    ] as const)
      expect(await failure(db, member(uid), signUp, [uid, session, 'Gil', 'gil@example.com'])).toBeNull();
    // A signup made before the session took place (written as the owner: the date has passed).
    await db.query(`insert into public.coaching_session_signups (user_id, session_id, name, email) values ('uid-g', '${PAST}', 'Gil', 'gil@example.com')`);
  });

  it('a member deletes their own signup for a future session, and the seat returns', async () => {
    expect(await spots(SOON)).toBe(3);
    const id = await signupOf('uid-g', SOON);
    expect(await affected(db, member('uid-g'), `delete from public.coaching_session_signups where id = $1`, [id])).toBe(1);
    expect(await spots(SOON)).toBe(4);
    expect(await signupOf('uid-g', SOON)).toBeUndefined();
    // ...and may sign up again, taking a seat again.
    expect(await failure(db, member('uid-g'), signUp, ['uid-g', SOON, 'Gil', 'gil@example.com'])).toBeNull();
    expect(await spots(SOON)).toBe(3);
  });

  it("a member cannot give back another member's seat, even by its id", async () => {
    const id = await signupOf('uid-h', SOON);
    expect(await hidden(db, member('uid-g'), `delete from public.coaching_session_signups where id = $1`, [id])).toBe(true);
    expect(await hidden(db, visitor, `delete from public.coaching_session_signups where id = $1`, [id])).toBe(true);
    expect(await signupOf('uid-h', SOON)).toBe(id);
    expect(await spots(SOON)).toBe(3);
  });

  it('a past session keeps its signups; a session today can still be given back', async () => {
    const past = await signupOf('uid-g', PAST);
    expect(await hidden(db, member('uid-g'), `delete from public.coaching_session_signups where id = $1`, [past])).toBe(true);
    expect(await signupOf('uid-g', PAST)).toBe(past);
    const today = await signupOf('uid-g', TODAY);
    expect(await affected(db, member('uid-g'), `delete from public.coaching_session_signups where id = $1`, [today])).toBe(1);
    expect(await spots(TODAY)).toBe(5);
  });

  it('the seat returned never goes above max_spots', async () => {
    await db.query(`update public.coaching_sessions set spots_available = max_spots where id = $1`, [SOON]);
    const id = await signupOf('uid-h', SOON);
    expect(await affected(db, member('uid-h'), `delete from public.coaching_session_signups where id = $1`, [id])).toBe(1);
    expect(await spots(SOON)).toBe(5);
  });
});
