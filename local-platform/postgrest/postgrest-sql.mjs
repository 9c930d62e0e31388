/**
 * PostgREST's request language turned into parameterised SQL: the pure half of the local
 * PostgREST-compatible endpoint (local-platform/postgrest/postgrest.mjs runs what this builds, in one
 * transaction a request, as the token's role). Nothing here talks to a database, so every
 * translation is unit-tested (tests/local/postgrest-sql.test.ts). The filters and order it shares
 * between statements, the errors and the schema cache's shape are in postgrest-filters.mjs.
 *
 * What it covers is what the PostgREST client (@supabase/postgrest-js) sends (PostgREST v12 semantics, docs.postgrest.org):
 *   select   columns, `alias:column`, `*`, embedded resources through foreign keys
 *            (`rel(cols)`, `alias:rel(cols)`; many-to-one as an object, one-to-many as an array)
 *   filters  eq neq gt gte lt lte in is like ilike, `not.` before any of them, `or=(...)`,
 *            `and=(...)` and `not.or` / `not.and` with nesting
 *   order    `order=col.desc.nullslast,col2`; `limit`, `offset`, and the Range header
 *   writes   insert (one object or an array, `columns`), upsert (`on_conflict`, Prefer
 *            resolution=merge-duplicates | ignore-duplicates), update, delete, rpc
 * Anything else (casts, JSON paths, aggregates, full-text operators, filters or order on an
 * embedded resource, `!inner` and other hints, `missing=default`, limited updates) is refused
 * with a PGRST100-style 400 that names it: never a silently different answer.
 *
 * Values are always bound parameters; identifiers are checked against the schema cache or
 * quoted, so nothing from a request is spliced into SQL as text.
 */
import {
  ApiError,
  condition,
  ident,
  logicTree,
  orderClause,
  Params,
  parseError,
  splitTop,
  unquote,
  unsupported,
  whereClause,
} from './postgrest-filters.mjs';

export { ApiError, unsupported, ident, splitTop, Params, condition, logicTree, whereClause, orderClause };

/**
 * @typedef {import('./postgrest-filters.mjs').Column} Column
 * @typedef {import('./postgrest-filters.mjs').ForeignKey} ForeignKey
 * @typedef {import('./postgrest-filters.mjs').Table} Table
 * @typedef {import('./postgrest-filters.mjs').Routine} Routine
 * @typedef {import('./postgrest-filters.mjs').SchemaCache} SchemaCache
 */

/**
 * @typedef {{ kind: 'star' } | { kind: 'column', name: string, alias: string } | { kind: 'embed', relation: string, alias: string, items: SelectItem[] }} SelectItem
 */

/**
 * Parses a select list (`*,name:full_name,coaching_sessions(date,time)`).
 * @param {string} text
 * @returns {SelectItem[]}
 */
export function parseSelect(text) {
  if (text.trim() === '') return [{ kind: 'star' }];
  return splitTop(text).map((raw) => {
    const item = raw.trim();
    if (item === '*') return { kind: 'star' };
    if (item === '') throw parseError(`select (${text})`, 'an empty item');
    const embed = /^(?:([A-Za-z_][\w]*):)?([^()]+?)\((.*)\)$/s.exec(item);
    if (embed) {
      const [, alias, target = '', inner = ''] = embed;
      if (target.includes('!')) throw unsupported(`embedding hints and !inner ("${target}")`);
      if (/^(count|sum|avg|min|max)$/.test(target)) throw unsupported(`aggregate functions ("${item}")`);
      return { kind: 'embed', relation: target, alias: alias ?? target, items: parseSelect(inner) };
    }
    if (item.startsWith('...')) throw unsupported(`spread embeds ("${item}")`);
    const colon = /^([A-Za-z_][\w]*):([^:].*)$/.exec(item);
    const name = colon ? (colon[2] ?? '') : item;
    if (/->|::/.test(name)) throw unsupported(`JSON paths and casts in select ("${item}")`);
    if (!/^[A-Za-z_][\w$]*$/.test(name)) throw parseError(`select (${text})`, `unexpected "${item}"`);
    return { kind: 'column', name, alias: colon ? (colon[1] ?? name) : name };
  });
}

