/**
 * Sign-ups and purchases under their campaign (20261210000000_funnel_sources.sql) on PGlite: the
 * sign-up's source is written once, by the sync of the sign-in that created the account, and
 * never overwritten; a purchase takes its buyer's sign-up source in the statement that counts it,
 * so a repeated event counts once and changes nothing; owner_funnel counts both under the source.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { failure, member, migratedDatabase, rows, service, visitor } from '../support/db';

let db: PGlite;
beforeAll(async () => {
  db = await migratedDatabase();
}, 60_000);
beforeEach(async () => {
  await db.query(`truncate private.funnel_hits, private.funnel_conversions`);
});

const hex = (n: number) => n.toString(16).padStart(64, '0');

/** A sign-up counted at `at`, as the profile trigger counts it (keyed on the member's id). */
const signedUp = (memberId: string, at: string) =>
  db.query(
    `insert into private.funnel_conversions (kind, key, occurred_at)
     values ('signup', encode(sha256(convert_to('signup:' || $1, 'UTF8')), 'hex'), $2)`,
    [memberId, at],
  );

const recordSource = async (memberId: string, source: string, signedInAt: string) =>
  (await rows<{ ok: boolean }>(db, service, `select public.funnel_signup_source($1, $2, $3) as ok`, [memberId, source, signedInAt]))[0]!.ok;

const countPurchase = async (session: string, at: string, memberId: string | null) =>
  (await rows<{ ok: boolean }>(db, service, `select public.funnel_count_purchase(checkout_session => $1, occurred_at => $2, member => $3) as ok`, [session, at, memberId]))[0]!.ok;

const signupSource = async (memberId: string) =>
  (
    await db.query<{ source: string | null }>(
      `select source from private.funnel_conversions where kind = 'signup' and key = encode(sha256(convert_to('signup:' || $1, 'UTF8')), 'hex')`,
      [memberId],
    )
  ).rows.map((r) => r.source);

const purchases = async () =>
  (await db.query<{ source: string | null; at: string }>(`select source, occurred_at::text as at from private.funnel_conversions where kind = 'purchase' order by occurred_at, key`)).rows;

describe('the sign-up’s source', () => {
  it('is written once, by the sync of the sign-in that created the account, and never overwritten', async () => {
    // The profile's creation counts the sign-up (the trigger, now()); the token's sign-in was a moment before.
    await db.query(`insert into public.profiles (id, email) values ('uid-src-1', 'src1@example.com')`);
    const signIn = new Date(Date.now() - 2000).toISOString();
    expect(await recordSource('uid-src-1', 'newsletter', signIn)).toBe(true);
    // A retried sync, and one sending another source: nothing changes.
    expect(await recordSource('uid-src-1', 'newsletter', signIn)).toBe(false);
    expect(await recordSource('uid-src-1', 'podcast', signIn)).toBe(false);
    expect(await signupSource('uid-src-1')).toEqual(['newsletter']);
  });

  it('is not given to a sign-up counted before this sign-in (a member who signed up without one, signing in later from a tagged link)', async () => {
    await signedUp('uid-src-2', '2026-05-10T10:00:00Z');
    expect(await recordSource('uid-src-2', 'newsletter', '2026-05-12T08:00:00Z')).toBe(false);
    expect(await recordSource('uid-src-2', 'newsletter', '2026-05-10T10:01:30Z')).toBe(false);
    expect(await signupSource('uid-src-2')).toEqual([null]);
    // Its own sign-in, a few seconds before the profile (clocks a little apart: up to a minute).
    expect(await recordSource('uid-src-2', 'newsletter', '2026-05-10T10:00:40Z')).toBe(true);
    expect(await signupSource('uid-src-2')).toEqual(['newsletter']);
  });

  it('writes nothing for a member with no sign-up, and the table refuses a source that is empty or too long', async () => {
    expect(await recordSource('uid-nobody', 'newsletter', '2026-05-10T10:00:00Z')).toBe(false);
    expect((await db.query(`select 1 from private.funnel_conversions`)).rows).toEqual([]);
    await signedUp('uid-src-3', '2026-05-10T10:00:00Z');
    for (const bad of ['', 'x'.repeat(101)]) {
      expect(await failure(db, service, `select public.funnel_signup_source('uid-src-3', $1, '2026-05-10T10:00:00Z')`, [bad])).toBe('23514');
    }
    expect(await signupSource('uid-src-3')).toEqual([null]);
  });
});

