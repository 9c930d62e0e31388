/**
 * The functions' database client on PGlite: a `fetch` for it that answers the Data API requests the
 * functions make the way PostgREST runs them, each request one transaction as its role (the
 * service role here) with the same SQL shape: reads with `select` (one level of embedded
 * many-to-one resources, joined on their foreign key), `eq.`/`in.` filters, inserts and upserts
 * through json_populate_record with `on conflict (...) do update set` every sent column (or `do
 * nothing`), updates and deletes, and `Prefer: return=representation`. Grants, policies,
 * constraints and triggers are Postgres' own, so a missing grant or a rule kept by a trigger
 * shows here as it does in production. Errors come back as PostgREST's JSON ({ code, message,
 * details, hint }) with its HTTP status.
 *
 * Small on purpose: only what the functions' requests use. `onRequest` lets a test hold a
 * request (to make a race happen) before it runs.
 */
import type { PGlite } from '@electric-sql/pglite';
import { adminDb, type AdminDb } from '../../netlify/functions/_shared/supabase';
import { as, type Who } from './harness';

export interface DataApiOptions {
  who?: Who;
  /** Awaited before each request runs: `${method} ${table}`. */
  onRequest?: (request: string) => Promise<void> | void;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Splits a select list at its top-level commas: 'a, b, rel(c, d)' -> ['a', 'b', 'rel(c, d)']. */
function selectItems(select: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of select) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (char === ',' && depth === 0) {
      items.push(current.trim());
      current = '';
    } else current += char;
  }
  if (current.trim()) items.push(current.trim());
  return items;
}

interface ForeignKey {
  column: string;
  refColumn: string;
}

async function foreignKey(db: PGlite, table: string, ref: string): Promise<ForeignKey> {
  const found = await db.query<{ column: string; ref_column: string }>(
    `select a.attname as column, r.attname as ref_column
     from pg_constraint c
     join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     join pg_attribute r on r.attrelid = c.confrelid and r.attnum = c.confkey[1]
     where c.contype = 'f' and c.conrelid = $1::regclass and c.confrelid = $2::regclass`,
    [`public.${table}`, `public.${ref}`],
  );
  const fk = found.rows[0];
  if (!fk) throw new Error(`no foreign key from ${table} to ${ref}`);
  return { column: fk.column, refColumn: fk.ref_column };
}

/** The select list in SQL, embedded resources as a lateral to_jsonb of their columns. */
async function selectSql(db: PGlite, table: string, select: string, alias: string): Promise<string> {
  const parts: string[] = [];
  for (const item of selectItems(select || '*')) {
    const embed = /^(\w+)\((.*)\)$/.exec(item);
    if (embed) {
      const [, ref, inner] = embed as unknown as [string, string, string];
      const fk = await foreignKey(db, table, ref);
      const columns = selectItems(inner).map((c) => (c === '*' ? 'pgrst_1.*' : `pgrst_1.${quote(c)}`));
      parts.push(
        `(select to_jsonb(pgrst_e) from (select ${columns.join(', ')} from "public".${quote(ref)} pgrst_1 where pgrst_1.${quote(fk.refColumn)} = ${alias}.${quote(fk.column)}) pgrst_e) as ${quote(ref)}`,
      );
    } else parts.push(item === '*' ? `${alias}.*` : `${alias}.${quote(item)}`);
  }
  return parts.join(', ');
}

/** WHERE from the query string's filters (eq., in., is.null). */
function whereSql(params: URLSearchParams, alias: string, values: unknown[]): string {
  const clauses: string[] = [];
  for (const [key, value] of params) {
    if (['select', 'on_conflict', 'columns', 'order', 'limit'].includes(key)) continue;
    const column = `${alias}.${quote(key)}`;
    if (value.startsWith('eq.')) {
      values.push(value.slice(3));
      clauses.push(`${column}::text = $${values.length}`);
    } else if (value.startsWith('in.(')) {
      const list = value.slice(4, -1).split(',').map((v) => v.replace(/^"(.*)"$/, '$1'));
      values.push(list);
      clauses.push(`${column}::text = any($${values.length}::text[])`);
    } else if (value === 'is.null') clauses.push(`${column} is null`);
    else throw new Error(`filter not supported here: ${key}=${value}`);
  }
  return clauses.length ? ` where ${clauses.join(' and ')}` : '';
}