/**
 * The foreign key an embed follows from `table`: many-to-one (table references target) gives an
 * object, one-to-many (target references table) an array.
 * @param {SchemaCache} cache @param {string} table @param {string} target
 */
function relationship(cache, table, target) {
  if (!cache.tables.has(target)) {
    throw new ApiError(400, 'PGRST200', `Could not find a relationship between '${table}' and '${target}' in the schema cache`, `Searched for a foreign key relationship between '${table}' and '${target}' in the schema '${cache.schema}', but no matches were found.`);
  }
  const manyToOne = cache.foreignKeys.filter((fk) => fk.table === table && fk.foreignTable === target).map((fk) => ({ fk, toOne: true }));
  const oneToMany = cache.foreignKeys.filter((fk) => fk.table === target && fk.foreignTable === table).map((fk) => ({ fk, toOne: false }));
  const found = [...manyToOne, ...oneToMany];
  if (found.length === 0) {
    throw new ApiError(400, 'PGRST200', `Could not find a relationship between '${table}' and '${target}' in the schema cache`, `Searched for a foreign key relationship between '${table}' and '${target}' in the schema '${cache.schema}', but no matches were found.`);
  }
  if (found.length > 1) {
    throw new ApiError(300, 'PGRST201', `Could not embed because more than one relationship was found for '${table}' and '${target}'`, found.map((f) => f.fk.name).join(', '));
  }
  return /** @type {{ fk: ForeignKey, toOne: boolean }} */ (found[0]);
}

/**
 * The select list's SQL over `alias`: plain columns and, for embeds, correlated subqueries
 * (which run as the same role, so the embedded table's grants and policies apply).
 * @param {SchemaCache} cache
 * @param {string} table
 * @param {string} alias
 * @param {SelectItem[]} items
 * @param {{ n: number }} counter fresh aliases for nested subqueries
 */
export function selectList(cache, table, alias, items, counter = { n: 0 }) {
  const out = [];
  for (const item of items) {
    if (item.kind === 'star') out.push(`${ident(alias)}.*`);
    else if (item.kind === 'column') out.push(`${ident(alias)}.${ident(item.name)} as ${ident(item.alias)}`);
    else {
      const { fk, toOne } = relationship(cache, table, item.relation);
      const inner = `_e${++counter.n}`;
      const join = fk.columns
        .map((c, i) => {
          const fc = fk.foreignColumns[i] ?? '';
          return toOne ? `${ident(inner)}.${ident(fc)} = ${ident(alias)}.${ident(c)}` : `${ident(inner)}.${ident(c)} = ${ident(alias)}.${ident(fc)}`;
        })
        .join(' and ');
      const sub = `select ${selectList(cache, item.relation, inner, item.items, counter)} from ${ident(cache.schema)}.${ident(item.relation)} ${ident(inner)} where ${join}`;
      const row = `_r${++counter.n}`;
      out.push(
        toOne
          ? `(select row_to_json(${ident(row)}) from (${sub}) ${ident(row)}) as ${ident(item.alias)}`
          : `(select coalesce(json_agg(${ident(row)}), '[]'::json) from (${sub}) ${ident(row)}) as ${ident(item.alias)}`,
      );
    }
  }
  return out.join(', ');
}

/** @param {SchemaCache} cache @param {string} name */
export function tableOf(cache, name) {
  const table = cache.tables.get(name);
  if (!table) throw new ApiError(404, 'PGRST205', `Could not find the table '${cache.schema}.${name}' in the schema cache`, null, null);
  return table;
}

/**
 * Parses the Prefer header (`return=representation, count=exact, resolution=merge-duplicates`).
 * @param {string | null | undefined} header
 */
export function parsePrefer(header) {
  /** @type {Record<string, string>} */
  const prefer = {};
  for (const part of (header ?? '').split(',')) {
    const [key, value] = part.trim().split('=');
    if (key) prefer[key] = value ?? '';
  }
  if (prefer.count && prefer.count !== 'exact') throw unsupported(`Prefer: count=${prefer.count} (only count=exact)`);
  if (prefer.missing && prefer.missing !== 'null') throw unsupported(`Prefer: missing=${prefer.missing}`);
  if (prefer.handling === 'strict') throw unsupported('Prefer: handling=strict');
  if (prefer.tx) throw unsupported(`Prefer: tx=${prefer.tx}`);
  if (prefer['max-affected']) throw unsupported('Prefer: max-affected');
  return prefer;
}

