/**
 * The database the function tests and the members' end-to-end run talk to: PGlite running our
 * migrations (a project created today: no automatic grants) behind the local
 * PostgREST-compatible endpoint (local-platform/postgrest/postgrest.mjs), with its test-only hooks on.
 * SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (`env`) point the functions at it; the key is an
 * HS256 JWT with `role: service_role`, so the functions' requests run as service_role and our
 * GRANTs, policies, constraints and triggers answer them.
 *
 * What a test sees (the names of the former in-memory double, so its tests port with small edits):
 *   requests, requestsTo(method, table)  every request, as received (method, table, query,
 *                                        prefer, authorization, apikey, JSON body)
 *   fail(table, method, status, code, only?)  that request answers `status` with `code` until
 *                                        reset (only for a body with `email`, and with the
 *                                        error `message`, if given: a string is an email, or
 *                                        `{ email, user, message, delayMs }`: `user` only for
 *                                        a token whose sub is that uid, `delayMs` held back first,
 *                                        status 0 only held back); nothing reaches the database
 *   tables.<name>                        the table's rows as Postgres has them after the last
 *                                        request (JSON as PostgREST gives it: every column,
 *                                        timestamps as strings), in insertion order
 *   tables.<name> = rows                 replaces the table's rows, written as the owner
 *                                        (constraints and triggers apply; the next request waits
 *                                        for it, `await settled()` to see a failure at once)
 *   reset()                              empties every table, the record and the faults
 *   query(sql, params)                   SQL as the owner (postgres), for what a test must check
 * Over HTTP too (end-to-end): GET /__requests, POST /__reset, POST /__fail.
 *
 * Each start gets its own copy of the one migrated database (../database/database.mjs: migrated once per
 * test run, copied per test file).
 */
import { migratedDatabase } from '../database/database.mjs';
import { localKeys } from '../jwt.mjs';
import { startPostgrest } from './postgrest.mjs';

/** The service-role key the endpoint accepts (an HS256 JWT signed with the local secret). */
export const TEST_SERVICE_ROLE_KEY = localKeys().serviceRole;

export type Row = Record<string, unknown>;

export interface PgRequest {
  method: string;
  table: string;
  query: Record<string, string>;
  prefer: string | null;
  authorization: string | null;
  apikey: string | null;
  body: unknown;
}

export interface LocalSupabase {
  url: string;
  env: Record<'SUPABASE_URL' | 'SUPABASE_SERVICE_ROLE_KEY', string>;
  keys: { anon: string; serviceRole: string };
  requests: PgRequest[];
  requestsTo(method: string, table: string): PgRequest[];
  tables: Record<string, Row[]>;
  fail(table: string, method: string, status: number, code: string, only?: string | { email?: string; user?: string; message?: string; delayMs?: number }): void;
  reset(): void;
  settled(): Promise<void>;
  query<R = Row>(sql: string, params?: unknown[]): Promise<R[]>;
  close(): Promise<void>;
}

export async function startLocalSupabase(options: { port?: number; host?: string; firebaseProjectId?: string } = {}): Promise<LocalSupabase> {
  const db = await migratedDatabase({ grants: 'current' });
  const endpoint = await startPostgrest({
    db,
    testHooks: true,
    ...(options.port !== undefined ? { port: options.port } : {}),
    ...(options.host ? { host: options.host } : {}),
    firebaseProjectId: options.firebaseProjectId ?? null,
  });
  const tables = new Proxy({} as Record<string, Row[]>, {
    get: (_, name: string) => endpoint.snapshot[name],
    set: (_, name: string, rows: Row[]) => {
      void endpoint.replaceRows(name, rows);
      return true;
    },
    has: (_, name: string) => name in endpoint.snapshot,
    ownKeys: () => Reflect.ownKeys(endpoint.snapshot),
    getOwnPropertyDescriptor: (_, name: string) => ({ configurable: true, enumerable: true, value: endpoint.snapshot[name] }),
  });
  return {
    url: endpoint.url,
    env: endpoint.env,
    keys: endpoint.keys,
    get requests() {
      return endpoint.requests as PgRequest[];
    },
    requestsTo: (method, table) => endpoint.requestsTo(method, table) as PgRequest[],
    tables,
    fail: (table, method, status, code, only) => endpoint.fail(table, method, status, code, only),
    reset: () => void endpoint.reset(),
    settled: () => endpoint.settled(),
    query: async <R = Row>(sql: string, params: unknown[] = []) => {
      await endpoint.settled();
      const rows = (await db.query<R>(sql, params)).rows;
      await endpoint.refresh();
      return rows;
    },
    close: async () => {
      await endpoint.close();
      await db.close();
    },
  };
}