function answer(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fetch that serves /rest/v1/<table> from PGlite as PostgREST would. */
export function dataApiFetch(db: PGlite, options: DataApiOptions = {}): typeof fetch {
  const who = options.who ?? 'service';
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const table = /\/rest\/v1\/(\w+)$/.exec(url.pathname)?.[1];
    if (!table) return answer(404, { message: `not served here: ${url.pathname}` });
    const method = request.method.toUpperCase();
    await options.onRequest?.(`${method} ${table}`);
    const prefer = request.headers.get('prefer') ?? '';
    const representation = prefer.includes('return=representation');
    const wantsObject = (request.headers.get('accept') ?? '').includes('application/vnd.pgrst.object+json');
    const params = url.searchParams;
    const target = `"public".${quote(table)}`;
    const values: unknown[] = [];
    let sql: string;
    if (method === 'GET') {
      sql = `select ${await selectSql(db, table, params.get('select') ?? '*', 'pgrst_t')} from ${target} pgrst_t${whereSql(params, 'pgrst_t', values)}`;
    } else if (method === 'POST' || method === 'PATCH') {
      const body = JSON.parse(await request.text()) as Record<string, unknown> | Record<string, unknown>[];
      const rows = Array.isArray(body) ? body : [body];
      const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))].sort();
      const list = columns.map(quote).join(', ');
      values.push(JSON.stringify(method === 'POST' ? rows : rows[0]));
      const returning = representation ? ` returning ${await selectSql(db, table, params.get('select') ?? '*', target)}` : '';
      if (method === 'POST') {
        sql =
          `insert into ${target} (${list}) select ${columns.map((c) => `pgrst_body.${quote(c)}`).join(', ')} ` +
          `from json_populate_recordset(null::${target}, $1::json) pgrst_body`;
        const onConflict = params.get('on_conflict');
        if (onConflict) {
          sql += prefer.includes('resolution=ignore-duplicates')
            ? ` on conflict (${onConflict.split(',').map(quote).join(', ')}) do nothing`
            : ` on conflict (${onConflict.split(',').map(quote).join(', ')}) do update set ${columns.map((c) => `${quote(c)} = excluded.${quote(c)}`).join(', ')}`;
        }
        sql += returning;
      } else {
        sql =
          `update ${target} set ${columns.map((c) => `${quote(c)} = pgrst_body.${quote(c)}`).join(', ')} ` +
          `from (select * from json_populate_record(null::${target}, $1::json)) pgrst_body` +
          whereSql(params, target, values) +
          returning;
      }
    } else if (method === 'DELETE') {
      sql = `delete from ${target}${whereSql(params, target, values)}${representation ? ` returning ${target}.*` : ''}`;
    } else return answer(405, { message: method });

    try {
      const result = await as(db, who, (tx) => tx.query<Record<string, unknown>>(sql, values));
      const rows = result.rows;
      if (wantsObject) {
        if (rows.length !== 1) return answer(406, { code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned', details: `${rows.length} rows`, hint: null });
        return answer(200, rows[0]);
      }
      if (method === 'GET' || representation) return answer(method === 'POST' ? 201 : 200, rows);
      return new Response(null, { status: method === 'POST' ? 201 : 204 });
    } catch (error) {
      const { code = 'XX000', detail = null, hint = null } = error as { code?: string; detail?: string; hint?: string };
      // PostgREST's table: foreign key (23503) and unique (23505) violations are 409, other
      // constraint and data errors 400, a missing privilege 403.
      const status = code === '42501' ? 403 : code === '23503' || code === '23505' ? 409 : code.startsWith('23') || code.startsWith('22') ? 400 : 500;
      return answer(status, { code, message: error instanceof Error ? error.message : String(error), details: detail, hint });
    }
  }) as typeof fetch;
}

/** The functions' service-role client (_shared/supabase.ts), its requests run on `db`. */
export function dataApiClient(db: PGlite, options: DataApiOptions = {}): AdminDb {
  return adminDb('http://data-api.test', 'service-role-key', dataApiFetch(db, options));
}
