/**
 * POST /api/certificate with `Authorization: Bearer <Firebase ID token>` and `{ "name": "..." }`
 * (name optional: the profile's name then): the member's certificate of the Master Alchemist
 * Course. The database decides (public.claim_certificate, one statement): the course must be the
 * member's now (the content gate's rule) and every lesson complete by the server's rows; one
 * certificate per member and course whatever the number of claims at once; a certificate already
 * issued is answered as it is (its name stays the one first chosen).
 *
 * Answers 201 { certificate, created: true } when issued now, 200 { certificate, created: false }
 * when it was already; `private, no-store`. Refusals, in the member's words: 400 (a name of white
 * space only or over 100 characters, a body that is not one), 401 (no or bad token, an ended
 * session), 403 (another site's request; the course not the member's; lessons still to do, listed
 * in `lessons`), 405, 429 (the member's limit), 502/503. The email with the certificate's link is
 * queued through the outbox (to a verified address only), once per certificate.
 */
import { verifyIdToken } from '../../../../../netlify/functions/_shared/auth';
import { bearerToken, HttpError, json, parseJsonObject, readText, requireMethod } from '../../../../../netlify/functions/_shared/http';
import { Upstream } from '../../../../../netlify/functions/_shared/log';
import { limitMember } from '../../../../../netlify/functions/_shared/member-limit';
import { requireSameSite } from '../../../../../netlify/functions/_shared/origin';
import { describeDbError, supabaseAdmin } from '../../../../../netlify/functions/_shared/supabase';
import type { Outbox } from '../../../../../netlify/functions/_shared/email/outbox';
import { CERTIFICATE_MESSAGES, COURSE_ID, lessonsToDoMessage, nameProblem, type IssuedCertificate } from '../../certificate';

const NAME = 'certificate';
const NO_STORE = { 'Cache-Control': 'private, no-store' };

type Claimed =
  | { status: 'issued' | 'existing'; certificate: IssuedCertificate }
  | { status: 'incomplete'; to_do: string[] }
  | { status: 'not_owned' | 'no_name' | 'unknown_course' };

/** The name the member chose, or null (none given: the profile's). 400 for anything else. */
async function chosenName(req: Request): Promise<string | null> {
  const text = await readText(req);
  const name = text.trim() === '' ? undefined : parseJsonObject(text)['name'];
  if (name === undefined || name === null) return null;
  if (typeof name !== 'string') throw new HttpError(400, CERTIFICATE_MESSAGES.badBody);
  const problem = nameProblem(name);
  if (problem) throw new HttpError(400, problem);
  return name;
}

/** The function's answer to `req` (netlify/functions/certificate.mts). */
export async function claimCertificate(req: Request, outbox: Outbox): Promise<Response> {
  requireMethod(req, 'POST');
  requireSameSite(req);
  const user = await verifyIdToken(bearerToken(req));
  const name = await chosenName(req);
  const db = supabaseAdmin();
  await limitMember(db, user.uid, NAME, { most: 20, windowSeconds: 600 });

  const { data, error } = await db.rpc('claim_certificate', { member: user.uid, course: COURSE_ID, name });
  if (error) throw new Upstream('Your certificate could not be issued just now. Please try again in a moment.', describeDbError('claim_certificate', error));
  const claimed = data as unknown as Claimed;
  switch (claimed.status) {
    case 'incomplete':
      return json({ error: lessonsToDoMessage(claimed.to_do), lessons: claimed.to_do }, 403, NO_STORE);
    case 'not_owned':
    case 'unknown_course':
      return json({ error: CERTIFICATE_MESSAGES.notOwned }, 403, NO_STORE);
    case 'no_name':
      return json({ error: CERTIFICATE_MESSAGES.nameBlank }, 400, NO_STORE);
  }
  // Queued for a certificate issued now or before (a claim whose first queueing failed queues it
  // again); the key (kind, member, code) sends it once.
  await outbox.queueEmail(db, 'certificate_issued', { member: user.uid, ref: claimed.certificate.code });
  const created = claimed.status === 'issued';
  return json({ certificate: claimed.certificate, created }, created ? 201 : 200, NO_STORE);
}
