/**
 * GET /api/account-export with `Authorization: Bearer <Firebase ID token>`: everything the site
 * keeps about the member, as a JSON file to download (Content-Disposition: attachment): their
 * profile, coaching signups (with each session's date and time), Stripe customer id,
 * subscription and purchases: every table of src/lib/member-data.ts, each under its export key.
 * Read with the service role, always filtered by the token's uid (a table tied to the member
 * through another, the subscription through the customer, by that table's exported value).
 *
 * Errors: 401, 405, 502 (the database failed), 503 (not configured).
 */
import type { Config } from '@netlify/functions';
import { verifyIdToken } from './_shared/auth';
import { bearerToken, json, requireMethod } from './_shared/http';
import { endpoint, upstreamFailure } from './_shared/log';
import { supabaseAdmin } from './_shared/supabase';
import { directTables, throughTables, type MemberTable } from '../../src/lib/member-data';

const NAME = 'account-export';
const DATABASE_DOWN = 'Your data could not be gathered just now. Please try again.';

export const EXPORT_FILE_NAME = 'inner-alchemy-my-data.json';

export default endpoint(NAME, async (req) => {
  requireMethod(req, 'GET');
  const token = bearerToken(req);
  const user = await verifyIdToken(token);
  const db = supabaseAdmin();

  type Read = { data: unknown; error: { code?: string; message: string } | null };
  const read = (t: MemberTable, column: string, values: unknown[]): PromiseLike<Read> => {
    const query = db.from(t.table).select(t.export.select);
    const filtered = values.length === 1 ? query.eq(column, values[0]) : query.in(column, values);
    return t.export.one ? filtered.maybeSingle() : filtered;
  };
  const failure = (t: MemberTable, error: { code?: string; message: string }) =>
    upstreamFailure(NAME, 502, DATABASE_DOWN, `${t.table} select: ${error.code ?? ''} ${error.message}`);

  const data: Record<string, unknown> = {};
  const direct = directTables();
  const results = await Promise.all(direct.map((t) => read(t, t.member.column, [user.uid])));
  for (const [i, t] of direct.entries()) {
    const { data: value, error } = results[i]!;
    if (error) return failure(t, error);
    data[t.export.key] = value ?? (t.export.one ? null : []);
  }
  for (const t of throughTables()) {
    const parent = direct.find((d) => d.table === t.member.through.table)!;
    const parents = [data[parent.export.key]].flat().filter((row): row is Record<string, unknown> => row !== null && typeof row === 'object');
    const values = parents.map((row) => row[t.member.through.column]).filter((v) => v !== null && v !== undefined);
    data[t.export.key] = t.export.one ? null : [];
    if (values.length === 0) continue;
    const { data: value, error } = await read(t, t.member.column, values);
    if (error) return failure(t, error);
    data[t.export.key] = value ?? data[t.export.key];
  }

  const body = {
    exported_at: new Date().toISOString(),
    account: { id: user.uid, email: user.email ?? null },
    ...data,
  };
  return json(body, 200, { 'Content-Disposition': `attachment; filename="${EXPORT_FILE_NAME}"` });
});

export const config: Config = {
  path: '/api/account-export',
  rateLimit: { windowLimit: 5, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
