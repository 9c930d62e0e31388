/**
 * POST /api/hit: the funnel's beacon (issue 44; docs/decisions/funnel.md). Visitor pages send a
 * page view, the journey player a journey started or finished (src/core/hit.ts). The function
 * counts it as one row of private.funnel_hits with the day's visitor: an HMAC-SHA-256, keyed
 * with the day's secret salt (public.funnel_salt: random, one a day in Berlin, kept in the
 * database for the service role only, deleted after yesterday), of the address and the user
 * agent. The address and the user agent are never stored, nor logged; a day's hashes point at
 * nobody once its salt is gone. Nothing is set on or read from the visitor's device.
 *
 * It answers 204 to every POST, and counts nothing when
 *   - the address is over its limit (HIT_LIMIT a minute; the platform's limit holds across
 *     instances, this one within a warm instance),
 *   - the browser asks not to be tracked (Sec-GPC: 1, or DNT: 1),
 *   - the user agent is a known bot, or missing,
 *   - the request comes from another site's page (its Origin),
 *   - the body is over MAX_HIT_BYTES, not JSON, or not a beacon the site sends (./hit-check.ts),
 *   - the database is not configured or fails (one log line, without the address).
 * Other methods get 405. Built with its clock and its source of salts (`createHitHandler`), so
 * a test can move the day.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createRateLimiter, type RateLimit } from '../../../core/rate-limit';
import { MAX_HIT_BYTES } from '../../../core/hit';
import { HttpError, readText, requireMethod } from '../../../../netlify/functions/_shared/http';
import { endpoint } from '../../../../netlify/functions/_shared/log';
import { siteOrigins } from '../../../../netlify/functions/_shared/origin';
import { describeDbError, isSupabaseConfigured, supabaseAdmin, type AdminDb } from '../../../../netlify/functions/_shared/supabase';
import { asksNotToBeTracked, berlinDay, checkHit, isBot } from '../hit-check';

export const NAME = 'hit';

/** Beacons an address may send a minute (a page a second, for a minute): the entry's rateLimit says the same. */
export const HIT_LIMIT: RateLimit = { limit: 60, windowMs: 60_000 };

export interface HitContext {
  /** The client's address (Netlify's `context.ip`). */
  ip?: string;
}

const nothing = () => new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });

export function createHitHandler({ now = Date.now, newSalt = () => randomBytes(32).toString('hex') }: { now?: () => number; newSalt?: () => string } = {}) {
  const byAddress = createRateLimiter({ ...HIT_LIMIT, now });
  /** The day's salt, once the database has given it (one call a day a warm instance). */
  let known: { day: string; salt: string } | undefined;

  async function saltOf(db: AdminDb, day: string): Promise<string | null> {
    if (known?.day === day) return known.salt;
    const { data, error } = await db.rpc('funnel_salt', { day, candidate: newSalt() });
    if (error || typeof data !== 'string') {
      console.error(`[${NAME}] nothing counted: ${error ? describeDbError('funnel_salt', error) : 'funnel_salt gave no salt'}`);
      return null;
    }
    known = { day, salt: data };
    return data;
  }

  async function count(req: Request, context?: HitContext): Promise<void> {
    const address = context?.ip || req.headers.get('x-nf-client-connection-ip') || '';
    const userAgent = req.headers.get('user-agent');
    if (!address || !byAddress.take(address)) return;
    if (asksNotToBeTracked(req.headers) || isBot(userAgent)) return;
    const origins = siteOrigins(req);
    const origin = req.headers.get('origin');
    if (origin && !origins.includes(origin)) return;
    let body: unknown;
    try {
      body = JSON.parse(await readText(req, MAX_HIT_BYTES));
    } catch {
      return;
    }
    const hit = checkHit(body, origins.map((o) => new URL(o).hostname));
    if (!hit || !isSupabaseConfigured()) return;
    const db = supabaseAdmin();
    const at = new Date(now());
    const salt = await saltOf(db, berlinDay(at));
    if (!salt) return;
    const visitor = createHmac('sha256', salt).update(`${address}\n${userAgent}`).digest('hex');
    const { error } = await db.rpc('funnel_hit', {
      visitor,
      event: hit.event,
      path: hit.path,
      occurred_at: at.toISOString(),
      referrer_host: hit.referrer_host,
      ...hit.utm,
    });
    if (error) console.error(`[${NAME}] nothing counted: ${describeDbError('funnel_hit', error)}`);
  }

  return endpoint<HitContext>(NAME, async (req, context) => {
    requireMethod(req, 'POST');
    try {
      await count(req, context);
    } catch (error) {
      // A body cut off or refused (413): not counted, and nothing to tell a beacon.
      if (!(error instanceof HttpError)) console.error(`[${NAME}] nothing counted: ${error instanceof Error ? error.message : String(error)}`);
    }
    return nothing();
  });
}

export default createHitHandler();
