/**
 * POST /api/password-reset `{ "email" }` (JSON, or the /forgot-password form posted before or
 * without JavaScript): sends a link to choose a new password to the account with that address,
 * through the outbox (docs/decisions/accounts.md). The answer is the same whether or not an
 * account has the address, and the message is sent after it (the platform's waitUntil), so
 * neither the words nor the time tell.
 *
 * Limits, each the same for every address so none reveals an account: the platform's per-client
 * limit (config), this instance's own (10 a minute per client address, 3 an hour per email
 * address), and the outbox's key: at most 3 reset messages an hour for an account, whatever the
 * instances.
 *
 * JSON answers: 202 { sent: true }; 400 (the spec's email messages); 429 (the limit's words);
 * 503 (no email settings or no Firebase service account). A form post answers 303 to
 * /forgot-password/#<outcome> (sent, email-required, email-invalid, too-many, unavailable).
 */
import type { Context } from '@netlify/functions';
import { AuthAdminError, describeAdminError, firebaseUserAdmin } from '../../../../netlify/functions/_shared/auth';
import { HttpError, json, parseJsonObject, readText, requireMethod } from '../../../../netlify/functions/_shared/http';
import { endpoint } from '../../../../netlify/functions/_shared/log';
import { supabaseAdmin } from '../../../../netlify/functions/_shared/supabase';
import type { Outbox } from '../../../../netlify/functions/_shared/email/outbox';
import { emailSettings } from '../../../../netlify/functions/_shared/email/settings';
import { createRateLimiter } from '../../../core/rate-limit';
import { plainAddress, validateEmail, VALIDATION_MESSAGES } from '../auth-validation';
import { LINKS_PER_HOUR } from '../account-links';
import { RESET_OUTCOMES, RESET_PAGE, type ResetOutcome } from '../password-reset';

const NAME = 'password-reset';
const MAX_BODY = 2048;

/** This instance's limits (the platform's per-client limit stands before them). */
export const PER_CLIENT = { limit: 10, windowMs: 60_000 };
export const PER_ADDRESS = { limit: LINKS_PER_HOUR, windowMs: 3_600_000 };

interface ResetContext {
  ip?: string;
  waitUntil?: (promise: Promise<unknown>) => void;
}

/** The address the request asks for, as typed. */
async function typedEmail(req: Request): Promise<{ email: string; form: boolean }> {
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  const text = await readText(req, MAX_BODY);
  if (type.startsWith('application/x-www-form-urlencoded')) return { email: new URLSearchParams(text).get('email') ?? '', form: true };
  const value = parseJsonObject(text)['email'];
  return { email: typeof value === 'string' ? value : '', form: false };
}

/** Sends the reset to the account with `email`, if there is one; logs (never the address) what fails. */
async function sendReset(outbox: Outbox, email: string): Promise<void> {
  let memberId: string;
  try {
    memberId = (await firebaseUserAdmin().getUserByEmail(email)).uid;
  } catch (error) {
    if (!(error instanceof AuthAdminError && error.code === 'auth/user-not-found')) console.error(`[${NAME}] accounts:lookup: ${describeAdminError(error)}`);
    return;
  }
  try {
    await outbox.queueEmailLimited(supabaseAdmin(), 'password_reset', { member: memberId, prefix: 'reset', perHour: LINKS_PER_HOUR });
  } catch (error) {
    console.error(`[${NAME}] the reset could not be queued: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The handler, sending through `options.outbox` (the site's, given by the entry). */
export function createHandler(options: { outbox: Outbox; now?: () => number }) {
  const perClient = createRateLimiter({ ...PER_CLIENT, ...(options.now ? { now: options.now } : {}) });
  const perAddress = createRateLimiter({ ...PER_ADDRESS, ...(options.now ? { now: options.now } : {}) });

  async function reset(req: Request, context: ResetContext | undefined): Promise<ResetOutcome> {
    const { email: typed } = await typedEmail(req);
    if (!perClient.take(context?.ip || req.headers.get('x-nf-client-connection-ip') || 'unknown')) return 'too-many';
    const problem = validateEmail(typed);
    if (problem) return problem === VALIDATION_MESSAGES.emailRequired ? 'email-required' : 'email-invalid';
    const email = plainAddress(typed);
    if (!email) return 'email-invalid';
    if (!emailSettings()) return 'unavailable';
    firebaseUserAdmin();
    supabaseAdmin();
    if (!perAddress.take(email)) return 'too-many';
    const work = sendReset(options.outbox, email);
    if (context?.waitUntil) context.waitUntil(work);
    else await work;
    return 'sent';
  }

  return endpoint<ResetContext>(NAME, async (req, context) => {
    requireMethod(req, 'POST');
    const form = (req.headers.get('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');
    let outcome: ResetOutcome;
    try {
      outcome = await reset(req, context);
    } catch (error) {
      if (!form || !(error instanceof HttpError) || error.status < 500) throw error;
      outcome = 'unavailable';
    }
    if (form) return new Response(null, { status: 303, headers: { Location: `${RESET_PAGE}#${outcome}`, 'Cache-Control': 'no-store' } });
    const { status, message } = RESET_OUTCOMES[outcome];
    return status === 202 ? json({ sent: true, message }, 202) : json({ error: message }, status);
  });
}

/** The handler as Netlify calls it (the client's address and `waitUntil` from its context). */
export function resetHandler(outbox: Outbox) {
  const handler = createHandler({ outbox });
  return (req: Request, context: Context) => handler(req, { ip: context?.ip, waitUntil: context?.waitUntil?.bind(context) });
}
