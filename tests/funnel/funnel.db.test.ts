/**
 * The funnel's tables and functions (20261207100000_funnel.sql) on PGlite: owner_funnel on data
 * whose answers are known (a month in Berlin across the change of clocks, the small-count rule,
 * sources, pages, referrers), the daily salt and its deletion, sign-ups counted once by the
 * profile's creation, purchases once by their key, and who may call what.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { failure, member, migratedDatabase, rows, service, visitor } from '../support/db';

let db: PGlite;
beforeAll(async () => {
  db = await migratedDatabase();
}, 60_000);

const hex = (n: number) => n.toString(16).padStart(64, '0');

/** A beacon as the function stores it. */
async function hit(visitorNo: number, event: string, path: string, at: string, extra: { ref?: string; source?: string } = {}) {
  await db.query(
    `select public.funnel_hit(visitor => $1, event => $2, path => $3, occurred_at => $4, referrer_host => $5, utm_source => $6)`,
    [hex(visitorNo), event, path, at, extra.ref ?? null, extra.source ?? null],
  );
}

async function funnel(month: string) {
  const [row] = await rows<{ f: Record<string, unknown> }>(db, service, `select public.owner_funnel($1) as f`, [month]);
  return row!.f;
}

describe('owner_funnel: a month in Berlin, across the change of clocks', () => {
  beforeAll(async () => {
    await db.query(`truncate private.funnel_hits, private.funnel_conversions`);
    // March 2026: the clocks go forward on the 29th. Its first instant in Berlin is 28 Feb 23:00 UTC,
    // its last 31 Mar 21:59:59 UTC (CEST).
    await hit(900, 'pageview', '/', '2026-02-28T22:59:59Z'); // 23:59:59 on 28 Feb in Berlin: February
    await hit(901, 'pageview', '/', '2026-03-31T22:00:00Z'); // 00:00 on 1 April in Berlin (CEST): April
    // Seven visitors land on the home page from a newsletter on 1 March at 00:00 Berlin time.
    for (let v = 1; v <= 7; v++) await hit(v, 'pageview', '/', '2026-02-28T23:00:00Z', { source: 'newsletter', ref: 'mail.example.com' });
    // Six of them open a journey later that day (no utm on that page) and start it; five finish.
    for (let v = 1; v <= 6; v++) {
      await hit(v, 'pageview', '/lead-magnet-journey/self-trust', '2026-03-01T09:00:00Z');
      await hit(v, 'journey_started', '/lead-magnet-journey/self-trust', '2026-03-01T09:01:00Z');
      if (v <= 5) await hit(v, 'journey_finished', '/lead-magnet-journey/self-trust', '2026-03-01T09:10:00Z');
    }
    // Two visitors come straight in on the last evening (21:59 UTC is 23:59 in Berlin, CEST); one from a search engine.
    await hit(20, 'pageview', '/pricing', '2026-03-31T21:59:00Z', { ref: 'duckduckgo.com' });
    await hit(21, 'pageview', '/pricing', '2026-03-31T21:59:59Z');
    // Sign-ups and purchases counted on the server: six sign-ups and three purchases in March, one of each outside.
    const conversion = `insert into private.funnel_conversions (kind, key, occurred_at) values ($1, $2, $3)`;
    for (let n = 1; n <= 6; n++) await db.query(conversion, ['signup', hex(1000 + n), '2026-03-15T12:00:00Z']);
    for (let n = 1; n <= 3; n++) await db.query(conversion, ['purchase', hex(2000 + n), '2026-03-29T01:30:00Z']);
    await db.query(conversion, ['signup', hex(3000), '2026-03-31T22:00:00Z']);
    await db.query(conversion, ['purchase', hex(3001), '2026-02-28T22:59:59Z']);
  });

  it('counts the month’s visits, visitors, journeys, sign-ups and purchases, with 1 to 4 as null ("fewer than 5")', async () => {
    expect(await funnel('2026-03')).toMatchObject({
      visits: 7 + 6 + 2,
      visitors: 9,
      journeys_started: 6,
      journeys_finished: 5,
      signups: 6,
      purchases: null, // three
    });
  });

  it('gives each source its visitors’ journeys, and sign-ups and purchases (no source known) under null', async () => {
    expect((await funnel('2026-03'))['by_source']).toEqual([
      { source: 'newsletter', visits: 13, journeys_started: 6, journeys_finished: 5, signups: 0, purchases: 0 },
      { source: null, visits: null, journeys_started: 0, journeys_finished: 0, signups: 6, purchases: null },
    ]);
  });

  it('lists the top pages and referring hosts, their small counts as null', async () => {
    const f = await funnel('2026-03');
    expect(f['top_pages']).toEqual([
      { path: '/', visits: 7 },
      { path: '/lead-magnet-journey/self-trust', visits: 6 },
      { path: '/pricing', visits: null },
    ]);
    expect(f['top_referrers']).toEqual([
      { host: 'mail.example.com', visits: 7 },
      { host: 'duckduckgo.com', visits: null },
    ]);
  });

  it('puts the evening before the 1st in February and the first minute of 1 April in April', async () => {
    expect(await funnel('2026-02')).toMatchObject({ visits: null, visitors: null, purchases: null, signups: 0 });
    expect(await funnel('2026-04')).toMatchObject({ visits: null, visitors: null, signups: null, purchases: 0, by_source: [{ source: null, visits: null }] });
  });

  it('answers a month with nothing in it with zeros and empty lists', async () => {
    expect(await funnel('2025-01')).toEqual({
      visits: 0,
      visitors: 0,
      journeys_started: 0,
      journeys_finished: 0,
      signups: 0,
      purchases: 0,
      by_source: [],
      top_pages: [],
      top_referrers: [],
    });
  });

  it('keeps ten pages and ten referrers, the most visited first', async () => {
    for (let p = 0; p < 12; p++) for (let n = 0; n <= p; n++) await hit(5000 + n, 'pageview', `/p${String(p).padStart(2, '0')}`, '2025-06-10T10:00:00Z', { ref: `r${p}.example` });
    const f = await funnel('2025-06');
    expect((f['top_pages'] as { path: string }[]).map((p) => p.path)).toEqual(['/p11', '/p10', '/p09', '/p08', '/p07', '/p06', '/p05', '/p04', '/p03', '/p02']);
    expect((f['top_referrers'] as { host: string }[]).map((r) => r.host)).toEqual(['r11.example', 'r10.example', 'r9.example', 'r8.example', 'r7.example', 'r6.example', 'r5.example', 'r4.example', 'r3.example', 'r2.example']);
  });

  it('refuses a malformed month (22023)', async () => {
    for (const bad of ['2026-3', '2026-13', '2026-00', '26-03', '2026-03-01', '', 'March']) {
      expect(await failure(db, service, `select public.owner_funnel($1)`, [bad]), bad).toBe('22023');
    }
  });
});

