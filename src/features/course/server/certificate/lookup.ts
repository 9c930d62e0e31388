/**
 * A certificate by its public code, for the credential, the PDF and the share card: the row
 * (service role; public.certificates has no grant for anyone else), refused as the answers of
 * those three doors say (docs/decisions/certificates.md):
 * - a code that is not 32 lowercase hex digits, or no such row (a deleted account's rows are
 *   deleted with it): 404 "Certificate not found.";
 * - the member's account deleted while the row is still there (the deletion in progress): 410
 *   "This certificate is no longer available.";
 * - revoked (refund or lost dispute): 410 "This certificate has been revoked." (no reason given).
 */
import { HttpError } from '../../../../../netlify/functions/_shared/http';
import { Upstream } from '../../../../../netlify/functions/_shared/log';
import { isDeletedMember } from '../../../../../netlify/functions/_shared/deleted-members';
import { describeDbError, type AdminDb } from '../../../../../netlify/functions/_shared/supabase';
import { CERTIFICATE_CODE, CERTIFIED_COURSES, type CertificateRecord } from '../../certificate/credential';

export const NOT_FOUND_MESSAGE = 'Certificate not found.';
export const REVOKED_MESSAGE = 'This certificate has been revoked.';
export const GONE_MESSAGE = 'This certificate is no longer available.';

/**
 * The code in a path such as /api/certificate/<code>, /api/certificate/<code>.pdf or
 * /api/certificate/<code>/card.png (`suffix` is what follows the code); '' when the path is not one.
 */
export function codeFromPath(url: string, suffix: '' | '.pdf' | '/card.png'): string {
  const path = new URL(url).pathname.replace(/\/+$/, '');
  const prefix = '/api/certificate/';
  if (!path.startsWith(prefix) || !path.endsWith(suffix)) return '';
  return path.slice(prefix.length, path.length - suffix.length);
}

/** The certificate of `code`, valid and shown; throws the refusals above. */
export async function findCertificate(db: AdminDb, code: string): Promise<CertificateRecord> {
  if (!CERTIFICATE_CODE.test(code)) throw new HttpError(404, NOT_FOUND_MESSAGE);
  const { data, error } = await db
    .from('certificates')
    .select('code, member_id, course, name, completed_at, issued_at, revoked_at')
    .eq('code', code)
    .maybeSingle<{ code: string; member_id: string; course: string; name: string; completed_at: string; issued_at: string; revoked_at: string | null }>();
  if (error) throw new Upstream('The certificate could not be read. Please try again.', describeDbError('certificates select', error));
  if (!data || !CERTIFIED_COURSES[data.course]) throw new HttpError(404, NOT_FOUND_MESSAGE);
  if (await isDeletedMember(db, data.member_id).catch((e: unknown) => {
    throw new Upstream('The certificate could not be read. Please try again.', e instanceof Error ? e.message : String(e));
  })) {
    throw new HttpError(410, GONE_MESSAGE);
  }
  if (data.revoked_at) throw new HttpError(410, REVOKED_MESSAGE);
  return { code: data.code, course: data.course, name: data.name, completedAt: data.completed_at, issuedAt: data.issued_at, revokedAt: data.revoked_at };
}
