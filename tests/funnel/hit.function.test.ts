/**
 * /api/hit against the local PostgREST endpoint over PGlite running our migrations: what a
 * beacon stores (a day's visitor hash, never the address or the user agent), the day's salt and
 * its deletion, and every beacon it must not count (GPC, DNT, bots, bad input, another site, over
 * the limit): 204 and nothing stored. The clock is the handler's (createHitHandler), so days pass.
 */
import { describe, expect, it } from 'vitest';
import handler, { config, createHitHandler, HIT_LIMIT } from '../../netlify/functions/hit.mts';
import type { LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import { SITE, type LogSpies } from '../support/functions';
import { withStandIns } from '../support/stand-ins';

let db: LocalSupabase;
let logs: LogSpies;
withStandIns({ db: true }, (standIns, spies) => {
  ({ db } = standIns);
  logs = spies;
});

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ADDRESS = '203.0.113.7';
const PAGE_VIEW = { path: '/pricing/', event: 'pageview', referrer: 'Search.Example.org', utm_source: ' Newsletter ', utm_campaign: 'november' };

type Handler = ReturnType<typeof createHitHandler>;
interface Stored {
  visitor: string;
  event: string;
  path: string;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  occurred_at: string;
}

/** A clock the test moves: starts on 10 March 2026, 12:00 in Berlin. */
function clock(start = '2026-03-10T11:00:00Z') {
  let t = Date.parse(start);
  return { now: () => t, set: (iso: string) => (t = Date.parse(iso)), advance: (ms: number) => (t += ms) };
}

async function send(h: Handler, body: unknown, { ip = ADDRESS, headers = {} }: { ip?: string; headers?: Record<string, string> } = {}, method = 'POST') {
  const res = await h(
    new Request(`${SITE}/api/hit`, {
      method,
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: SITE, 'user-agent': CHROME, ...headers },
      ...(method === 'POST' ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    }),
    { ip },
  );
  return { status: res.status, text: await res.text(), cookie: res.headers.get('set-cookie') };
}

const hits = () => db.query<Stored>(`select visitor, event, path, referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content, occurred_at::text from private.funnel_hits order by id`);
const salts = () => db.query<{ day: string; salt: string }>(`select day::text, salt from private.funnel_salts order by day`);

/** Everything the funnel's tables hold, as text: where an address or a user agent would show. */
async function everythingStored(): Promise<string> {
  const rows = await db.query(`select (select coalesce(json_agg(h), '[]') from private.funnel_hits h)::text || (select coalesce(json_agg(s), '[]') from private.funnel_salts s)::text as all`);
  return String((rows[0] as { all: string }).all);
}

async function emptyFunnel() {
  for (const table of ['funnel_hits', 'funnel_salts', 'funnel_conversions']) await db.query(`delete from private.${table}`);
}

describe('hit: config', () => {
  it('is served at /api/hit with the platform limit per address, the same as its own', () => {
    expect(config.path).toBe('/api/hit');
    expect(config.rateLimit).toEqual({ windowLimit: HIT_LIMIT.limit, windowSize: HIT_LIMIT.windowMs / 1000, aggregateBy: ['ip', 'domain'] });
  });
});

describe('hit: counting a visitor without storing who they are', () => {
  it('stores a page view with the day’s visitor hash, its path, the referring host and the campaign, and no address or user agent', async () => {
    await emptyFunnel();
    const res = await send(createHitHandler({ now: clock().now }), PAGE_VIEW);
    expect(res).toEqual({ status: 204, text: '', cookie: null });
    const [row, ...more] = await hits();
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      event: 'pageview',
      path: '/pricing',
      referrer_host: 'search.example.org',
      utm_source: 'newsletter',
      utm_medium: null,
      utm_campaign: 'november',
      utm_term: null,
      utm_content: null,
    });
    expect(row!.visitor).toMatch(/^[0-9a-f]{64}$/);
    const stored = await everythingStored();
    for (const secret of [ADDRESS, '203.0.113', CHROME, 'Chrome/131', 'Mozilla']) expect(stored).not.toContain(secret);
    expect(logs.lines()).toBe(0);
  });

  it('gives the same visitor one hash all day, another the next day, and another address another hash', async () => {
    await emptyFunnel();
    const time = clock('2026-03-10T07:00:00Z');
    const h = createHitHandler({ now: time.now });
    await send(h, PAGE_VIEW);
    time.set('2026-03-10T22:30:00Z'); // 23:30 in Berlin: the same day
    await send(h, { path: '/', event: 'pageview' });
    await send(h, { path: '/', event: 'pageview' }, { ip: '198.51.100.4' });
    time.set('2026-03-10T23:30:00Z'); // 00:30 on 11 March in Berlin
    await send(h, { path: '/', event: 'pageview' });
    const [first, sameDay, otherAddress, nextDay] = (await hits()).map((r) => r.visitor);
    expect(sameDay).toBe(first);
    expect(otherAddress).not.toBe(first);
    expect(nextDay).not.toBe(first);
    expect((await salts()).map((s) => s.day)).toEqual(['2026-03-10', '2026-03-11']);
    // Another instance (a cold start) gets the day's salt from the database: the same hash.
    await send(createHitHandler({ now: time.now }), { path: '/', event: 'pageview' });
    expect((await hits()).at(-1)!.visitor).toBe(nextDay);
  });

  it('deletes the salts older than yesterday’s, so those days’ hashes point at nobody', async () => {
    await emptyFunnel();
    const time = clock('2026-10-23T10:00:00Z');
    const h = createHitHandler({ now: time.now });
    for (const day of ['2026-10-23', '2026-10-24', '2026-10-25', '2026-10-26']) {
      time.set(`${day}T10:00:00Z`);
      expect((await send(h, { path: '/', event: 'pageview' })).status).toBe(204);
    }
    expect((await salts()).map((s) => s.day)).toEqual(['2026-10-25', '2026-10-26']);
    expect(new Set((await hits()).map((r) => r.visitor)).size).toBe(4);
  });

  it('counts the journey player’s events on the journey’s path', async () => {
    await emptyFunnel();
    const h = createHitHandler({ now: clock().now });
    await send(h, { path: '/lead-magnet-journey/self-trust', event: 'journey_started' });
    await send(h, { path: '/lead-magnet-journey/self-trust', event: 'journey_finished' });
    expect((await hits()).map((r) => [r.event, r.path])).toEqual([
      ['journey_started', '/lead-magnet-journey/self-trust'],
      ['journey_finished', '/lead-magnet-journey/self-trust'],
    ]);
  });

  it('drops a referrer that is the site itself', async () => {
    await emptyFunnel();
    await send(createHitHandler({ now: clock().now }), { path: '/', event: 'pageview', referrer: 'localhost' });
    expect((await hits()).map((r) => r.referrer_host)).toEqual([null]);
  });
});

