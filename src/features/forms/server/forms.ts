/**
 * The future page's three forms (early access, an idea, a partnership request): the only way
 * they reach the database. `POST /api/forms/{early-access|idea|partnership}` stores a visitor's
 * form with the service role, after, in this order,
 *   1. the per-address limit (every post counts, valid or not),
 *   2. the bot checks: the honeypot field filled in, or a time-to-submit under a second,
 *   3. the form's validation (src/features/forms/validation.ts, the same rules as the islands),
 *   4. the per-email limit (per form).
 * A JSON post (the islands' fetch) gets JSON: 201 `{ ok: true }`, or `{ error, code, field }`
 * with 400 (bad input, a bot), 409 (the early-access email is already listed), 429 (a limit),
 * 502 (the database failed) or 503 (not configured). A plain HTML form post (JavaScript off, or
 * before the island hydrated) gets a 303 back to /future with the outcome in the fragment,
 * which the page shows with CSS alone. `GET ?check` is the read-only health answer.
 *
 * The handler is built with its clock (`createFormsHandler`), so the flood test can move time.
 * The platform's rate limit below (per address and domain) holds across instances; the
 * function keeps its own per-address and per-email limits too (src/features/forms/submission.ts:
 * IP_LIMIT, EMAIL_LIMIT). Netlify reads this config statically: its numbers are literals, and a
 * test keeps them equal to IP_LIMIT.
 */
import type { Context } from '@netlify/functions';
import { createRateLimiter } from '../../../core/rate-limit';
import {
  botSignal,
  checkSubmission,
  EMAIL_LIMIT,
  FORMS_ENDPOINT,
  IP_LIMIT,
  isFormKind,
  outcomeLocation,
  outcomeMessage,
  TABLES,
  type FormKind,
  type OutcomeCode,
} from '../submission';
import { DB_CODES } from '../../../core/db/result';
import { databaseHealth, isHealthCheck } from '../../../../netlify/functions/_shared/health';
import { errorResponse, HttpError, json, parseJsonObject, readText } from '../../../../netlify/functions/_shared/http';
import { requireSameSite } from '../../../../netlify/functions/_shared/origin';
import { describeDbError, supabaseAdmin } from '../../../../netlify/functions/_shared/supabase';

export const NAME = 'forms';

export interface FormsContext {
  /** The client's address (Netlify's `context.ip`). */
  ip?: string;
}

type Mode = 'json' | 'html';

interface Answer {
  status: number;
  code: OutcomeCode;
  field?: string | null;
  /** One log line: warn for 4xx, error for 5xx; none for a success. */
  log?: string;
}

function modeOf(req: Request): Mode {
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  return type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data') ? 'html' : 'json';
}

/**
 * Largest post read: a 5000-character idea in a non-Latin script is up to 20 KB of UTF-8, and
 * three times that once form-encoded (%XX a byte).
 */
export const MAX_FORM_BYTES = 64 * 1024;

async function readFields(req: Request, mode: Mode): Promise<Record<string, unknown>> {
  const body = await readText(req, MAX_FORM_BYTES);
  if (mode === 'html') {
    const form = await new Request('http://forms.local/', { method: 'POST', body, headers: { 'content-type': req.headers.get('content-type') ?? '' } })
      .formData()
      .catch(() => {
        throw new HttpError(400, 'Request body must be a form.');
      });
    const fields: Record<string, unknown> = {};
    for (const [name, value] of form) if (typeof value === 'string') fields[name] = value;
    return fields;
  }
  return parseJsonObject(body);
}

function clientAddress(req: Request, context?: FormsContext): string {
  return context?.ip || req.headers.get('x-nf-client-connection-ip') || 'unknown';
}

export function createFormsHandler({ now = Date.now }: { now?: () => number } = {}) {
  const byAddress = createRateLimiter({ ...IP_LIMIT, now });
  const byEmail = createRateLimiter({ ...EMAIL_LIMIT, now });

  async function submit(kind: FormKind, fields: Record<string, unknown>, address: string): Promise<Answer> {
    if (!byAddress.take(address)) return { status: 429, code: 'limited', log: `429 ${kind}: address over ${IP_LIMIT.limit} a minute` };
    const bot = botSignal(fields);
    if (bot) return { status: 400, code: 'failed', log: `400 ${kind}: refused (${bot})` };
    const checked = checkSubmission(kind, fields);
    if (!checked.ok) return { status: checked.status, code: checked.code, field: checked.field, log: `400 ${kind}: ${outcomeMessage(kind, checked.code)}` };
    if (!byEmail.take(`${kind}|${checked.email}`)) return { status: 429, code: 'limited', log: `429 ${kind}: email over ${EMAIL_LIMIT.limit} in ${EMAIL_LIMIT.windowMs / 60_000} minutes` };
    let db;
    try {
      db = supabaseAdmin();
    } catch (error) {
      return { status: 503, code: 'failed', log: `503 ${error instanceof Error ? error.message : String(error)}` };
    }
    const { error } = await db.from(TABLES[kind]).insert(checked.row);
    if (!error) return { status: 201, code: 'thanks' };
    if (error.code === DB_CODES.duplicate && kind === 'early-access') return { status: 409, code: 'duplicate', log: `409 ${kind}: already listed` };
    return { status: 502, code: 'failed', log: `502 ${describeDbError(`${TABLES[kind]} insert`, error)}` };
  }

  return async function forms(req: Request, context?: FormsContext): Promise<Response> {
    const path = new URL(req.url).pathname.replace(/\/+$/, '');
    const kind = path.startsWith(`${FORMS_ENDPOINT}/`) ? path.slice(FORMS_ENDPOINT.length + 1) : '';
    try {
      if (isHealthCheck(req)) return databaseHealth();
      if (req.method !== 'POST') throw new HttpError(405, `Method ${req.method} is not allowed; use POST.`);
      if (!isFormKind(kind)) throw new HttpError(404, 'There is no such form.');
      requireSameSite(req);
      const mode = modeOf(req);
      const fields = await readFields(req, mode);
      const answer = await submit(kind, fields, clientAddress(req, context));
      if (answer.log) (answer.status >= 500 ? console.error : console.warn)(`[${NAME}] ${answer.log}`);
      if (mode === 'html') {
        return new Response(null, { status: 303, headers: { Location: outcomeLocation(kind, answer.code), 'Cache-Control': 'no-store' } });
      }
      if (answer.status < 300) return json({ ok: true }, answer.status);
      return json({ error: outcomeMessage(kind, answer.code), code: answer.code, field: answer.field ?? null }, answer.status);
    } catch (error) {
      if (error instanceof HttpError) {
        console.warn(`[${NAME}] ${error.status} ${req.method} ${path}: ${error.message}`);
        return errorResponse(error.status, error.message, error.status === 405 ? { Allow: 'POST' } : {});
      }
      console.error(`[${NAME}] 500 ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
      if (isFormKind(kind) && modeOf(req) === 'html') {
        return new Response(null, { status: 303, headers: { Location: outcomeLocation(kind, 'failed'), 'Cache-Control': 'no-store' } });
      }
      return errorResponse(500, 'Something went wrong. Please try again.');
    }
  };
}

const handler = createFormsHandler();

export default (req: Request, context: Context) => handler(req, { ip: context?.ip });