/**
 * The row window from limit/offset and the Range header (`0-9`).
 * @param {URLSearchParams} query
 * @param {string | null | undefined} range
 */
export function window(query, range) {
  const number = (name, value) => {
    if (!/^\d+$/.test(value)) throw parseError(`${name} (${value})`, `${name} must be a whole number`);
    return Number(value);
  };
  let offset = query.has('offset') ? number('offset', query.get('offset') ?? '') : 0;
  let limit = query.has('limit') ? number('limit', query.get('limit') ?? '') : null;
  if (range) {
    const m = /^(?:items=)?(\d+)-(\d*)$/.exec(range.trim());
    if (!m) throw new ApiError(416, 'PGRST103', 'Requested range not satisfiable', `The Range header "${range}" is not of the form from-to`);
    const from = Number(m[1]);
    const to = m[2] ? Number(m[2]) : null;
    if (to !== null && to < from) throw new ApiError(416, 'PGRST103', 'Requested range not satisfiable', 'The lower boundary must be lower than or equal to the upper boundary in the Range header.');
    offset = Math.max(offset, from);
    const size = to === null ? null : to - from + 1;
    limit = limit === null ? size : size === null ? limit : Math.min(limit, size);
  }
  return { offset, limit };
}

/**
 * @typedef {{ sql: string, params: unknown[], countSql?: string, countParams?: unknown[], offset?: number }} Statement
 */

/**
 * GET (or HEAD) on a table: one statement returning one row with `body` (a JSON array).
 * @param {SchemaCache} cache
 * @param {string} name
 * @param {URLSearchParams} query
 * @param {{ range?: string | null, count?: boolean }} options
 * @returns {Statement}
 */
export function readStatement(cache, name, query, options = {}) {
  const table = tableOf(cache, name);
  const params = new Params();
  const items = parseSelect(query.get('select') ?? '*');
  const list = selectList(cache, name, name, items);
  const where = whereClause(query, table, name, params);
  const order = orderClause(query.get('order'), name);
  const { offset, limit } = window(query, options.range);
  const from = `${ident(cache.schema)}.${ident(name)} ${ident(name)}`;
  const paging = `${limit !== null ? ` limit ${limit}` : ''}${offset ? ` offset ${offset}` : ''}`;
  const sql = `select coalesce(json_agg(_r), '[]'::json) as body from (select ${list} from ${from}${where ? ` where ${where}` : ''}${order}${paging}) _r`;
  const statement = { sql, params: params.values, offset };
  if (options.count) {
    const countParams = new Params();
    const countWhere = whereClause(query, table, name, countParams);
    return { ...statement, countSql: `select count(*)::int as total from ${from}${countWhere ? ` where ${countWhere}` : ''}`, countParams: countParams.values };
  }
  return statement;
}

/** Checks a write's payload columns against the table (PGRST204 as PostgREST). */
function payloadColumns(table, rows, query) {
  const known = new Set(table.columns.map((c) => c.name));
  let columns;
  if (query.has('columns')) {
    columns = splitTop(query.get('columns') ?? '').map((c) => unquote(c));
  } else {
    const first = rows[0] ?? {};
    columns = Object.keys(first);
    // PostgREST requires every object of an array to have the same keys when `columns` is absent.
    for (const row of rows) {
      const keys = Object.keys(row);
      if (keys.length !== columns.length || keys.some((k) => !columns.includes(k))) {
        throw new ApiError(400, 'PGRST102', 'All object keys must match', null, null);
      }
    }
  }
  for (const c of columns) {
    if (!known.has(c)) throw new ApiError(400, 'PGRST204', `Could not find the '${c}' column of '${table.name}' in the schema cache`, null, null);
  }
  return columns;
}

/**
 * The `returning` part and the final select of a write: rows shaped by `select`.
 * @param {SchemaCache} cache @param {string} name @param {URLSearchParams} query @param {string} write
 */
