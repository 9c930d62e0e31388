/**
 * POST /api/newsletter-signup with { email }: the address is trimmed, lower-cased, checked and
 * stored in monthly_newsletter with the service role. Signing up twice is not an error (the
 * answer is the same, so it does not reveal who is on the list). 400 for a missing or invalid
 * address, 502 when the database fails, 503 when it is not configured. `GET ?check` is its
 * read-only health answer (what /debug calls; it stores nothing).
 */
import { HttpError, json, parseJsonObject, readText, requireMethod } from '../../../../netlify/functions/_shared/http';
import { describeDbError, supabaseAdmin } from '../../../../netlify/functions/_shared/supabase';
import { databaseHealth, isHealthCheck } from '../../../../netlify/functions/_shared/health';
import { endpoint, upstreamFailure } from '../../../../netlify/functions/_shared/log';
import { DB_CODES } from '../../../core/db/result';

const NAME = 'newsletter-signup';
/** Something, an @, something, a dot, something; no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function emailFrom(body: Record<string, unknown>): string {
  const value = body.email;
  if (value !== undefined && value !== null && typeof value !== 'string') throw new HttpError(400, 'Please enter a valid email address');
  const email = (value ?? '').trim().toLowerCase();
  if (!email) throw new HttpError(400, 'Please enter your email address');
  if (email.length > 254 || !EMAIL.test(email)) throw new HttpError(400, 'Please enter a valid email address');
  return email;
}

export default endpoint(NAME, async (req) => {
  if (isHealthCheck(req)) return databaseHealth();
  requireMethod(req, 'POST');
  const email = emailFrom(parseJsonObject(await readText(req)));
  const { error } = await supabaseAdmin().from('monthly_newsletter').insert({ email });
  if (error && error.code !== DB_CODES.duplicate) {
    return upstreamFailure(NAME, 502, 'Something went wrong. Please try again.', describeDbError('monthly_newsletter insert', error));
  }
  return json({ subscribed: true });
});
