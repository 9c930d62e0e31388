/**
 * The local PostgREST-compatible endpoint over PGlite running our migrations, request by
 * request against what PostgREST's documentation says it answers (docs.postgrest.org: tables
 * and views, resource embedding, pagination and count, preferences, errors), through the
 * PostgREST client (`@supabase/postgrest-js`) as the browser builds it (src/core/db/request-headers.ts:
 * the anon key as apikey, the member's ID token or the anon key as bearer) and as the functions
 * build it (netlify/functions/_shared/supabase.ts: the service key), and with raw requests for bad input.
 */
import { PostgrestClient } from '@supabase/postgrest-js';
import { restEndpoint, withAuthHeaders } from '../../src/core/db/request-headers';
import { adminDb } from '../../netlify/functions/_shared/supabase';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../local-platform/database/database.mjs';
import { DEMO_PROJECT, firebaseIdToken, signHs256 } from '../../local-platform/jwt.mjs';
import { startPostgrest } from '../../local-platform/postgrest/postgrest.mjs';

type Endpoint = Awaited<ReturnType<typeof startPostgrest>>;
let pg: Endpoint;
let service: PostgrestClient;
let anon: PostgrestClient;
const PROJECT = DEMO_PROJECT;

/** An ID token as the Auth emulator mints it (unsigned, alg none) for the demo project. */
const emulatorToken = (memberId: string, claims: Record<string, unknown> = { role: 'authenticated' }) => firebaseIdToken(memberId, { projectId: PROJECT, claims });

/** The browser's client: the anon key as apikey, and as bearer the token `accessToken` gives (or the anon key). */
const browserClient = (accessToken: () => Promise<string | null>) =>
  new PostgrestClient(restEndpoint(pg.url), { schema: 'public', fetch: withAuthHeaders(pg.keys.anon, accessToken) });

const memberClient = (memberId: string, claims?: Record<string, unknown>) => browserClient(async () => emulatorToken(memberId, claims));

