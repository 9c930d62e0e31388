/**
 * The coach's calls: the coach functions (netlify/functions/coach-*.mts) with the coach's ID
 * token. Each answers the function's JSON, or throws an Error with the function's message (and
 * its HTTP status) for the page to show.
 */
import { callAsMember } from '../../../core/member-api';
import type { CoachOverview, CoachSession } from './coach-rules';

const FAILED = 'That did not work just now. Please try again.';

async function send<T>(path: string, method: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, ...(body !== undefined ? { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } } : {}) };
  const res = await callAsMember(path, init, FAILED);
  return res.body as T;
}

export const fetchCoachOverview = () => send<CoachOverview>('/api/coach-sessions', 'GET');

export const addOneOffSession = (input: { date: string; start: string; minutes: string; seats: string }) =>
  send<{ session: CoachSession }>('/api/coach-sessions', 'POST', input);

export const changeSeats = (id: string, seats: string) => send<{ session: CoachSession }>('/api/coach-sessions', 'PATCH', { id, seats });

/** The coach's word on whether a registrant came ('joined', 'absent'; null takes it back). */
export const recordAttendance = (id: string, registrant: string, attendance: 'joined' | 'absent' | null) =>
  send<{ session: CoachSession }>('/api/coach-sessions', 'PATCH', { id, registrant, attendance });

export const cancelSession = (id: string) => send<{ session: CoachSession }>('/api/coach-sessions', 'PATCH', { id, cancel: true });

/** A session's join link (`session` its id), or the standing link (`session` null); '' removes it. */
export const saveJoinLink = (session: string | null, url: string) => send<{ session: string | null; url: string | null }>('/api/coach-join-link', 'PUT', { session, url });

/** The registrants of a session as CSV text, with the file name the function gives. */
export async function fetchRegistrantsCsv(id: string): Promise<{ text: string; fileName: string }> {
  const res = await callAsMember(`/api/coach-registrants?session=${encodeURIComponent(id)}`, { method: 'GET' }, FAILED);
  const fileName = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'registrants.csv';
  return { text: res.text, fileName };
}