describe('the daily salt', () => {
  it('keeps one salt a day, whoever asks first, and deletes those older than yesterday’s', async () => {
    const salt = async (day: string, candidate: string) => (await rows<{ s: string }>(db, service, `select public.funnel_salt($1::date, $2) as s`, [day, candidate]))[0]!.s;
    expect(await salt('2026-11-20', 'a'.repeat(64))).toBe('a'.repeat(64));
    expect(await salt('2026-11-20', 'b'.repeat(64))).toBe('a'.repeat(64));
    expect(await salt('2026-11-21', 'c'.repeat(64))).toBe('c'.repeat(64));
    expect(await salt('2026-11-22', 'd'.repeat(64))).toBe('d'.repeat(64));
    expect((await db.query<{ day: string }>(`select day::text from private.funnel_salts order by day`)).rows.map((r) => r.day)).toEqual(['2026-11-21', '2026-11-22']);
    expect(await salt('2026-11-24', 'e'.repeat(64))).toBe('e'.repeat(64));
    expect((await db.query<{ day: string }>(`select day::text from private.funnel_salts order by day`)).rows.map((r) => r.day)).toEqual(['2026-11-24']);
  });
});

describe('conversions, each once', () => {
  it('counts a sign-up when a profile is created, and never again for the same member', async () => {
    await db.query(`truncate private.funnel_conversions`);
    const create = `insert into public.profiles (id, email, full_name, membership_tier) values ($1, $2, null, 'Explorer') on conflict (id) do nothing`;
    expect(await failure(db, service, create, ['uid-funnel-1', 'f1@example.com'])).toBeNull();
    expect(await failure(db, service, create, ['uid-funnel-1', 'f1@example.com'])).toBeNull();
    // A member creating their own profile (the policy allows it) is counted the same way.
    expect(await failure(db, member('uid-funnel-2'), `insert into public.profiles (id, email) values ('uid-funnel-2', 'f2@example.com')`)).toBeNull();
    const counted = await db.query<{ kind: string; key: string }>(`select kind, key from private.funnel_conversions order by key`);
    expect(counted.rows).toHaveLength(2);
    expect(counted.rows.every((r) => r.kind === 'signup' && /^[0-9a-f]{64}$/.test(r.key) && !r.key.includes('uid'))).toBe(true);
  });

  it('counts a purchase once by its Checkout Session, whatever the repeats', async () => {
    await db.query(`truncate private.funnel_conversions`);
    const count = async (session: string, at: string) => (await rows<{ n: boolean }>(db, service, `select public.funnel_count_purchase($1, $2) as n`, [session, at]))[0]!.n;
    expect(await count('cs_test_1', '2026-03-10T10:00:00Z')).toBe(true);
    expect(await count('cs_test_1', '2026-03-12T10:00:00Z')).toBe(false);
    expect(await count('cs_test_2', '2026-03-12T10:00:00Z')).toBe(true);
    const stored = await db.query<{ at: string }>(`select occurred_at::text as at from private.funnel_conversions where kind = 'purchase' order by occurred_at`);
    expect(stored.rows).toHaveLength(2);
    expect(stored.rows[0]!.at).toMatch(/^2026-03-10/);
  });
});

describe('who may reach the funnel', () => {
  it('lets only the service role call its functions, and nobody reach its tables through the API', async () => {
    for (const who of [visitor, member('uid-a')]) {
      expect(await failure(db, who, `select public.owner_funnel('2026-03')`)).toBe('42501');
      expect(await failure(db, who, `select public.funnel_salt('2026-03-01', $1)`, ['f'.repeat(64)])).toBe('42501');
      expect(await failure(db, who, `select public.funnel_hit($1, 'pageview', '/', now())`, ['f'.repeat(64)])).toBe('42501');
      expect(await failure(db, who, `select public.funnel_count_purchase('cs_x', now())`)).toBe('42501');
      expect(await failure(db, who, `select count(*) from private.funnel_hits`)).toBe('42501');
    }
  });

  it('refuses a beacon the table’s checks do not allow', async () => {
    const bad = [
      ['nothex', 'pageview', '/'],
      [hex(1), 'click', '/'],
      [hex(1), 'pageview', 'https://evil.example/'],
      [hex(1), 'pageview', '/a b'],
    ];
    for (const [v, e, p] of bad) expect(await failure(db, service, `select public.funnel_hit($1, $2, $3, now())`, [v, e, p]), `${e} ${p}`).toBe('23514');
  });
});