/** A request as the clients send it, with the service-role key unless `key` says otherwise. */
async function raw(path: string, init: RequestInit & { headers?: Record<string, string>; key?: 'anon' | 'serviceRole' } = {}) {
  const key = pg.keys[init.key ?? 'serviceRole'];
  const res = await fetch(`${pg.url}${path}`, { ...init, headers: { apikey: key, Authorization: `Bearer ${key}`, ...init.headers } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

const count = async (table: string) => ((await pg.db.query<{ n: number }>(`select count(*)::int as n from public.${table}`)).rows[0]?.n ?? -1);

beforeAll(async () => {
  const { db } = await openDatabase({ seed: true });
  pg = await startPostgrest({ db, firebaseProjectId: PROJECT, testHooks: true });
  service = adminDb(pg.url, pg.keys.serviceRole) as unknown as PostgrestClient;
  anon = browserClient(async () => null);
});
afterAll(() => pg.close());
beforeEach(async () => {
  await pg.db.exec('delete from public.profiles; delete from public.stripe_customers; delete from public.purchases; delete from public.future_launch;');
});

describe('reading (tables and views; pagination and count)', () => {
  it('selects columns with renames, ordered, paged, with an exact count in Content-Range', async () => {
    const { data, count: total, status } = await anon.from('coaching_sessions').select('when:date, spots_available', { count: 'exact' }).order('date', { ascending: true }).range(0, 1);
    expect(status).toBe(206); // a part of the rows: 206 Partial Content, as PostgREST with a known count
    // Visitors see the active sessions only (the policy), and the count is of what they see.
    expect(total).toBe((await pg.db.query('select id from public.coaching_sessions where is_active')).rows.length);
    expect(data).toHaveLength(2);
    expect(Object.keys(data?.[0] ?? {})).toEqual(['when', 'spots_available']);
    expect((data?.[0]?.when ?? '') <= (data?.[1]?.when ?? '')).toBe(true);
  });

  it('answers Content-Range from-to/* without a count, and */0 on no rows with count=exact', async () => {
    const some = await raw('/rest/v1/coaching_sessions?select=id&limit=2&offset=1', { key: 'anon' });
    expect(some.headers.get('content-range')).toBe('1-2/*');
    const none = await raw('/rest/v1/coaching_sessions?select=id&date=lt.1900-01-01', { key: 'anon', headers: { Prefer: 'count=exact' } });
    expect([none.status, none.body, none.headers.get('content-range')]).toEqual([200, [], '*/0']);
  });

  it('takes the Range header as PostgREST does', async () => {
    const res = await raw('/rest/v1/coaching_sessions?select=id&order=date', { key: 'anon', headers: { Range: '1-2' } });
    expect(res.body).toHaveLength(2);
    expect(res.headers.get('content-range')).toBe('1-2/*');
  });

  it('applies every documented operator', async () => {
    type Rows = { data: { spots_available: number }[] | null; error: unknown };
    const base = () => anon.from('coaching_sessions').select('spots_available').order('spots_available');
    const spots = async (query: PromiseLike<unknown>) => {
      const { data, error } = (await query) as Rows;
      expect(error).toBeNull();
      return (data ?? []).map((r) => r.spots_available);
    };
    const all = await spots(base());
    expect(all.length).toBeGreaterThan(2);
    const [min] = all;
    expect(await spots(base().eq('spots_available', min))).toEqual(all.filter((n) => n === min));
    expect(await spots(base().neq('spots_available', min))).toEqual(all.filter((n) => n !== min));
    expect(await spots(base().gt('spots_available', 3))).toEqual(all.filter((n) => n > 3));
    expect(await spots(base().gte('spots_available', 3))).toEqual(all.filter((n) => n >= 3));
    expect(await spots(base().lt('spots_available', 3))).toEqual(all.filter((n) => n < 3));
    expect(await spots(base().lte('spots_available', 3))).toEqual(all.filter((n) => n <= 3));
    expect(await spots(base().in('spots_available', [0, 3]))).toEqual(all.filter((n) => n === 0 || n === 3));
    expect(await spots(base().or('spots_available.eq.0,spots_available.gt.10'))).toEqual(all.filter((n) => n === 0 || n > 10));
    expect(await spots(base().not('spots_available', 'eq', 0))).toEqual(all.filter((n) => n !== 0));
    expect(await spots(base().is('is_active', true))).toEqual(all);
    const { data: like } = await anon.from('coaching_sessions').select('time').like('time', '*PM*');
    const { data: ilike } = await anon.from('coaching_sessions').select('time').ilike('time', '*pm*');
    expect(like?.length).toBeGreaterThan(0);
    expect(ilike).toEqual(like);
  });

  it('embeds through foreign keys: many-to-one as an object, one-to-many as an array (resource embedding)', async () => {
    const { data: session } = await anon.from('coaching_sessions').select('id, date').gt('spots_available', 0).limit(1).single();
    await service.from('profiles').insert({ id: 'm1', email: 'm1@example.com', email_verified: true });
    const member = memberClient('m1');
    const signup = await member.from('coaching_session_signups').insert({ user_id: 'm1', session_id: session?.id, name: 'Ada', email: 'm1@example.com' }).select('name, session:coaching_sessions(date)').single();
    expect(signup.error).toBeNull();
    expect(signup.data).toEqual({ name: 'Ada', session: { date: session?.date } });
    const sessions = await member.from('coaching_sessions').select('id, coaching_session_signups(name)').eq('id', session?.id ?? '');
    expect(sessions.data).toEqual([{ id: session?.id, coaching_session_signups: [{ name: 'Ada' }] }]);
    await pg.db.exec("delete from public.coaching_session_signups where user_id = 'm1'");
  });

  it('answers single() with the object, and PGRST116 (406) when no or several rows match', async () => {
    await service.from('profiles').insert([{ id: 'a', email: 'a@example.com' }, { id: 'b', email: 'b@example.com' }]);
    expect((await service.from('profiles').select('id').eq('id', 'a').single()).data).toEqual({ id: 'a' });
    const none = await service.from('profiles').select('id').eq('id', 'nobody').single();
    expect([none.status, none.error?.code, none.error?.details]).toEqual([406, 'PGRST116', 'The result contains 0 rows']);
    const many = await raw('/rest/v1/profiles?select=id', { headers: { Accept: 'application/vnd.pgrst.object+json' } });
    expect([many.status, many.body.code, many.body.details]).toEqual([406, 'PGRST116', 'The result contains 2 rows']);
    expect((await service.from('profiles').select('id').eq('id', 'nobody').maybeSingle()).data).toBeNull();
  });
});

describe('writing (insert, upsert, update, delete; Prefer)', () => {
  it('inserts with return=minimal (201, no body) and return=representation (201 with the rows, defaults filled by Postgres)', async () => {
    const minimal = await raw('/rest/v1/profiles', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ id: 'p1', email: 'p1@example.com' }) });
    expect([minimal.status, minimal.body]).toEqual([201, null]);
    const { data, status } = await service.from('profiles').insert({ id: 'p2', email: 'p2@example.com' }).select('id, membership_tier');
    expect([status, data]).toEqual([201, [{ id: 'p2', membership_tier: 'Explorer' }]]);
  });

  it('answers a duplicate key with 23505 (409) and writes nothing of a bulk insert that fails', async () => {
    await service.from('profiles').insert({ id: 'd1', email: 'd1@example.com' });
    const { error, status } = await service.from('profiles').insert([{ id: 'd2', email: 'd2@example.com' }, { id: 'd1', email: 'd1@example.com' }]);
    expect([status, error?.code, error?.message]).toEqual([409, '23505', 'duplicate key value violates unique constraint "profiles_pkey"']);
    expect(await count('profiles')).toBe(1);
  });

  it('upserts with on_conflict and merge-duplicates, and does nothing on ignore-duplicates', async () => {
    await service.from('stripe_customers').insert({ user_id: 'u1', customer_id: 'cus_1' });
    const merged = await service.from('stripe_customers').upsert({ user_id: 'u1', customer_id: 'cus_2' }, { onConflict: 'user_id' }).select('user_id, customer_id');
    expect(merged.data).toEqual([{ user_id: 'u1', customer_id: 'cus_2' }]);
    const ignored = await service.from('stripe_customers').upsert({ user_id: 'u1', customer_id: 'cus_3' }, { onConflict: 'user_id', ignoreDuplicates: true }).select('customer_id');
    expect([ignored.status, ignored.data]).toEqual([201, []]);
    expect((await pg.db.query('select customer_id from public.stripe_customers')).rows).toEqual([{ customer_id: 'cus_2' }]);
  });

  it('updates and deletes what the filters match (204, or 200 with the rows), and refuses them without a filter', async () => {
    await service.from('profiles').insert([{ id: 'e1', email: 'e1@example.com' }, { id: 'e2', email: 'e2@example.com' }]);
    const updated = await service.from('profiles').update({ full_name: 'Ada' }).eq('id', 'e1').select('id, full_name');
    expect([updated.status, updated.data]).toEqual([200, [{ id: 'e1', full_name: 'Ada' }]]);
    expect((await service.from('profiles').update({ full_name: 'B' }).eq('id', 'e2')).status).toBe(204);
    const unfiltered = await raw('/rest/v1/profiles', { method: 'DELETE' });
    expect([unfiltered.status, unfiltered.body.code, unfiltered.body.message]).toEqual([400, '21000', 'DELETE requires a WHERE clause']);
    expect((await service.from('profiles').delete().eq('id', 'e1')).status).toBe(204);
    expect(await count('profiles')).toBe(1);
  });

  it('rolls a write back when single() cannot be answered (406), as PostgREST does', async () => {
    await service.from('profiles').insert([{ id: 's1', email: 's1@example.com' }, { id: 's2', email: 's2@example.com' }]);
    const res = await service.from('profiles').update({ full_name: 'Both' }).in('id', ['s1', 's2']).select().single();
    expect([res.status, res.error?.code]).toEqual([406, 'PGRST116']);
    expect((await pg.db.query("select count(*)::int as n from public.profiles where full_name = 'Both'")).rows).toEqual([{ n: 0 }]);
  });

  it('answers a check constraint with 23514 (400), a foreign key with 23503 (409), a bad uuid with 22P02 (400)', async () => {
    const check = await service.from('profiles').insert({ id: 'c1', email: 'NOT-LOWER@example.com' });
    expect([check.status, check.error?.code]).toEqual([400, '23514']);
    const fk = await service.from('stripe_subscriptions').insert({ customer_id: 'cus_nobody' });
    expect([fk.status, fk.error?.code]).toEqual([409, '23503']);
    const uuid = await anon.from('coaching_sessions').select('id').eq('id', 'not-a-uuid');
    expect([uuid.status, uuid.error?.code]).toEqual([400, '22P02']);
  });

  it('calls functions through /rpc with named arguments', async () => {
    await pg.db.exec(`create function public.add_them(a integer, b integer) returns integer language sql as $$ select a + b $$;
                      grant execute on function public.add_them(integer, integer) to anon;`);
    await pg.reloadSchema();
    const { data, error } = await anon.rpc('add_them', { a: 2, b: 3 });
    expect([data, error]).toEqual([5, null]);
    const unknown = await anon.rpc('nope', {});
    expect([unknown.status, unknown.error?.code]).toEqual([404, 'PGRST202']);
    await pg.db.exec('drop function public.add_them(integer, integer)');
    await pg.reloadSchema();
  });
});

