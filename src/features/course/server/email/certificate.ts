/**
 * The course's message for the outbox: `certificate_issued`, queued by the claim
 * (../certificate/claim.ts) with the certificate's code as its ref, so a claim repeated queues
 * nothing new. It goes to the member's verified address only (none without one), and only while
 * the certificate is valid when it is sent (revoked or deleted since: skipped). It carries the
 * public page's link, never the code alone.
 */
import { BRAND } from '../../../../core/config/site';
import { certificateDate, COURSE_NAME, verifyPath } from '../../certificate';
import { Upstream } from '../../../../../netlify/functions/_shared/log';
import { describeDbError } from '../../../../../netlify/functions/_shared/supabase';
import { greeting, SIGNOFF_NAME, type Recipient } from '../../../../../netlify/functions/_shared/email/messages';
import type { MessageContent } from '../../../../../netlify/functions/_shared/email/render';
import type { Preparers } from '../../../../../netlify/functions/_shared/email/outbox';
import { NO_ADDRESS, type Preparer } from '../../../../../netlify/functions/_shared/email/prepared';
import { verifiedAddress } from '../../../../../netlify/functions/_shared/email/recipients';

export const CERTIFICATE_SKIP = { notValid: 'the certificate is no longer valid' } as const;

export function certificateMessage(recipient: Recipient, certificate: { name: string; completed_at: string }, link: string): MessageContent {
  return {
    subject: `Your ${COURSE_NAME} certificate`,
    preheader: 'Your certificate is ready to share, with its own page anyone can check.',
    greeting: greeting(recipient),
    blocks: [
      { kind: 'paragraph', parts: [`Congratulations: you completed every lesson of the ${COURSE_NAME}. Your certificate is ready, in the name of ${certificate.name}.`] },
      { kind: 'facts', rows: [['Course', COURSE_NAME], ['Completed', certificateDate(certificate.completed_at)], ['Issued by', BRAND]] },
      { kind: 'button', text: 'See your certificate', href: link },
      { kind: 'paragraph', parts: ['Its page shows that it is valid to anyone you share it with. From your dashboard you can add it to your LinkedIn profile.'] },
    ],
    signoff: ['With warmth,', SIGNOFF_NAME],
  };
}

export const prepareCertificateIssued: Preparer = async (db, row) => {
  const address = await verifiedAddress(db, row.user_id);
  if (!address) return { skip: NO_ADDRESS };
  const { data, error } = await db.rpc('certificate_by_code', { code: row.ref });
  if (error) throw new Upstream('The message could not be prepared.', describeDbError('certificate_by_code', error));
  const found = data as { status: string; name?: string; completed_at?: string } | null;
  if (found?.status !== 'valid' || !found.name || !found.completed_at) return { skip: CERTIFICATE_SKIP.notValid };
  return { to: address.email, composed: { content: certificateMessage(address.recipient, { name: found.name, completed_at: found.completed_at }, verifyPath(row.ref)) } };
};

/** The course's kinds of message (netlify/functions/_registry/emails.ts combines every feature's). */
export const COURSE_EMAILS = {
  certificate_issued: prepareCertificateIssued,
} satisfies Partial<Preparers>;