function withRepresentation(cache, name, query, write, representation) {
  // return=minimal returns no column, so it needs no SELECT privilege (as PostgREST: an insert
  // only grant is enough for a form); representation needs it, and the rows must be visible.
  if (!representation) return `with _w as (${write} returning 1) select null::json as body, (select count(*) from _w)::int as affected`;
  const items = parseSelect(query.get('select') ?? '*');
  const list = selectList(cache, name, name, items);
  return `with ${ident(name)} as (${write} returning ${ident(name)}.*) select coalesce(json_agg(_r), '[]'::json) as body, (select count(*) from ${ident(name)})::int as affected from (select ${list} from ${ident(name)}) _r`;
}

/**
 * POST on a table: insert or upsert.
 * @param {SchemaCache} cache @param {string} name @param {URLSearchParams} query
 * @param {unknown} body parsed JSON
 * @param {Record<string, string>} prefer
 * @returns {Statement}
 */
export function insertStatement(cache, name, query, body, prefer) {
  const table = tableOf(cache, name);
  if (body === null || typeof body !== 'object') throw new ApiError(400, 'PGRST102', 'Empty or invalid json', null, null);
  const rows = /** @type {Record<string, unknown>[]} */ (Array.isArray(body) ? body : [body]);
  if (rows.some((r) => r === null || typeof r !== 'object' || Array.isArray(r))) throw new ApiError(400, 'PGRST102', 'Empty or invalid json', null, null);
  for (const key of query.keys()) if (!['select', 'on_conflict', 'columns'].includes(key)) throw unsupported(`filters on an insert ("${key}")`);
  const columns = payloadColumns(table, rows, query);
  const params = new Params();
  const target = `${ident(cache.schema)}.${ident(name)}`;
  const list = columns.map(ident).join(', ');
  const payload = params.add(JSON.stringify(rows));
  let sql = columns.length
    ? `insert into ${target} as ${ident(name)} (${list}) select ${list} from json_populate_recordset(null::${target}, ${payload}::json) _p`
    : `insert into ${target} as ${ident(name)} default values`;
  if (!columns.length && rows.length !== 1) throw unsupported('inserting several empty objects');
  const resolution = prefer.resolution;
  if (resolution && resolution !== 'merge-duplicates' && resolution !== 'ignore-duplicates') throw unsupported(`Prefer: resolution=${resolution}`);
  if (query.has('on_conflict') || resolution) {
    const conflict = query.has('on_conflict') ? splitTop(query.get('on_conflict') ?? '').map((c) => c.trim()) : table.primaryKey;
    for (const c of conflict) if (!table.columns.some((col) => col.name === c)) throw new ApiError(400, 'PGRST204', `Could not find the '${c}' column of '${name}' in the schema cache`, null, null);
    if (resolution === 'merge-duplicates' || (!resolution && query.has('on_conflict'))) {
      // Without a resolution PostgREST treats on_conflict as a plain insert; a duplicate then fails (23505).
      if (resolution === 'merge-duplicates') {
        const updates = columns.filter((c) => !conflict.includes(c));
        sql += ` on conflict (${conflict.map(ident).join(', ')}) do ${updates.length ? `update set ${updates.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}` : 'nothing'}`;
      }
    } else if (resolution === 'ignore-duplicates') {
      sql += ` on conflict (${conflict.map(ident).join(', ')}) do nothing`;
    }
  }
  return { sql: withRepresentation(cache, name, query, sql, prefer.return === 'representation'), params: params.values };
}

/**
 * PATCH on a table.
 * @param {SchemaCache} cache @param {string} name @param {URLSearchParams} query @param {unknown} body
 * @param {Record<string, string>} [prefer]
 * @returns {Statement}
 */