describe('who asks: grants and row-level security decided by Postgres', () => {
  it('anon without a grant: 42501 as 401; a member without one: 42501 as 403', async () => {
    const visitor = await anon.from('profiles').select('*');
    expect([visitor.status, visitor.error?.code]).toEqual([401, '42501']);
    const member = await memberClient('m2').from('purchases').insert({ user_id: 'm2', price_id: 'p', product_type: 'app', checkout_session_id: 'cs', amount: 1, currency: 'eur' });
    expect([member.status, member.error?.code]).toEqual([403, '42501']);
  });

  it('a member reads only their own rows (the policies), with the claims of their token', async () => {
    await service.from('profiles').insert([{ id: 'own', email: 'own@example.com' }, { id: 'other', email: 'other@example.com' }]);
    const { data } = await memberClient('own').from('profiles').select('id');
    expect(data).toEqual([{ id: 'own' }]);
    // A token without the role claim is the anon role, as in PostgREST.
    const noRole = await memberClient('own', {}).from('profiles').select('id');
    expect([noRole.status, noRole.error?.code]).toEqual([401, '42501']);
  });
});

describe('bad input', () => {
  it('a malformed filter: PGRST100 (400)', async () => {
    const res = await raw('/rest/v1/coaching_sessions?spots_available=zz.3', { key: 'anon' });
    expect([res.status, res.body.code]).toEqual([400, 'PGRST100']);
  });

  it('an unknown table: PGRST205 (404); an unknown column: 42703 (400)', async () => {
    const table = await raw('/rest/v1/nope');
    expect([table.status, table.body.code, table.body.message]).toEqual([404, 'PGRST205', "Could not find the table 'public.nope' in the schema cache"]);
    const column = await raw('/rest/v1/profiles?select=nope');
    expect([column.status, column.body.code, column.body.message]).toEqual([400, '42703', 'column profiles.nope does not exist']);
    const payload = await raw('/rest/v1/profiles', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ id: 'x', email: 'x@example.com', nope: 1 }) });
    expect([payload.status, payload.body.code]).toEqual([400, 'PGRST204']);
    expect(await count('profiles')).toBe(0);
  });

  it('a body that is not JSON: PGRST102 (400), nothing written', async () => {
    const res = await raw('/rest/v1/profiles', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"id": "x",' });
    expect([res.status, res.body.code, res.body.message]).toEqual([400, 'PGRST102', 'Empty or invalid json']);
    expect(await count('profiles')).toBe(0);
  });

  it('a token signed with the wrong key: PGRST301 (401) with WWW-Authenticate, nothing written', async () => {
    const forged = signHs256({ role: 'service_role' }, 'not-the-secret');
    const res = await raw('/rest/v1/profiles', { method: 'POST', headers: { Authorization: `Bearer ${forged}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ id: 'f', email: 'f@example.com' }) });
    expect([res.status, res.body.code]).toEqual([401, 'PGRST301']);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    const badKey = await raw('/rest/v1/coaching_sessions', { headers: { apikey: 'not-a-key', Authorization: '' } });
    expect(badKey.status).toBe(401);
    expect(await count('profiles')).toBe(0);
  });

  it('an emulator token for another project, or expired, is refused (401)', async () => {
    const other = firebaseIdToken('x', { projectId: 'demo-other', claims: { role: 'service_role', exp: 9999999999 } });
    expect((await raw('/rest/v1/coaching_sessions', { headers: { Authorization: `Bearer ${other}` } })).status).toBe(401);
    const expired = signHs256({ role: 'service_role', exp: 1000 });
    const res = await raw('/rest/v1/coaching_sessions', { headers: { Authorization: `Bearer ${expired}` } });
    expect([res.status, res.body.code, res.body.message]).toEqual([401, 'PGRST303', 'JWT expired']);
  });

  it('an unsupported request: 400 naming what is unsupported', async () => {
    const res = await raw('/rest/v1/coaching_sessions?select=id::text');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Not supported by the local PostgREST endpoint: JSON paths and casts in select ("id::text")');
    const put = await raw('/rest/v1/profiles?id=eq.x', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{"id":"x","email":"x@example.com"}' });
    expect([put.status, put.body.message]).toEqual([400, 'Not supported by the local PostgREST endpoint: the PUT method']);
  });
});

describe('test hooks (end-to-end faults), never a different answer from Postgres otherwise', () => {
  afterAll(() => pg.reset());

  it('a fault for one member fails only that member’s requests, and writes nothing', async () => {
    await pg.db.query("insert into public.profiles (id, email) values ('m-one', 'one@example.com'), ('m-two', 'two@example.com')");
    const res = await fetch(`${pg.url}/__fail`, { method: 'POST', body: JSON.stringify({ table: 'profiles', method: 'GET', status: 500, code: 'XX000', user: 'm-one' }) });
    expect(res.status).toBe(200);
    const one = await memberClient('m-one').from('profiles').select('id');
    expect(one.status).toBe(500);
    expect(one.error?.code).toBe('XX000');
    const two = await memberClient('m-two').from('profiles').select('id');
    expect(two).toMatchObject({ status: 200, data: [{ id: 'm-two' }] });
  });

  it('a hold (status 0) delays the answer, which Postgres then gives', async () => {
    await pg.db.query("insert into public.profiles (id, email) values ('m-three', 'three@example.com')");
    pg.fail('profiles', 'GET', 0, '', { user: 'm-three', delayMs: 400 });
    const started = Date.now();
    const held = await memberClient('m-three').from('profiles').select('id');
    expect(Date.now() - started).toBeGreaterThanOrEqual(380);
    expect(held).toMatchObject({ status: 200, data: [{ id: 'm-three' }] });
  });

  it('/__insert adds rows as the owner beside the others, triggers and constraints applying; a refused row writes nothing', async () => {
    const before = await count('coaching_sessions');
    const id = '0e2e0000-0000-4000-8000-000000000001';
    const insert = (table: string, rows: unknown) => fetch(`${pg.url}/__insert`, { method: 'POST', body: JSON.stringify({ table, rows }) });
    expect((await insert('coaching_sessions', [{ id, starts_at: '2099-01-01T17:00:00Z', ends_at: '2099-01-01T18:00:00Z', max_spots: 3 }])).status).toBe(201);
    expect(await count('coaching_sessions')).toBe(before + 1);
    // The signup trigger takes a spot, as for a member's own signup (whose address is verified).
    expect((await insert('profiles', { id: 'm-four', email: 'ana@example.com', email_verified: true })).status).toBe(201);
    expect((await insert('coaching_session_signups', { user_id: 'm-four', session_id: id, name: 'Ana', email: 'ana@example.com' })).status).toBe(201);
    expect((await pg.db.query<{ spots_available: number }>('select spots_available from public.coaching_sessions where id = $1', [id])).rows[0]?.spots_available).toBe(2);
    const refused = await insert('coaching_sessions', [
      { starts_at: '2099-01-02T17:00:00Z', ends_at: '2099-01-02T18:00:00Z', max_spots: 20 },
      { starts_at: '2099-01-03T17:00:00Z', ends_at: '2099-01-03T16:00:00Z', max_spots: 20 },
    ]);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe('23514');
    expect(await count('coaching_sessions')).toBe(before + 1);
    await pg.db.query('delete from public.coaching_sessions where id = $1', [id]);
  });
});
