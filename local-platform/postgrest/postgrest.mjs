/**
 * A PostgREST-compatible HTTP endpoint over PGlite, at `/rest/v1/` as Supabase serves it, so
 * the PostgREST client (@supabase/postgrest-js, in the browser and in the functions) talks to it exactly as to Supabase.
 *
 * Postgres decides: each request runs in its own transaction with the role of the verified
 * token (`anon` without one) set through `set_config('role', ...)` and the token's claims in
 * `request.jwt.claims`, as PostgREST does. Grants, row-level security, constraints, triggers and
 * conflicts are then the database's answer, never this layer's; a failing request writes
 * nothing (its transaction is rolled back). The request language is translated by
 * ./postgrest-sql.mjs; what it does not support is refused with a 400 that names it.
 *
 * In front, as Supabase's API gateway: an `apikey` header (or a bearer token) must be one of the
 * project's keys or a token it can verify (./jwt.mjs); CORS for the browser.
 *
 * Test-only hooks (`testHooks: true`; never in `npm run dev:members`): the record of requests,
 * fault injection (a status and error code for a table and method, optionally only for a body
 * with a given email), a reset that empties every table, and a synchronous view of the tables
 * refreshed after each request (see local-platform/postgrest/local-supabase.ts). Over HTTP as well:
 * GET /__requests, POST /__reset, POST /__fail, and POST /__insert `{ table, rows }` (rows added
 * as the owner beside the others: what no API role may write, e.g. a coaching session).
 */
import { createServer } from 'node:http';
import {
  ApiError,
  deleteStatement,
  insertStatement,
  parsePrefer,
  readStatement,
  rpcStatement,
  statusOf,
  unsupported,
  updateStatement,
} from './postgrest-sql.mjs';
import { LOCAL_JWT_SECRET, TokenError, localKeys, verifyToken } from '../jwt.mjs';
import { loadSchemaCache } from './schema-cache.mjs';

export { loadSchemaCache };

/**
 * Parameters go to Postgres as text, as PostgREST sends them: Postgres coerces each to the type
 * it infers (a bad value is its 22P02), instead of PGlite's client-side serialisers refusing
 * e.g. the string "false" for a boolean.
 */
const AS_TEXT = { serializers: new Proxy({}, { get: () => (/** @type {unknown} */ value) => (typeof value === 'string' ? value : JSON.stringify(value)) }) };

const ROLES = new Set(['anon', 'authenticated', 'service_role']);
const SINGULAR = 'application/vnd.pgrst.object';

/**
 * @typedef {{ method: string, table: string, query: Record<string, string>, prefer: string | null, authorization: string | null, apikey: string | null, body: unknown }} RecordedRequest
 * @typedef {{ status: number, code: string, email?: string, user?: string, message?: string, delayMs?: number }} Fault
 */

/**
 * @param {{
 *   db: import('@electric-sql/pglite').PGlite,
 *   port?: number,
 *   host?: string,
 *   jwtSecret?: string,
 *   firebaseProjectId?: string | null,
 *   testHooks?: boolean,
 *   log?: (line: string) => void,
 * }} options
 */
