/**
 * GET /api/owner-numbers?month=YYYY-MM&lessons=N, for the owner only (`Authorization: Bearer <ID
 * token>` with the `owner` claim, checked on the live account: ./owner.ts): the month's numbers
 * (public.owner_numbers: money beside the month before, members, coaching, course, Lounge) and the
 * twelve months up to it (public.owner_trend), computed in SQL with the service role, aggregates
 * only, every count from 1 to 4 hidden (supabase/migrations/20261207000100_owner_numbers.sql).
 * No month means this month in Berlin. `lessons`: how many lessons the course has, from the
 * page's build (src/pages/coach/numbers.astro counts the course's collection; the functions carry
 * no lesson list), so that "finished" means every lesson; without it "finished" counts nothing.
 *
 * Errors: 400 (a malformed month, a month not begun, a bad lesson count), 401 (no token, a
 * session ended), 403 (not the owner: a coach, a member, a token that does not verify), 405,
 * 502 (the database failed), 503. Never cached.
 */
import { checkMonth, OWNER_MESSAGES, type MonthNumbers, type OwnerNumbers, type TrendMonth } from '../owner-rules';
import { requireOwner } from './owner';
import { HttpError, json, requireMethod } from '../../../../netlify/functions/_shared/http';
import { Upstream } from '../../../../netlify/functions/_shared/log';
import { describeDbError, supabaseAdmin } from '../../../../netlify/functions/_shared/supabase';

const FAILED = 'The numbers could not be read just now. Please try again.';

function lessonCount(text: string | null): number {
  if (text === null || text === '') return 0;
  if (!/^\d{1,2}$/.test(text) || Number(text) < 1) throw new HttpError(400, OWNER_MESSAGES.badLessons);
  return Number(text);
}

export async function ownerNumbers(req: Request, now: Date = new Date()): Promise<Response> {
  requireMethod(req, 'GET');
  await requireOwner(req);
  const params = new URL(req.url).searchParams;
  const month = checkMonth(params.get('month'), now);
  if (!month.ok) throw new HttpError(400, month.error);
  // 0 lessons: no one "finished" (SQL's count >= 0 would count everyone): the function is asked with a count no member reaches.
  const lessons = lessonCount(params.get('lessons')) || 1000;
  const db = supabaseAdmin();
  const day = `${month.month}-01`;
  const [numbers, trend] = await Promise.all([db.rpc('owner_numbers', { p_month: day, p_lesson_count: lessons }), db.rpc('owner_trend', { p_month: day })]);
  if (numbers.error) throw new Upstream(FAILED, describeDbError('owner_numbers', numbers.error));
  if (trend.error) throw new Upstream(FAILED, describeDbError('owner_trend', trend.error));
  const body: OwnerNumbers = {
    month: month.month,
    numbers: numbers.data as unknown as MonthNumbers,
    trend: trend.data as unknown as TrendMonth[],
    // Issue 44, part 3: the month's funnel (public.owner_funnel) joins here as `funnel`.
  };
  return json(body, 200, { 'Cache-Control': 'private, no-store' });
}
