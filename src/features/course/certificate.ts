/**
 * The course certificate's words and rules, pure (issue 45): which course it names, the name a
 * member may put on it, what a refused claim says, the public page's address and LinkedIn's "Add
 * to profile" link with its fields. Used by the claim function and the public page
 * (./server/certificate/), the claim dialog (./CertificateClaim.tsx) and the email.
 */
/** The course's id in the database (certificates.course, private.course_lessons.course). */
export const COURSE_ID = 'master-alchemist-course';
/** The course as a certificate names it. */
export const COURSE_NAME = 'Master Alchemist Course';
/**
 * Who issues it (LinkedIn's organizationName): the brand (core/config/site.ts's BRAND, which a unit
 * test holds it to), written out so the claim dialog does not split the site's config into a chunk
 * of its own on the dashboard.
 */
export const ISSUER = 'Inner Alchemy';
/** The longest name a certificate carries (certificates_name_check). */
export const NAME_MAX = 100;
/** The zone a certificate's dates are told in: the business's (coaching's too). */
export const CERTIFICATE_TIME_ZONE = 'Europe/Berlin';

export const CERTIFICATE_MESSAGES = {
  nameBlank: 'Please enter the name you would like on your certificate.',
  nameTooLong: `Your certificate holds a name of up to ${NAME_MAX} characters. Please shorten it.`,
  notOwned: `Your certificate comes with the ${COURSE_NAME}, and your account does not include the course just now.`,
  badBody: 'Please send the name for your certificate as { "name": "..." }.',
} as const;

/** The public page of a certificate. */
export const verifyPath = (code: string): string => `/verify/${code}`;
/** The certificate's PDF (netlify/functions/certificate-pdf.mts), for the member and anyone who checks it. */
export const pdfPath = (code: string): string => `/api/certificate/${code}.pdf`;

/** A certificate's code: 32 lowercase hex digits (certificates_code_check). */
export const CODE = /^[0-9a-f]{32}$/;

/** Why a chosen name cannot go on a certificate, or null. White space of any kind is not a name. */
export function nameProblem(name: string): string | null {
  if (name.trim() === '') return CERTIFICATE_MESSAGES.nameBlank;
  if ([...name].length > NAME_MAX) return CERTIFICATE_MESSAGES.nameTooLong;
  return null;
}

/** "A", "A and B", "A, B and C". */
function listOf(items: readonly string[]): string {
  const quoted = items.map((t) => `“${t}”`);
  return quoted.length <= 1 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

/** What a member with lessons still to do reads (in course order). */
export function lessonsToDoMessage(titles: readonly string[]): string {
  if (titles.length === 1) return `You are one lesson away from your certificate. Still to do: ${listOf(titles)}.`;
  return `You are ${titles.length} lessons away from your certificate. Still to do: ${listOf(titles)}.`;
}

/** The day of an instant in the certificate's zone, e.g. "29 November 2026". */
export function certificateDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: CERTIFICATE_TIME_ZONE }).format(new Date(iso));
}

/** What the member's certificate answer carries (POST /api/certificate). */
export interface IssuedCertificate {
  code: string;
  name: string;
  course: string;
  completed_at: string;
  issued_at: string;
  revoked_at: string | null;
}

/** LinkedIn's "Add to profile" fields for a certification, every one filled. */
export interface LinkedInFields {
  name: string;
  organizationName: string;
  issueYear: string;
  issueMonth: string;
  certUrl: string;
  certId: string;
}

export function linkedInFields(certificate: Pick<IssuedCertificate, 'code' | 'issued_at'>, site: string): LinkedInFields {
  const parts = new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: 'numeric', timeZone: CERTIFICATE_TIME_ZONE }).formatToParts(new Date(certificate.issued_at));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return {
    name: COURSE_NAME,
    organizationName: ISSUER,
    issueYear: part('year'),
    issueMonth: String(Number(part('month'))),
    certUrl: `${site.replace(/\/$/, '')}${verifyPath(certificate.code)}`,
    certId: certificate.code,
  };
}

/**
 * LinkedIn's documented Add to Profile link for a certification
 * (https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&name=...&organizationName=...
 * &issueYear=...&issueMonth=...&certUrl=...&certId=...). The same fields are shown as text beside
 * it, since the link's form has changed before.
 */
export function linkedInUrl(fields: LinkedInFields): string {
  return `https://www.linkedin.com/profile/add?${new URLSearchParams({ startTask: 'CERTIFICATION_NAME', ...fields }).toString()}`;
}