export async function startPostgrest(options) {
  const { db } = options;
  const secret = options.jwtSecret ?? LOCAL_JWT_SECRET;
  const keys = localKeys(secret);
  const hooks = Boolean(options.testHooks);
  let cache = await loadSchemaCache(db);
  /** @type {RecordedRequest[]} */
  const requests = [];
  /** @type {Map<string, Fault[]>} */
  const faults = new Map();
  /** Work the tests queued (seeding a table); requests wait for it. */
  let pending = Promise.resolve();
  /** @type {unknown} */
  let pendingError = null;
  /** @type {Record<string, Record<string, unknown>[]>} */
  let snapshot = {};

  async function refreshSnapshot() {
    if (!hooks || !cache.tables.size) return;
    // One statement for every table (each in insertion order), read as the owner.
    const parts = [...cache.tables.values()].map((table) => {
      const name = table.name.replaceAll('"', '""');
      const order = table.columns.some((c) => c.name === 'created_at') ? 'created_at, ctid' : 'ctid';
      return `'${table.name.replaceAll("'", "''")}', (select coalesce(json_agg(t order by ${order}), '[]'::json) from public."${name}" t)`;
    });
    const result = await db.query(`select json_build_object(${parts.join(', ')}) as tables`);
    snapshot = /** @type {{ tables: Record<string, Record<string, unknown>[]> }} */ (result.rows[0]).tables;
  }

  /** Queues work as the owner (postgres), which requests wait for; `false` from it: nothing changed. */
  function queue(work) {
    pending = pending.then(async () => {
      let changed = true;
      try {
        changed = (await work()) !== false;
      } catch (error) {
        pendingError ??= error;
      }
      if (changed) await refreshSnapshot();
    });
    return pending;
  }

  /**
   * One insert a row, with that row's columns only (what it leaves out gets its default), as the
   * owner: constraints and triggers apply, grants and row-level security do not.
   * @param {import('@electric-sql/pglite').Transaction} tx @param {string} name @param {Record<string, unknown>[]} rows
   */
  async function insertRows(tx, name, rows) {
    const table = `public."${name.replaceAll('"', '""')}"`;
    for (const row of rows) {
      const columns = Object.keys(row);
      if (!columns.length) {
        await tx.query(`insert into ${table} default values`);
        continue;
      }
      const list = columns.map((c) => `"${c.replaceAll('"', '""')}"`).join(', ');
      await tx.query(`insert into ${table} (${list}) select ${list} from json_populate_record(null::${table}, $1::json)`, [JSON.stringify(row)]);
    }
  }

  /** @param {string} name @param {Record<string, unknown>[]} rows */
  function replaceRows(name, rows) {
    // Seen at once (as given) until the write is done and the snapshot is read back.
    snapshot = { ...snapshot, [name]: rows.map((r) => ({ ...r })) };
    return queue(() =>
      db.transaction(async (tx) => {
        await tx.query(`delete from public."${name.replaceAll('"', '""')}"`);
        await insertRows(tx, name, rows);
      }),
    );
  }

  /**
   * Adds rows to a table as the owner, in one transaction, leaving every other row alone (an
   * end-to-end test writing what no API role may write, e.g. a coaching session, beside the rows
   * of tests running in parallel). Throws Postgres's error; nothing is written then.
   * @param {string} name @param {Record<string, unknown>[]} rows
   */
  async function appendRows(name, rows) {
    if (!cache.tables.has(name)) throw new ApiError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`, null, null);
    /** @type {unknown} */
    let failure = null;
    await queue(async () => {
      try {
        await db.transaction((tx) => insertRows(tx, name, rows));
      } catch (error) {
        failure = error;
        return false;
      }
      return true;
    });
    if (failure) throw failure;
  }

  /** Verifies who is asking: the claims and the role (anon without a token). */
  function authenticate(req) {
    const apikey = /** @type {string | undefined} */ (req.headers.apikey);
    const authorization = req.headers.authorization;
    if (apikey !== undefined && apikey !== keys.anon && apikey !== keys.serviceRole) {
      throw new ApiError(401, 'PGRST301', 'Invalid API key', null, 'Double check your Supabase `anon` or `service_role` API key.');
    }
    let token = null;
    if (authorization) {
      const m = /^Bearer\s+(.+)$/i.exec(authorization);
      if (!m?.[1]) throw new ApiError(401, 'PGRST301', 'Authorization header is not a bearer token', null, null);
      token = m[1].trim();
    } else if (apikey) token = apikey;
    if (!token) throw new ApiError(401, 'PGRST301', 'No API key found in request', null, 'No `apikey` request header or url param was found.');
    let claims;
    try {
      claims = verifyToken(token, { secret, firebaseProjectId: options.firebaseProjectId ?? null });
    } catch (error) {
      if (error instanceof TokenError) throw new ApiError(401, error.code, error.message, null, null);
      throw error;
    }
    const role = typeof claims.role === 'string' ? claims.role : 'anon';
    if (!ROLES.has(role)) throw new ApiError(403, '42501', `permission denied to set role "${role}"`, null, null);
    return { role, claims };
  }

  /** @param {import('node:http').IncomingMessage} req */
  async function readBody(req) {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    return Buffer.concat(chunks).toString('utf8');
  }

  /**
   * @param {import('node:http').ServerResponse} res
   * @param {number} status
   * @param {unknown} [body]
   * @param {Record<string, string>} [headers]
   * @param {boolean} [head]
   */
  function send(res, status, body, headers = {}, head = false) {
    const base = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Expose-Headers': 'Content-Range, Content-Location, Preference-Applied',
      ...headers,
    };
    if (body === undefined) {
      res.writeHead(status, base);
      res.end();
      return;
    }
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...base });
    res.end(head ? undefined : JSON.stringify(body));
  }

  /** @param {import('node:http').ServerResponse} res @param {ApiError} error */
  function sendError(res, error) {
    const headers = error.status === 401 ? { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${error.message.replaceAll('"', "'")}"` } : {};
    send(res, error.status, error.body(), headers);
  }

  async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') {
      res.writeHead(200, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET, HEAD, POST, PATCH, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': 'authorization, apikey, content-type, prefer, accept, range, x-client-info, accept-profile, content-profile',
        'Access-Control-Max-Age': '3600',
      });
      return res.end();
    }
    if (hooks && url.pathname === '/__requests') return send(res, 200, requests);
    if (hooks && url.pathname === '/__reset' && method === 'POST') {
      await api.reset();
      return send(res, 200, { ok: true });
    }
    if (hooks && url.pathname === '/__insert' && method === 'POST') {
      const { table, rows } = /** @type {{ table: string, rows: Record<string, unknown>[] }} */ (JSON.parse(await readBody(req)));
      try {
        await appendRows(table, Array.isArray(rows) ? rows : [rows]);
      } catch (error) {
        if (error instanceof ApiError) return sendError(res, error);
        const pg = /** @type {{ code?: string, message?: string, detail?: string, hint?: string }} */ (error);
        return send(res, 400, { code: pg.code ?? 'XX000', details: pg.detail ?? null, hint: pg.hint ?? null, message: pg.message ?? String(error) });
      }
      return send(res, 201, { ok: true });
    }
    if (hooks && url.pathname === '/__fail' && method === 'POST') {
      const rule = JSON.parse(await readBody(req));
      api.fail(rule.table, rule.method, rule.status, rule.code, { email: rule.email, user: rule.user, message: rule.message, delayMs: rule.delayMs });
      return send(res, 200, { ok: true });
    }
    const m = /^\/rest\/v1\/(rpc\/)?([^/]+)$/.exec(url.pathname);
    if (!m?.[2]) return send(res, 404, { code: 'PGRST125', details: null, hint: null, message: `Invalid path specified in request URL` });
    const rpc = Boolean(m[1]);
    const name = decodeURIComponent(m[2]);
    const raw = method === 'GET' || method === 'HEAD' ? '' : await readBody(req);
    let body = null;
    let invalidJson = false;
    if (raw.trim() !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        invalidJson = true;
      }
    }
    const prefer = /** @type {string | undefined} */ (req.headers.prefer) ?? null;
    if (hooks) {
      requests.push({
        method,
        table: rpc ? `rpc/${name}` : name,
        query: Object.fromEntries(url.searchParams),
        prefer,
        authorization: req.headers.authorization ?? null,
        apikey: /** @type {string | undefined} */ (req.headers.apikey) ?? null,
        body: invalidJson ? raw : body,
      });
    }
    await pending;
    if (pendingError) {
      const error = pendingError;
      pendingError = null;
      process.stderr.write(`local PostgREST: a test's seeding of the tables failed: ${/** @type {Error} */ (error).message}\n`);
      return send(res, 500, { code: 'XX000', details: null, hint: null, message: `The test's seed of the tables failed: ${/** @type {Error} */ (error).message}` });
    }
    try {
      const { role, claims } = authenticate(req);
      if (hooks) {
        const email = body && typeof body === 'object' && !Array.isArray(body) ? /** @type {Record<string, unknown>} */ (body).email : undefined;
        const rules = faults.get(`${method} ${rpc ? `rpc/${name}` : name}`) ?? [];
        const fault = rules.find((f) => (!f.email || f.email === email) && (!f.user || f.user === claims.sub));
        if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
        // Status 0: only held back (a slow database), then answered by Postgres.
        if (fault?.status) return send(res, fault.status, { code: fault.code, details: null, hint: null, message: fault.message ?? 'The local endpoint was told to fail this request (test hook).' });
      }
      if (invalidJson) throw new ApiError(400, 'PGRST102', 'Empty or invalid json', null, null);
      const profile = req.headers['accept-profile'] ?? req.headers['content-profile'];
      if (profile && profile !== cache.schema) throw new ApiError(406, 'PGRST106', `Invalid schema: ${profile}`, null, `Only the following schemas are exposed: ${cache.schema}`);
      const singular = String(req.headers.accept ?? '').includes(SINGULAR);
      const preferences = parsePrefer(prefer);
      if (preferences.return && !['representation', 'minimal'].includes(preferences.return)) throw unsupported(`Prefer: return=${preferences.return}`);
      const head = method === 'HEAD';
      /** @type {import('./postgrest-sql.mjs').Statement & { scalar?: boolean, returnsVoid?: boolean }} */
      let statement;
      if (rpc) {
        if (method !== 'POST') throw unsupported(`${method} on /rpc (only POST)`);
        statement = rpcStatement(cache, name, body, url.searchParams);
      } else if (method === 'GET' || head) {
        statement = readStatement(cache, name, url.searchParams, { range: /** @type {string | undefined} */ (req.headers.range), count: preferences.count === 'exact' });
      } else if (method === 'POST') {
        if (body === null) throw new ApiError(400, 'PGRST102', 'Empty or invalid json', null, null);
        statement = insertStatement(cache, name, url.searchParams, body, preferences);
      } else if (method === 'PATCH') {
        if (body === null) throw new ApiError(400, 'PGRST102', 'Empty or invalid json', null, null);
        statement = updateStatement(cache, name, url.searchParams, body, preferences);
      } else if (method === 'DELETE') {
        statement = deleteStatement(cache, name, url.searchParams, preferences);
      } else throw unsupported(`the ${method} method`);

      const result = await db.transaction(async (tx) => {
        await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true), set_config('request.path', $4, true)`, [role, JSON.stringify(claims), method, url.pathname]);
        const out = await tx.query(statement.sql, statement.params, AS_TEXT);
        const row = /** @type {{ body: unknown, affected?: number }} */ (out.rows[0] ?? { body: null });
        let total = null;
        if (statement.countSql) total = /** @type {{ total: number }} */ ((await tx.query(statement.countSql, statement.countParams, AS_TEXT)).rows[0]).total;
        const count = Array.isArray(row.body) ? row.body.length : (row.affected ?? 0);
        const affected = row.affected ?? count;
        if (singular && !(rpc && statement.scalar) && (method === 'GET' || head ? count : affected) !== 1) {
          // PostgREST rolls a write back when the singular answer cannot be given.
          throw new ApiError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${method === 'GET' || head ? count : affected} rows`, null);
        }
        return { body: row.body, count, total };
      });

      if (method !== 'GET' && !head) await refreshSnapshot();
      const contentType = singular ? { 'Content-Type': 'application/vnd.pgrst.object+json; charset=utf-8' } : {};
      if (rpc) {
        if (statement.returnsVoid) return send(res, 204);
        return send(res, 200, singular && Array.isArray(result.body) ? result.body[0] : result.body, contentType);
      }
      if (method === 'GET' || head) {
        const offset = statement.offset ?? 0;
        const range = result.count > 0 ? `${offset}-${offset + result.count - 1}` : '*';
        const headers = { 'Content-Range': `${range}/${result.total ?? '*'}`, ...contentType };
        const partial = result.total !== null && result.count < result.total;
        return send(res, partial ? 206 : 200, singular ? /** @type {unknown[]} */ (result.body)[0] : result.body, headers, head);
      }
      const created = method === 'POST' ? 201 : 200;
      if (preferences.return === 'representation') {
        return send(res, created, singular ? /** @type {unknown[]} */ (result.body)[0] : result.body, { 'Content-Range': `*/*`, ...contentType });
      }
      return send(res, method === 'POST' ? 201 : 204, undefined, { 'Content-Range': '*/*' });
    } catch (error) {
      if (error instanceof ApiError) return sendError(res, error);
      const pg = /** @type {{ code?: unknown, message?: string, detail?: string, hint?: string }} */ (error);
      if (typeof pg.code === 'string' && /^[0-9A-Z]{5}$/.test(pg.code)) {
        const role = (() => {
          try {
            return authenticate(req).role;
          } catch {
            return 'anon';
          }
        })();
        return send(res, statusOf(pg.code, role !== 'anon'), { code: pg.code, details: pg.detail ?? null, hint: pg.hint ?? null, message: pg.message ?? '' });
      }
      (options.log ?? ((line) => process.stderr.write(`${line}\n`)))(`local PostgREST: ${/** @type {Error} */ (error).stack ?? error}`);
      return send(res, 500, { code: 'XX000', details: null, hint: null, message: 'Internal error in the local PostgREST endpoint' });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      process.stderr.write(`local PostgREST: ${error?.stack ?? error}\n`);
      if (!res.headersSent) send(res, 500, { code: 'XX000', details: null, hint: null, message: 'Internal error' });
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const url = `http://${options.host ?? '127.0.0.1'}:${address.port}`;
  await refreshSnapshot();

  const api = {
    url,
    keys,
    env: { SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: keys.serviceRole },
    db,
    /** Reloads the schema cache (after a test changes the schema). */
    async reloadSchema() {
      cache = await loadSchemaCache(db);
    },
    get requests() {
      return requests;
    },
    /** @param {string} method @param {string} table */
    requestsTo(method, table) {
      return requests.filter((r) => r.method === method && r.table === table);
    },
    /**
     * Makes `method` on `table` answer `status` with error `code` until reset: only for bodies
     * with `email` if given (a string, or `{ email, ... }`), only for requests whose token's `sub`
     * is `user` if given, with `message` as the error's, after `delayMs` if given. Status 0 with
     * `delayMs`: the request is only held back, then answered as usual.
     * @param {string} table @param {string} method @param {number} status @param {string} code
     * @param {string | { email?: string, user?: string, message?: string, delayMs?: number }} [only]
     */
    fail(table, method, status, code, only) {
      const { email, user, message, delayMs } = typeof only === 'string' ? { email: only } : (only ?? {});
      const key = `${method} ${table}`;
      faults.set(key, [
        ...(faults.get(key) ?? []),
        { status, code, ...(email ? { email } : {}), ...(user ? { user } : {}), ...(message ? { message } : {}), ...(delayMs ? { delayMs } : {}) },
      ]);
    },
    /** Empties every table of the API schema, the record and the faults. */
    async reset() {
      requests.length = 0;
      faults.clear();
      pendingError = null;
      // Deleting the few rows a test wrote is much faster than truncate in PGlite; the tables
      // that reference others go first, so no foreign key stands in the way.
      const referencing = new Set(cache.foreignKeys.map((fk) => fk.table));
      const names = [...cache.tables.keys()].sort((a, b) => Number(referencing.has(b)) - Number(referencing.has(a)));
      await queue(async () => {
        pendingError = null;
        // The view is exact here (read back after every write), so only tables with rows are emptied.
        const full = names.filter((t) => (snapshot[t] ?? []).length > 0);
        if (!full.length) return false;
        await db.exec(full.map((t) => `delete from public."${t.replaceAll('"', '""')}";`).join('\n'));
        return true;
      });
    },
    replaceRows,
    appendRows,
    /** Waits for the queued seeding; throws its error, if any. */
    async settled() {
      await pending;
      if (pendingError) {
        const error = pendingError;
        pendingError = null;
        throw error;
      }
    },
    get snapshot() {
      return snapshot;
    },
    /** Reads the tables back (after SQL run outside the endpoint, e.g. a test's own). */
    refresh: () => queue(async () => true),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
  return api;
}