describe('hit: what it does not count gets 204 and stores nothing', () => {
  const notCounted = async (body: unknown, options: Parameters<typeof send>[2] = {}) => {
    await emptyFunnel();
    const res = await send(createHitHandler({ now: clock().now }), body, options);
    expect(res).toEqual({ status: 204, text: '', cookie: null });
    expect(await hits()).toEqual([]);
    expect(await salts()).toEqual([]);
    expect(db.requests).toEqual([]);
  };

  it('a browser with Global Privacy Control (Sec-GPC: 1)', async () => {
    await notCounted(PAGE_VIEW, { headers: { 'sec-gpc': '1' } });
  });

  it('a browser that asks not to be tracked (DNT: 1)', async () => {
    await notCounted(PAGE_VIEW, { headers: { dnt: '1' } });
  });

  it('a known bot, a headless browser, an HTTP library, or no user agent at all', async () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'curl/8.5.0',
      'python-requests/2.32.3',
      '',
    ]) {
      await notCounted(PAGE_VIEW, { headers: { 'user-agent': ua } });
    }
  });

  it('a body that is not a beacon the site sends', async () => {
    const bad: unknown[] = [
      'not json',
      '',
      'null',
      [PAGE_VIEW],
      { ...PAGE_VIEW, event: 'click' },
      { ...PAGE_VIEW, event: undefined },
      { ...PAGE_VIEW, path: undefined },
      { ...PAGE_VIEW, path: 'https://evil.example/' },
      { ...PAGE_VIEW, path: '//evil.example/' },
      { ...PAGE_VIEW, path: '/a b' },
      { ...PAGE_VIEW, path: `/${'a'.repeat(200)}` },
      { ...PAGE_VIEW, referrer: 'https://search.example.org/?q=me' },
      { ...PAGE_VIEW, referrer: 42 },
      { ...PAGE_VIEW, utm_source: 'x'.repeat(101) },
      { ...PAGE_VIEW, utm_medium: '' },
      { ...PAGE_VIEW, utm_term: 'a\nb' },
      { ...PAGE_VIEW, utm_content: { nested: true } },
      { ...PAGE_VIEW, email: 'ada@example.com' },
      { ...PAGE_VIEW, visitor: 'f'.repeat(64) },
    ];
    for (const body of bad) await notCounted(body);
  });

  it('a body over 2 KiB', async () => {
    await notCounted(JSON.stringify({ ...PAGE_VIEW, padding: 'x'.repeat(4096) }));
  });

  it('a beacon from another site’s page', async () => {
    await notCounted(PAGE_VIEW, { headers: { origin: 'https://elsewhere.example' } });
  });

  it('no address to count by', async () => {
    await notCounted(PAGE_VIEW, { ip: '' });
  });

  it('with no database configured, says nothing and stores nothing', async () => {
    delete process.env.SUPABASE_URL;
    await notCounted(PAGE_VIEW);
    expect(logs.lines()).toBe(0);
  });
});

describe('hit: limits and methods', () => {
  it('counts at most HIT_LIMIT beacons an address a minute, then nothing until the minute has passed', async () => {
    await emptyFunnel();
    const time = clock();
    const h = createHitHandler({ now: time.now });
    for (let i = 0; i < HIT_LIMIT.limit + 5; i++) expect((await send(h, PAGE_VIEW)).status).toBe(204);
    expect(await hits()).toHaveLength(HIT_LIMIT.limit);
    // Another address is not held back by this one.
    await send(h, PAGE_VIEW, { ip: '198.51.100.4' });
    expect(await hits()).toHaveLength(HIT_LIMIT.limit + 1);
    time.advance(HIT_LIMIT.windowMs);
    await send(h, PAGE_VIEW);
    expect(await hits()).toHaveLength(HIT_LIMIT.limit + 2);
  });

  it('answers another method with 405 and stores nothing', async () => {
    await emptyFunnel();
    const res = await handler(new Request(`${SITE}/api/hit`, { method: 'GET' }), { ip: ADDRESS });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(await hits()).toEqual([]);
  });

  it('a database that fails: 204, one log line, and neither the address nor the user agent in it', async () => {
    await emptyFunnel();
    db.fail('rpc/funnel_hit', 'POST', 500, 'XX000');
    const res = await send(createHitHandler({ now: clock().now }), PAGE_VIEW);
    expect(res.status).toBe(204);
    expect(logs.lines()).toBe(1);
    expect(logs.all()).toContain('funnel_hit');
    expect(logs.all()).not.toContain(ADDRESS);
    expect(logs.all()).not.toContain('Chrome');
  });
});
