/**
 * GET /api/owner-numbers?month=YYYY-MM, for the owner only (`Authorization: Bearer <ID token>`
 * with the `owner` claim, checked on the live account: ./owner.ts): the month's numbers
 * (public.owner_numbers: money beside the month before, members, coaching, course, Lounge), the
 * twelve months up to it (public.owner_trend) and the month's funnel counted without cookies
 * (public.owner_funnel), computed in SQL with the service role, aggregates only, every count from
 * 1 to 4 hidden (supabase/migrations/20261207000100_owner_numbers.sql, 20261207100000_funnel.sql;
 * "finished" counts against the course's lessons the database lists, 20261208200000).
 * No month means this month in Berlin.
 *
 * Errors: 400 (a malformed month, a month not begun), 401 (no token, a session ended), 403 (not
 * the owner: a coach, a member, a token that does not verify), 405, 502 (the database failed),
 * 503. Never cached.
 */
import { checkMonth, type Funnel, type MonthNumbers, type OwnerNumbers, type TrendMonth } from '../owner-rules';
import { requireOwner } from './owner';
import { HttpError, json, requireMethod } from '../../../../netlify/functions/_shared/http';
import { Upstream } from '../../../../netlify/functions/_shared/log';
import { describeDbError, supabaseAdmin } from '../../../../netlify/functions/_shared/supabase';

const FAILED = 'The numbers could not be read just now. Please try again.';

export async function ownerNumbers(req: Request, now: Date = new Date()): Promise<Response> {
  requireMethod(req, 'GET');
  await requireOwner(req);
  const month = checkMonth(new URL(req.url).searchParams.get('month'), now);
  if (!month.ok) throw new HttpError(400, month.error);
  const db = supabaseAdmin();
  const day = `${month.month}-01`;
  // owner_numbers and owner_trend take any day of the month; owner_funnel takes 'YYYY-MM'.
  const [numbers, trend, funnel] = await Promise.all([
    db.rpc('owner_numbers', { p_month: day }),
    db.rpc('owner_trend', { p_month: day }),
    db.rpc('owner_funnel', { p_month: month.month }),
  ]);
  if (numbers.error) throw new Upstream(FAILED, describeDbError('owner_numbers', numbers.error));
  if (trend.error) throw new Upstream(FAILED, describeDbError('owner_trend', trend.error));
  if (funnel.error) throw new Upstream(FAILED, describeDbError('owner_funnel', funnel.error));
  const body: OwnerNumbers = {
    month: month.month,
    numbers: numbers.data as unknown as MonthNumbers,
    trend: trend.data as unknown as TrendMonth[],
    funnel: funnel.data as unknown as Funnel,
  };
  return json(body, 200, { 'Cache-Control': 'private, no-store' });
}