export function updateStatement(cache, name, query, body, prefer = {}) {
  const table = tableOf(cache, name);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, 'PGRST102', 'Empty or invalid json', null, null);
  if (query.has('limit') || query.has('order') || query.has('offset')) throw unsupported('limit, offset or order on an update');
  const columns = payloadColumns(table, [/** @type {Record<string, unknown>} */ (body)], new URLSearchParams());
  const params = new Params();
  const payload = params.add(JSON.stringify(body));
  const where = whereClause(query, table, name, params);
  // Supabase's Data API runs with pg-safeupdate: an update or delete without a filter is refused.
  if (!where) throw new ApiError(400, '21000', 'UPDATE requires a WHERE clause', null, null);
  const target = `${ident(cache.schema)}.${ident(name)}`;
  if (!columns.length) {
    // PostgREST answers an empty update with no change and no rows.
    return { sql: `select '[]'::json as body, 0 as affected`, params: [] };
  }
  const sets = columns.map((c) => `${ident(c)} = _p.${ident(c)}`).join(', ');
  const write = `update ${target} as ${ident(name)} set ${sets} from (select * from json_populate_record(null::${target}, ${payload}::json)) _p where ${where}`;
  return { sql: withRepresentation(cache, name, query, write, prefer.return === 'representation'), params: params.values };
}

/**
 * DELETE on a table.
 * @param {SchemaCache} cache @param {string} name @param {URLSearchParams} query
 * @returns {Statement}
 */
export function deleteStatement(cache, name, query, prefer = {}) {
  const table = tableOf(cache, name);
  if (query.has('limit') || query.has('order') || query.has('offset')) throw unsupported('limit, offset or order on a delete');
  const params = new Params();
  const where = whereClause(query, table, name, params);
  if (!where) throw new ApiError(400, '21000', 'DELETE requires a WHERE clause', null, null);
  const write = `delete from ${ident(cache.schema)}.${ident(name)} as ${ident(name)} where ${where}`;
  return { sql: withRepresentation(cache, name, query, write, prefer.return === 'representation'), params: params.values };
}

/**
 * POST /rpc/<fn> with named arguments in a JSON object.
 * @param {SchemaCache} cache @param {string} name @param {unknown} body @param {URLSearchParams} query
 * @returns {Statement & { scalar: boolean, returnsVoid: boolean }}
 */
export function rpcStatement(cache, name, body, query) {
  const routine = cache.routines.get(name);
  const args = body === null || body === undefined ? {} : body;
  if (typeof args !== 'object' || Array.isArray(args)) throw new ApiError(400, 'PGRST102', 'Empty or invalid json', null, null);
  const given = Object.keys(args).sort();
  if (!routine || given.some((k) => !routine.args.some((a) => a.name === k))) {
    throw new ApiError(404, 'PGRST202', `Could not find the function ${cache.schema}.${name}(${given.join(', ')}) in the schema cache`, null, 'If a new function was created in the database with this name and parameters, try reloading the schema cache.');
  }
  for (const key of query.keys()) if (key !== 'select') throw unsupported(`filters, order or paging on an rpc ("${key}")`);
  if (query.has('select') && query.get('select') !== '*') throw unsupported('select on an rpc');
  const params = new Params();
  const call = `${ident(cache.schema)}.${ident(name)}(${given.map((k) => {
    const a = routine.args.find((x) => x.name === k);
    return `${ident(k)} => ${params.add(/** @type {Record<string, unknown>} */ (args)[k])}::${a?.type ?? 'text'}`;
  }).join(', ')})`;
  if (routine.returnsSet || routine.returnsComposite) {
    return { sql: `select coalesce(json_agg(_r), '[]'::json) as body from ${call} _r`, params: params.values, scalar: !routine.returnsSet, returnsVoid: false };
  }
  return { sql: `select to_json(${call}) as body`, params: params.values, scalar: true, returnsVoid: routine.returnsVoid };
}

/**
 * The HTTP status of a Postgres error, as PostgREST maps SQLSTATEs (docs.postgrest.org,
 * references/errors "HTTP Status Codes"). `authenticated` picks 403 over 401 for 42501.
 * @param {string} code @param {boolean} authenticated
 */
export function statusOf(code, authenticated) {
  if (code === '42501') return authenticated ? 403 : 401;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '53400') return 500;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === 'P0001') return 400;
  const prefix = code.slice(0, 2);
  if (prefix === '08' || prefix === '53') return 503;
  if (['0L', '0P', '28'].includes(prefix)) return 403;
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'XX'].includes(prefix)) return 500;
  return 400;
}
