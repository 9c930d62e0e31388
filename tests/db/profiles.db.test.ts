/** profiles on Postgres: what a member may create, read and change of their own profile, and nothing of another's. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { affected, CHECK_VIOLATION, failure, hidden, member, migratedDatabase, owner, RLS_VIOLATION, rows, service, visitor } from '../support/db';

let db: PGlite;
beforeAll(async () => {
  db = await migratedDatabase();
  await db.query(`insert into public.profiles (id, email, full_name) values ('uid-b', 'bea@example.com', 'Bea')`);
}, 60_000);

const insertProfile = `insert into public.profiles (id, email, full_name, membership_tier, project_id) values ($1, $2, $3, $4, $5)`;

describe('profiles: a member', () => {
  it('creates their own profile as an Explorer with no project id, and reads it back', async () => {
    const insertOwn = `insert into public.profiles (id, email, full_name) values ($1, $2, $3)`;
    expect(await failure(db, member('uid-a'), insertOwn, ['uid-a', 'ada@example.com', 'Ada'])).toBeNull();
    const own = await rows(db, member('uid-a'), `select id, email, full_name, membership_tier, project_id from public.profiles`);
    expect(own).toEqual([{ id: 'uid-a', email: 'ada@example.com', full_name: 'Ada', membership_tier: 'Explorer', project_id: null }]);
  });

  it('gets the Explorer tier when none is given', async () => {
    await failure(db, member('uid-c'), `insert into public.profiles (id, email) values ('uid-c', 'cy@example.com')`);
    expect(await rows(db, member('uid-c'), `select membership_tier from public.profiles`)).toEqual([{ membership_tier: 'Explorer' }]);
  });

  it('cannot create a profile under another id', async () => {
    expect(await failure(db, member('uid-d'), insertProfile, ['uid-e', 'eve@example.com', null, 'Explorer', null])).toBe(RLS_VIOLATION);
  });

  it('cannot create their profile with a paid tier or a project id', async () => {
    expect(await failure(db, member('uid-f'), insertProfile, ['uid-f', 'fay@example.com', null, 'Alchemist', null])).toBe(RLS_VIOLATION);
    expect(await failure(db, member('uid-f'), insertProfile, ['uid-f', 'fay@example.com', null, 'Explorer', 'proj-1'])).toBe(RLS_VIOLATION);
    expect(await rows(db, owner, `select id from public.profiles where id = 'uid-f'`)).toEqual([]);
  });

  it("does not read another member's profile", async () => {
    expect(await hidden(db, member('uid-a'), `select id from public.profiles where id = 'uid-b'`)).toBe(true);
    expect(await rows(db, member('uid-a'), `select id from public.profiles`)).toEqual([{ id: 'uid-a' }]);
  });

  it('changes their own name', async () => {
    expect(await affected(db, member('uid-b'), `update public.profiles set full_name = 'Beatrice' where id = 'uid-b'`)).toBe(1);
    expect(await rows(db, service, `select full_name from public.profiles where id = 'uid-b'`)).toEqual([{ full_name: 'Beatrice' }]);
  });

  it('cannot change their own tier or project id', async () => {
    expect(await failure(db, member('uid-b'), `update public.profiles set membership_tier = 'Alchemist' where id = 'uid-b'`)).toBe(RLS_VIOLATION);
    expect(await failure(db, member('uid-b'), `update public.profiles set project_id = 'proj-9' where id = 'uid-b'`)).toBe(RLS_VIOLATION);
    expect(await failure(db, member('uid-b'), `update public.profiles set id = 'uid-z' where id = 'uid-b'`)).toBe(RLS_VIOLATION);
    expect(await rows(db, service, `select id, membership_tier, project_id from public.profiles where id = 'uid-b'`)).toEqual([
      { id: 'uid-b', membership_tier: 'Explorer', project_id: null },
    ]);
  });

  it("cannot change or delete another member's profile, nor delete their own", async () => {
    expect(await hidden(db, member('uid-a'), `update public.profiles set full_name = 'Mallory' where id = 'uid-b'`)).toBe(true);
    expect(await hidden(db, member('uid-a'), `delete from public.profiles where id = 'uid-b'`)).toBe(true);
    expect(await hidden(db, member('uid-a'), `delete from public.profiles where id = 'uid-a'`)).toBe(true);
    expect(await rows(db, owner, `select count(*)::int as n from public.profiles where id in ('uid-a', 'uid-b')`)).toEqual([{ n: 2 }]);
  });
});

describe('profiles: a visitor', () => {
  it('reads no profile and creates none', async () => {
    expect(await hidden(db, visitor, `select id from public.profiles`)).toBe(true);
    expect(await failure(db, visitor, `insert into public.profiles (id, email) values ('uid-v', 'vi@example.com')`)).toBe(RLS_VIOLATION);
    expect(await hidden(db, visitor, `update public.profiles set full_name = 'x'`)).toBe(true);
  });
});

describe('profiles: the service role and the constraints', () => {
  it('upgrades a tier and assigns a project id', async () => {
    await db.query(`insert into public.profiles (id, email) values ('uid-s', 'sam@example.com')`);
    expect(await affected(db, service, `update public.profiles set membership_tier = 'Adventurer', project_id = 'proj-2' where id = 'uid-s'`)).toBe(1);
    expect(await rows(db, member('uid-s'), `select membership_tier, project_id from public.profiles`)).toEqual([
      { membership_tier: 'Adventurer', project_id: 'proj-2' },
    ]);
  });

  it('keeps tiers to Explorer, Adventurer and Alchemist', async () => {
    expect(await failure(db, service, insertProfile, ['uid-t', 'tia@example.com', null, 'Gold', null])).toBe(CHECK_VIOLATION);
    for (const [i, tier] of ['Explorer', 'Adventurer', 'Alchemist'].entries()) {
      expect(await failure(db, service, insertProfile, [`uid-tier-${i}`, `tier${i}@example.com`, null, tier, null])).toBeNull();
    }
  });

  it('stores emails trimmed and lower-case only', async () => {
    expect(await failure(db, service, insertProfile, ['uid-u', 'Ula@Example.com', null, 'Explorer', null])).toBe(CHECK_VIOLATION);
    expect(await failure(db, service, insertProfile, ['uid-u', ' ula@example.com', null, 'Explorer', null])).toBe(CHECK_VIOLATION);
    expect(await failure(db, service, insertProfile, ['uid-u', 'ula.example.com', null, 'Explorer', null])).toBe(CHECK_VIOLATION);
    expect(await failure(db, service, insertProfile, ['uid-u', 'ula@example.com\n', null, 'Explorer', null])).toBe(CHECK_VIOLATION);
  });
});