describe('a purchase’s source', () => {
  it('is its buyer’s sign-up source, set with the count; a repeated event neither counts again nor changes it', async () => {
    await signedUp('uid-buyer-1', '2026-05-01T09:00:00Z');
    await recordSource('uid-buyer-1', 'newsletter', '2026-05-01T09:00:00Z');
    await signedUp('uid-buyer-2', '2026-05-01T09:00:00Z');
    await recordSource('uid-buyer-2', 'podcast', '2026-05-01T09:00:00Z');
    expect(await countPurchase('cs_src_1', '2026-05-03T12:00:00Z', 'uid-buyer-1')).toBe(true);
    // The same session again: once as delivered, once naming another member, once without one.
    expect(await countPurchase('cs_src_1', '2026-05-04T12:00:00Z', 'uid-buyer-1')).toBe(false);
    expect(await countPurchase('cs_src_1', '2026-05-04T12:00:00Z', 'uid-buyer-2')).toBe(false);
    expect(await countPurchase('cs_src_1', '2026-05-04T12:00:00Z', null)).toBe(false);
    expect(await purchases()).toEqual([{ source: 'newsletter', at: '2026-05-03 12:00:00+00' }]);
  });

  it('is none for a buyer whose sign-up has no source, a buyer with no sign-up, a session without a member, and the older two-argument call', async () => {
    await signedUp('uid-plain', '2026-05-01T09:00:00Z');
    expect(await countPurchase('cs_src_2', '2026-05-03T12:00:00Z', 'uid-plain')).toBe(true);
    expect(await countPurchase('cs_src_3', '2026-05-03T12:00:01Z', 'uid-never-signed-up')).toBe(true);
    expect(await countPurchase('cs_src_4', '2026-05-03T12:00:02Z', null)).toBe(true);
    expect((await rows<{ ok: boolean }>(db, service, `select public.funnel_count_purchase($1, $2) as ok`, ['cs_src_5', '2026-05-03T12:00:03Z']))[0]!.ok).toBe(true);
    expect((await purchases()).map((p) => p.source)).toEqual([null, null, null, null]);
  });
});

describe('owner_funnel by source', () => {
  it('counts the sign-ups and the purchases under the campaign they came with', async () => {
    // May 2026 in Berlin: five visitors from the newsletter; six sign-ups, five of them from the
    // newsletter; five purchases by those five (one event delivered twice), one by the sixth, one without a member.
    for (let v = 1; v <= 5; v++) {
      await db.query(`select public.funnel_hit(visitor => $1, event => 'pageview', path => '/', occurred_at => '2026-05-02T08:00:00Z', utm_source => 'newsletter')`, [hex(v)]);
    }
    for (let n = 1; n <= 6; n++) await signedUp(`uid-may-${n}`, '2026-05-02T09:00:00Z');
    for (let n = 1; n <= 5; n++) expect(await recordSource(`uid-may-${n}`, 'newsletter', '2026-05-02T08:59:59Z')).toBe(true);
    for (let n = 1; n <= 5; n++) await countPurchase(`cs_may_${n}`, '2026-05-20T10:00:00Z', `uid-may-${n}`);
    await countPurchase('cs_may_1', '2026-05-21T10:00:00Z', 'uid-may-1');
    await countPurchase('cs_may_6', '2026-05-20T10:00:00Z', 'uid-may-6');
    await countPurchase('cs_may_7', '2026-05-20T10:00:00Z', null);
    const [row] = await rows<{ f: Record<string, unknown> }>(db, service, `select public.owner_funnel('2026-05') as f`);
    expect(row!.f).toMatchObject({ visits: 5, signups: 6, purchases: 7 });
    expect(row!.f['by_source']).toEqual([
      { source: 'newsletter', visits: 5, journeys_started: 0, journeys_finished: 0, signups: 5, purchases: 5 },
      { source: null, visits: 0, journeys_started: 0, journeys_finished: 0, signups: null, purchases: null },
    ]);
  });
});

describe('who may record a source', () => {
  it('is the service role alone', async () => {
    await signedUp('uid-who', new Date().toISOString());
    for (const who of [visitor, member('uid-who')]) {
      expect(await failure(db, who, `select public.funnel_signup_source('uid-who', 'newsletter', now())`)).toBe('42501');
      expect(await failure(db, who, `select public.funnel_count_purchase('cs_who', now(), 'uid-who')`)).toBe('42501');
      expect(await failure(db, who, `update private.funnel_conversions set source = 'x'`)).toBe('42501');
    }
    expect(await signupSource('uid-who')).toEqual([null]);
  });
});
