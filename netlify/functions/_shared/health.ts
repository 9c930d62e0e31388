/**
 * The read-only health answer of the functions that write to the database (`GET ?check`):
 * 200 `{ ok: true }` when the server has its database settings, 503 with the reason when not.
 * It writes nothing and reads no row, so /debug can call it as often as it likes.
 */
import { errorResponse, json } from './http';

export function isHealthCheck(req: Request): boolean {
  return req.method === 'GET' && new URL(req.url).searchParams.has('check');
}

export function databaseHealth(): Response {
  const configured = Boolean(process.env.SUPABASE_URL && process.env.SUPABASE_SERVICE_ROLE_KEY);
  return configured ? json({ ok: true }) : errorResponse(503, 'The database is not configured on the server.');
}
