/**
 * The read-only health answer of the functions that write to the database (`GET ?check`):
 * 200 `{ ok: true }` when the server has its database settings, 503 with the reason when not.
 * It writes nothing and reads no row, so /debug can call it as often as it likes.
 */
import { errorResponse, json } from './http';
import { DB_NOT_CONFIGURED_MESSAGE, isSupabaseConfigured } from './supabase';

export function isHealthCheck(req: Request): boolean {
  return req.method === 'GET' && new URL(req.url).searchParams.has('check');
}

export function databaseHealth(): Response {
  return isSupabaseConfigured() ? json({ ok: true }) : errorResponse(503, DB_NOT_CONFIGURED_MESSAGE);
}
